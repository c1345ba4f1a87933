// EXPECT-ERROR: 4:3: 'affine.store' op affine map num results must equal memref rank
// affine.store with three subscripts on a rank-2 memref
func.func @f(%A: memref<4x4xf32>, %v: f32, %i: index) {
  affine.store %v, %A[%i, %i, %i] : memref<4x4xf32>
  return
}
