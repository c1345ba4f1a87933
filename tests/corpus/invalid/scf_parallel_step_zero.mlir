// EXPECT-ERROR: 5:3: 'scf.parallel' op constant step operand must be positive
// scf.parallel with a zero constant step
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c0) {
  }
  return
}
