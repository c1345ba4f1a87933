// Seed 004 memref.expand_shape: i -> (i', j') and k -> k' (MLIR 19 needs output_shape).
func.func @expand(%0: memref<?x?xf32>, %a: index, %b: index, %c: index) {
  %1 = memref.expand_shape %0 [[0, 1], [2]] output_shape [%a, %b, %c] :
    memref<?x?xf32> into memref<?x?x?xf32>
  %s = memref.alloc() : memref<20x6xf32>
  %2 = memref.expand_shape %s [[0, 1], [2]] output_shape [4, 5, 6] :
    memref<20x6xf32> into memref<4x5x6xf32>
  return
}
