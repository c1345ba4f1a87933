// EXPECT-ERROR: 4:8: 'vector.extract_strided_slice' op expected sum(offsets, sizes) dimension 1 to be confined to [1, 9)
// the slice runs past the end of dimension 1
func.func @f(%a: vector<4x8xf32>) {
  %0 = vector.extract_strided_slice %a {offsets = [1, 6], sizes = [2, 3], strides = [1, 1]} : vector<4x8xf32> to vector<2x3xf32>
  return
}
