// EXPECT-ERROR: 4:8: 'vector.transpose' op transposition length mismatch: 1
// the permutation is shorter than the rank
func.func @f(%a: vector<4x8xf32>) {
  %0 = vector.transpose %a, [1] : vector<4x8xf32> to vector<8x4xf32>
  return
}
