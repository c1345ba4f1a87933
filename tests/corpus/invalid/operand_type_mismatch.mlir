// EXPECT-ERROR: 4:23: use of value '%b' expects different type than prior uses: 'i32' vs 'i64'
// operand used with a type different from its definition
func.func @f(%a: i32, %b: i64) {
  %0 = arith.addi %a, %b : i32
  return
}
