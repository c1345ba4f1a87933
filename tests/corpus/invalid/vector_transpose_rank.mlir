// EXPECT-ERROR: 4:8: 'vector.transpose' op vector result rank mismatch: 1
// the result has another rank
func.func @f(%a: vector<4x8xf32>) {
  %0 = vector.transpose %a, [1, 0] : vector<4x8xf32> to vector<32xf32>
  return
}
