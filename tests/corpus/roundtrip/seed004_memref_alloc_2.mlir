// Seed 004 memref.alloc: %d bound to the dynamic second dimension.
func.func @alloc2(%d: index) -> memref<8x?xf32, 1> {
  %0 = memref.alloc(%d) : memref<8x?xf32, 1>
  return %0 : memref<8x?xf32, 1>
}
