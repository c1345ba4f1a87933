// EXPECT-ERROR: 4:8: 'vector.extract_strided_slice' op expected offsets attribute of rank no greater than vector rank
// more offsets than the vector has dims
func.func @f(%a: vector<4x8xf32>) {
  %0 = vector.extract_strided_slice %a {offsets = [1, 1, 1], sizes = [2, 3, 1], strides = [1, 1, 1]} : vector<4x8xf32> to vector<2x3xf32>
  return
}
