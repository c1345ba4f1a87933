// memref.alloca_scope inside an affine.for, with a result and a nested scope.
func.func @scope(%A: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    %r = memref.alloca_scope -> f32 {
      %t = memref.alloca() : memref<16xf32>
      %c = arith.constant 3.0 : f32
      affine.store %c, %t[%i] : memref<16xf32>
      memref.alloca_scope {
        %u = memref.alloca() : memref<2xf32>
        affine.store %c, %u[0] : memref<2xf32>
      }
      %v = affine.load %t[%i] : memref<16xf32>
      memref.alloca_scope.return %v : f32
    }
    affine.store %r, %A[%i] : memref<10xf32>
  }
  return
}
