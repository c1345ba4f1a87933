// EXPECT-ERROR: 5:3: unexpected character
// lexer: a stray control byte (0x01) in an op body
func.func @f() {
  %c = arith.constant 1 : i32
  
  return
}
