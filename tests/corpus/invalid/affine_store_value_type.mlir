// EXPECT-ERROR: 4:16: use of value '%v' expects different type than prior uses: 'f32' vs 'i32'
// affine.store of an i32 value into an f32 memref
func.func @f(%A: memref<4xf32>, %v: i32) {
  affine.store %v, %A[0] : memref<4xf32>
  return
}
