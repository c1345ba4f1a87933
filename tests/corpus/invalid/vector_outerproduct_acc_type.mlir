// EXPECT-ERROR: 4:36: use of value '%c' expects different type than prior uses: 'vector<4x8xf32>' vs 'vector<4x4xf32>'
// the accumulator does not have the result type
func.func @f(%a: vector<4xf32>, %b: vector<8xf32>, %c: vector<4x4xf32>) {
  %0 = vector.outerproduct %a, %b, %c : vector<4xf32>, vector<8xf32>
  return
}
