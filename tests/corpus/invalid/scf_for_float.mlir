// EXPECT-ERROR: 4:3: 'scf.for' op operand #0 must be signless integer or index, but got 'f32'
// scf.for with f32 bounds
func.func @f(%n: f32) {
  scf.for %i = %n to %n step %n : f32 {
  }
  return
}
