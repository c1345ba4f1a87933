// EXPECT-ERROR: 4:8: 'vector.insert_strided_slice' op expected strides to be confined to [1, 2)
// strides other than 1 are rejected by MLIR 19
func.func @f(%a: vector<4xf32>, %b: vector<4x8xf32>) {
  %0 = vector.insert_strided_slice %a, %b {offsets = [1, 0], strides = [2]} : vector<4xf32> into vector<4x8xf32>
  return
}
