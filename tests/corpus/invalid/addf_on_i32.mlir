// EXPECT-ERROR: 4:8: 'arith.addf' op operand #0 must be floating-point-like, but got 'i32'
// arith.addf applied to integers
func.func @f(%a: i32) {
  %0 = arith.addf %a, %a : i32
  return
}
