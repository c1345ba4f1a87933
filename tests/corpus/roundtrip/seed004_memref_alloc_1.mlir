// Seed 004 memref.alloc: static shape in memory space 1.
func.func @alloc1() -> memref<8x64xf32, 1> {
  %0 = memref.alloc() : memref<8x64xf32, 1>
  return %0 : memref<8x64xf32, 1>
}
