// EXPECT-ERROR: 4:8: 'affine.vector_load' op requires memref and vector types of the same elemental type
// affine.vector_load of vector<4xi32> from an f32 memref
func.func @f(%A: memref<16xf32>) {
  %v = affine.vector_load %A[0] : memref<16xf32>, vector<4xi32>
  return
}
