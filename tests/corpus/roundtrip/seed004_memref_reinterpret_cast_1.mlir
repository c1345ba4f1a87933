// Seed 004 memref.reinterpret_cast of a ranked memref.
func.func @rc1(%ranked: memref<?x?xf32>, %size0: index, %stride1: index) {
  %0 = memref.reinterpret_cast %ranked to
    offset: [0],
    sizes: [%size0, 10],
    strides: [1, %stride1]
  : memref<?x?xf32> to memref<?x10xf32, strided<[1, ?], offset: 0>>
  return
}
