// EXPECT-ERROR: 4:24: expected ']' in affine map
// unbalanced brackets: affine.load subscript not closed
func.func @f(%A: memref<4xf32>) {
  %v = affine.load %A[0 : memref<4xf32>
  return
}
