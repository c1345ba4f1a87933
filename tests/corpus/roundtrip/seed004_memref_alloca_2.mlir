// Seed 004 memref.alloca: dynamic dimension.
func.func @alloca2(%d: index) {
  %0 = memref.alloca(%d) : memref<8x?xf32>
  return
}
