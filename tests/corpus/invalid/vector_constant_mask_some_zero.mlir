// EXPECT-ERROR: 4:8: 'vector.constant_mask' op expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim
// a zero size in one dim only
func.func @f() {
  %0 = vector.constant_mask [0, 2] : vector<4x4xi1>
  return
}
