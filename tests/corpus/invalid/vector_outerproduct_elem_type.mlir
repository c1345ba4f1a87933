// EXPECT-ERROR: 4:8: 'vector.outerproduct' op failed to verify that rhs operand and result have same element type
// lhs and rhs element types differ
func.func @f(%a: vector<4xf32>, %b: vector<8xi32>) {
  %0 = vector.outerproduct %a, %b : vector<4xf32>, vector<8xi32>
  return
}
