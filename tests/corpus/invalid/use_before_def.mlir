// EXPECT-ERROR: 4:8: operand #0 does not dominate this use
// an SSA value used before its definition in the same block
func.func @f() {
  %0 = arith.addi %1, %1 : i32
  %1 = arith.constant 2 : i32
  return
}
