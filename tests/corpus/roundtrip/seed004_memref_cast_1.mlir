// Seed 004 memref.cast: dynamic to static (runtime assertion) and static to dynamic.
func.func @cast1(%1: memref<?x?xf32>, %x: memref<4xf32>) {
  %2 = memref.cast %1 : memref<?x?xf32> to memref<4x4xf32>
  %3 = memref.cast %x : memref<4xf32> to memref<?xf32>
  return
}
