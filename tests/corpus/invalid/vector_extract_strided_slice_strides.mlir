// EXPECT-ERROR: 4:8: 'vector.extract_strided_slice' op expected strides to be confined to [1, 2)
// strides other than 1 are rejected by MLIR 19
func.func @f(%a: vector<4x8xf32>) {
  %0 = vector.extract_strided_slice %a {offsets = [0, 0], sizes = [2, 4], strides = [1, 2]} : vector<4x8xf32> to vector<2x4xf32>
  return
}
