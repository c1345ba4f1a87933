// EXPECT-ERROR: 4:8: 'vector.insert_strided_slice' op expected offsets of same size as destination vector rank
// offsets must cover every destination dim
func.func @f(%a: vector<4xf32>, %b: vector<4x8xf32>) {
  %0 = vector.insert_strided_slice %a, %b {offsets = [1], strides = [1]} : vector<4xf32> into vector<4x8xf32>
  return
}
