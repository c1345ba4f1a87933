// EXPECT-ERROR: 5:10: 'func.call' op incorrect number of results for callee
// func.call expecting two results from a one-result callee
func.func private @g(f32) -> f32
func.func @f(%a: f32) {
  %0:2 = func.call @g(%a) : (f32) -> (f32, f32)
  return
}
