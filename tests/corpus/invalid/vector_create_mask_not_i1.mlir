// EXPECT-ERROR: 4:8: 'vector.create_mask' op result #0 must be vector of 1-bit signless integer values, but got 'vector<4xi8>'
// the result must be a vector of i1
func.func @f(%i: index) {
  %0 = vector.create_mask %i : vector<4xi8>
  return
}
