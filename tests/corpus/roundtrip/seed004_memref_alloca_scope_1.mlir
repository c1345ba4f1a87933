// Seed 004 memref.alloca_scope without results (implicit terminator).
func.func @alloca_scope1() {
  memref.alloca_scope {
    %myalloca = memref.alloca(): memref<4x3xf32>
    %c = arith.constant 1.0 : f32
    affine.store %c, %myalloca[0, 0] : memref<4x3xf32>
  }
  return
}
