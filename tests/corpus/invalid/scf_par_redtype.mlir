// EXPECT-ERROR: 9:5: 'scf.reduce' op expects type of 0-th reduction operand: 'i32' to be the same as the 0-th result type
// scf.reduce operand type differs from the result type
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %i = arith.constant 1 : i32
  %r = scf.parallel (%x) = (%c0) to (%n) step (%c1) init (%f) -> f32 {
    scf.reduce(%i : i32) {
    ^bb0(%a: i32, %b: i32):
      scf.reduce.return %a : i32
    }
  }
  return
}
