// EXPECT-ERROR: 4:23: use of value '%i' expects different type than prior uses: 'index' vs 'i32'
// affine.load subscript of type i32 instead of index
func.func @f(%A: memref<4xf32>, %i: i32) {
  %0 = affine.load %A[%i] : memref<4xf32>
  return
}
