// EXPECT-ERROR: 4:3: type of return operand 0 ('i32') doesn't match function result type ('f32') in function @f
// func.return of an i32 in a function returning f32
func.func @f(%a: i32) -> f32 {
  return %a : i32
}
