// EXPECT-ERROR: 4:8: 'vector.constant_mask' op result #0 must be vector of 1-bit signless integer values, but got 'vector<4xi32>'
// the result must be a vector of i1
func.func @f() {
  %0 = vector.constant_mask [2] : vector<4xi32>
  return
}
