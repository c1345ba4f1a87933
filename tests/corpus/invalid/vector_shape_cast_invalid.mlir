// EXPECT-ERROR: 4:8: 'vector.shape_cast' op invalid shape cast
// 4x6 is not a product of contiguous dims of 3x4x2
func.func @f(%a: vector<4x6xf32>) {
  %0 = vector.shape_cast %a : vector<4x6xf32> to vector<3x4x2xf32>
  return
}
