// EXPECT-ERROR: 5:9: expected operation name in quotes
// unbalanced brackets: function body never closed
func.func @f() {
  %c = arith.constant 1 : i32
  return
