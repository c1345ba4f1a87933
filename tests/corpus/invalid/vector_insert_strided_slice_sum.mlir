// EXPECT-ERROR: 4:8: 'vector.insert_strided_slice' op expected sum(offsets, source vector shape) dimension 1 to be confined to [1, 9)
// the source runs past the end of the destination
func.func @f(%a: vector<4xf32>, %b: vector<4x8xf32>) {
  %0 = vector.insert_strided_slice %a, %b {offsets = [1, 5], strides = [1]} : vector<4xf32> into vector<4x8xf32>
  return
}
