// EXPECT-ERROR: 4:8: 'vector.extract_strided_slice' op expected offsets dimension 0 to be confined to [0, 4)
// an offset outside its dimension
func.func @f(%a: vector<4x8xf32>) {
  %0 = vector.extract_strided_slice %a {offsets = [4], sizes = [1], strides = [1]} : vector<4x8xf32> to vector<1x8xf32>
  return
}
