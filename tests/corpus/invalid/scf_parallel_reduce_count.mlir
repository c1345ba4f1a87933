// EXPECT-ERROR: 7:8: 'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0
// scf.parallel with a result but no reduction
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%f) -> f32 {
    scf.reduce
  }
  return
}
