// EXPECT-ERROR: 4:8: custom op 'vector.outerproduct' expected at least 2 operands
// at least lhs and rhs
func.func @f(%a: vector<4xf32>) {
  %0 = vector.outerproduct %a : vector<4xf32>, f32
  return
}
