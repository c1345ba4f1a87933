// EXPECT-ERROR: 4:8: 'vector.shuffle' op dimension mismatch
// trailing dims of the operands differ
func.func @f(%a: vector<2x4xf32>, %b: vector<2x3xf32>) {
  %0 = vector.shuffle %a, %b [0, 1] : vector<2x4xf32>, vector<2x3xf32>
  return
}
