// EXPECT-ERROR: 4:8: 'vector.create_mask' op must specify exactly one operand for 0-D create_mask
// a 0-D mask takes one operand
func.func @f(%i: index) {
  %0 = vector.create_mask %i, %i : vector<i1>
  return
}
