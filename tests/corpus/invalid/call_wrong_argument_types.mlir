// EXPECT-ERROR: 5:8: 'func.call' op operand type mismatch: expected operand type 'f32', but provided 'i32' for operand number 0
// func.call whose operand types differ from the callee signature
func.func private @g(f32) -> f32
func.func @f(%a: i32) {
  %0 = func.call @g(%a) : (i32) -> f32
  return
}
