// EXPECT-ERROR: 4:8: 'vector.extract_strided_slice' op expected result type to be 'vector<2x3xf32>'
// the result type is not the slice's shape
func.func @f(%a: vector<4x8xf32>) {
  %0 = vector.extract_strided_slice %a {offsets = [1, 1], sizes = [2, 3], strides = [1, 1]} : vector<4x8xf32> to vector<3x2xf32>
  return
}
