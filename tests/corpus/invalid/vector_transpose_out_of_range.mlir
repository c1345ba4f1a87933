// EXPECT-ERROR: 4:8: 'vector.transpose' op transposition index out of range: 2
// a permutation index past the rank
func.func @f(%a: vector<4x8xf32>) {
  %0 = vector.transpose %a, [2, 0] : vector<4x8xf32> to vector<8x4xf32>
  return
}
