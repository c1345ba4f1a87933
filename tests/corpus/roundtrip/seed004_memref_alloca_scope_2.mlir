// Seed 004 memref.alloca_scope returning a value via memref.alloca_scope.return.
func.func @alloca_scope2() -> f32 {
  %result = memref.alloca_scope -> (f32) {
    %a = memref.alloca() : memref<4xf32>
    %c = arith.constant 2.0 : f32
    affine.store %c, %a[1] : memref<4xf32>
    %value = affine.load %a[1] : memref<4xf32>
    memref.alloca_scope.return %value : f32
  }
  return %result : f32
}
