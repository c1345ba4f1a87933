// EXPECT-ERROR: 4:8: 'vector.extract_strided_slice' op requires attribute 'sizes'
// the sizes attribute is missing
func.func @f(%a: vector<4x8xf32>) {
  %0 = vector.extract_strided_slice %a {offsets = [1], strides = [1]} : vector<4x8xf32> to vector<1x8xf32>
  return
}
