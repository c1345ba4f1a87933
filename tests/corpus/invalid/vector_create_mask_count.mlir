// EXPECT-ERROR: 4:8: 'vector.create_mask' op must specify an operand for each result vector dimension
// one operand per result dim
func.func @f(%i: index) {
  %0 = vector.create_mask %i : vector<4x4xi1>
  return
}
