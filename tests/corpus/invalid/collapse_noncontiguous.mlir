// EXPECT-ERROR: 4:8: 'memref.collapse_shape' op invalid source layout map or collapsing non-contiguous dims
// memref.collapse_shape of non-contiguous strided dims
func.func @f(%A: memref<4x5xf32, strided<[10, 1]>>) {
  %0 = memref.collapse_shape %A [[0, 1]] : memref<4x5xf32, strided<[10, 1]>> into memref<20xf32>
  return
}
