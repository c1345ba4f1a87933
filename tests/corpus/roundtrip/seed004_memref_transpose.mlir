// Seed 004 memref.transpose: (i, j) -> (j, i); result layout written as strided<>.
func.func @transpose(%0: memref<?x?xf32>) {
  %1 = memref.transpose %0 (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
  return
}
