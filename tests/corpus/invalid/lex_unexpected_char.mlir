// EXPECT-ERROR: 4:31: unexpected character
// lexer: a character that starts no token
func.func @f() {
  %c = arith.constant 1 : i32 `
  return
}
