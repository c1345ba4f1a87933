// EXPECT-ERROR: 4:3: 'func.return' op has 0 operands, but enclosing function (@f) returns 1
// func.return with no operands in a function returning a value
func.func @f() -> f32 {
  return
}
