// EXPECT-ERROR: 4:8: 'vector.outerproduct' op expected 1-d vector for operand #2
// the rhs must be 1-D
func.func @f(%a: vector<4xf32>, %b: vector<8x2xf32>) {
  %0 = vector.outerproduct %a, %b : vector<4xf32>, vector<8x2xf32>
  return
}
