// Seed 004 memref.alloca: static shape.
func.func @alloca1() {
  %0 = memref.alloca() : memref<8x64xf32>
  return
}
