// EXPECT-ERROR: 4:8: 'vector.extract_strided_slice' op expected offsets, sizes and strides attributes of same size
// offsets, sizes and strides of different lengths
func.func @f(%a: vector<4x8xf32>) {
  %0 = vector.extract_strided_slice %a {offsets = [1], sizes = [2, 3], strides = [1, 1]} : vector<4x8xf32> to vector<2x3xf32>
  return
}
