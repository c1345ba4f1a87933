// EXPECT-ERROR: 4:8: 'vector.transpose' op dimension size mismatch at: 1
// the result shape is not the permuted shape
func.func @f(%a: vector<4x8xf32>) {
  %0 = vector.transpose %a, [1, 0] : vector<4x8xf32> to vector<4x8xf32>
  return
}
