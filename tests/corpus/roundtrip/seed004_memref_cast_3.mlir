// Seed 004 memref.cast: to and from unranked memrefs.
func.func @cast3(%1: memref<*xf32>, %y: memref<4x?xf32>) {
  %4 = memref.cast %1 : memref<*xf32> to memref<4x?xf32>
  %5 = memref.cast %y : memref<4x?xf32> to memref<*xf32>
  return
}
