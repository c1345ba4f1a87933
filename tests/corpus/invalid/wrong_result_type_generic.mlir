// EXPECT-ERROR: 4:8: 'arith.addi' op requires the same type for all operands and results
// generic arith.addi whose result type differs from operand types
func.func @f(%a: i32) {
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i64
  return
}
