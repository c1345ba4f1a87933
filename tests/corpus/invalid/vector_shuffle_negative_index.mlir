// EXPECT-ERROR: 4:8: 'vector.shuffle' op mask index #1 out of range
// a negative mask index
func.func @f(%a: vector<4xf32>, %b: vector<2xf32>) {
  %0 = vector.shuffle %a, %b [-1] : vector<4xf32>, vector<2xf32>
  return
}
