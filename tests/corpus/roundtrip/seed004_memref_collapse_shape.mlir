// Seed 004 memref.collapse_shape: (i, j) -> i' and k -> k' (stride_spec made concrete).
func.func @collapse(%0: memref<?x?x?xf32>, %s: memref<4x5x6xf32, strided<[30, 6, 1], offset: ?>>) {
  %1 = memref.collapse_shape %0 [[0, 1], [2]] :
    memref<?x?x?xf32> into memref<?x?xf32>
  %2 = memref.collapse_shape %s [[0, 1], [2]] :
    memref<4x5x6xf32, strided<[30, 6, 1], offset: ?>> into memref<20x6xf32, strided<[6, 1], offset: ?>>
  return
}
