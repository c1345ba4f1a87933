// Seed 004 memref.reinterpret_cast of an unranked memref with all-dynamic operands.
func.func @rc2(%unranked: memref<*xf32>, %offset: index, %size0: index, %size1: index,
               %stride0: index, %stride1: index) {
  %0 = memref.reinterpret_cast %unranked to
    offset: [%offset],
    sizes: [%size0, %size1],
    strides: [%stride0, %stride1]
  : memref<*xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  return
}
