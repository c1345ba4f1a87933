// EXPECT-ERROR: 4:8: 'vector.shuffle' op rank mismatch
// both operands must have the result's rank
func.func @f(%a: vector<4xf32>, %b: vector<2x4xf32>) {
  %0 = vector.shuffle %a, %b [0, 1] : vector<4xf32>, vector<2x4xf32>
  return
}
