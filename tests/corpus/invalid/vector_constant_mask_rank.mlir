// EXPECT-ERROR: 4:8: 'vector.constant_mask' op must specify array attr of size equal vector result rank
// one size per result dim
func.func @f() {
  %0 = vector.constant_mask [2] : vector<4x4xi1>
  return
}
