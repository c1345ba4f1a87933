// EXPECT-ERROR: 4:8: 'vector.outerproduct' op expected 1-d vector for operand #1
// the lhs must be 1-D
func.func @f(%a: vector<4x2xf32>, %b: vector<8xf32>) {
  %0 = vector.outerproduct %a, %b : vector<4x2xf32>, vector<8xf32>
  return
}
