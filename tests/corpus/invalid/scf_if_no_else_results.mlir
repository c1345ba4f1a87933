// EXPECT-ERROR: 5:8: 'scf.if' op must have an else block if defining values
// scf.if with results but no else region
func.func @f(%c: i1) {
  %f = arith.constant 1.0 : f32
  %r = scf.if %c -> (f32) {
    scf.yield %f : f32
  }
  return
}
