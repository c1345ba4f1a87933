// EXPECT-ERROR: 4:8: 'vector.shuffle' op mask index #2 out of range
// a mask index past both operands
func.func @f(%a: vector<4xf32>, %b: vector<2xf32>) {
  %0 = vector.shuffle %a, %b [0, 6] : vector<4xf32>, vector<2xf32>
  return
}
