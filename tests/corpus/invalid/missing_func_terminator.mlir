// EXPECT-ERROR: 4:8: block with no terminator
// function body block without a terminator
func.func @f() {
  %c = arith.constant 1 : i32
}
