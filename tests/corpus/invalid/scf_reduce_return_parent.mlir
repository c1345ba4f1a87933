// EXPECT-ERROR: 6:5: 'scf.reduce.return' op expects parent op 'scf.reduce'
// scf.reduce.return outside scf.reduce
func.func @f(%c: i1) {
  %f = arith.constant 1.0 : f32
  scf.execute_region {
    scf.reduce.return %f : f32
  }
  return
}
