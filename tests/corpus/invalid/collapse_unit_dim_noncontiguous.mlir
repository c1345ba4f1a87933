// EXPECT-ERROR: 5:8: 'memref.collapse_shape' op invalid source layout map or collapsing non-contiguous dims
// memref.collapse_shape across a unit dim whose stride does not continue the
// next one: MLIR 19 does not exempt unit dims from the contiguity check
func.func @f(%A: memref<2x1x4xf32, strided<[4, 100, 1]>>) {
  %0 = memref.collapse_shape %A [[0, 1, 2]] : memref<2x1x4xf32, strided<[4, 100, 1]>> into memref<8xf32>
  return
}
