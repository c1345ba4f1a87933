// EXPECT-ERROR: 4:8: 'vector.constant_mask' op array attr of size out of bounds of vector result dimension size
// a size past its dim
func.func @f() {
  %0 = vector.constant_mask [2, 5] : vector<4x4xi1>
  return
}
