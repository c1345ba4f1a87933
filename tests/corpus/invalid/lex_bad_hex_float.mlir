// EXPECT-ERROR: 4:23: hexadecimal float constant out of range for type
// hexadecimal float literal with wrong bit width for f32
func.func @f() {
  %c = arith.constant 0x7FC0000000 : f32
  return
}
