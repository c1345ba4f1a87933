// EXPECT-ERROR: 4:8: 'affine.load' op affine map num results must equal memref rank
// affine.load with one subscript on a rank-2 memref
func.func @f(%A: memref<4x4xf32>, %i: index) {
  %0 = affine.load %A[%i] : memref<4x4xf32>
  return
}
