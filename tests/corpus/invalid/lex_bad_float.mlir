// EXPECT-ERROR: 4:27: expected three consecutive dots for an ellipsis
// lexer/parser: malformed number literal 1.2.3
func.func @f() {
  %c = arith.constant 1.2.3 : f32
  return
}
