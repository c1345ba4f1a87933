// EXPECT-ERROR: 4:8: 'vector.transpose' op duplicate position index: 1
// a dim used twice in the permutation
func.func @f(%a: vector<4x8xf32>) {
  %0 = vector.transpose %a, [1, 1] : vector<4x8xf32> to vector<8x4xf32>
  return
}
