// EXPECT-ERROR: 5:8: 'vector.transfer_read' op requires a permutation_map with input dims of the same rank as the source type
// vector.transfer_read with a permutation map over the wrong number of dims
func.func @f(%A: memref<4x4xf32>, %i: index) {
  %p = arith.constant 0.0 : f32
  %v = vector.transfer_read %A[%i, %i], %p {permutation_map = affine_map<(d0) -> (d0)>} : memref<4x4xf32>, vector<4xf32>
  return
}
