// Seed 000 @conv_2d shape, small: 3x3 valid convolution of a 6x6 input with affine.parallel
// outer band and an inner affine.parallel "addf" reduction over the full 3x3 kernel.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %D = memref.alloc() : memref<6x6xf32>
  %K = memref.alloc() : memref<3x3xf32>
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 6 {
      %k = affine.apply affine_map<(d0, d1) -> ((d0 * 7 + d1 * 3) mod 5)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      affine.store %f, %D[%i, %j] : memref<6x6xf32>
    }
  }
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 3 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 - d1)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      affine.store %f, %K[%i, %j] : memref<3x3xf32>
    }
  }
  %O = memref.alloc() : memref<4x4xf32>
  affine.parallel (%x, %y) = (0, 0) to (4, 4) {
    %0 = affine.parallel (%kx, %ky) = (0, 0) to (3, 3) reduce ("addf") -> f32 {
      %1 = affine.load %D[%x + %kx, %y + %ky] : memref<6x6xf32>
      %2 = affine.load %K[%kx, %ky] : memref<3x3xf32>
      %3 = arith.mulf %1, %2 : f32
      affine.yield %3 : f32
    }
    affine.store %0, %O[%x, %y] : memref<4x4xf32>
  }
  %u = memref.cast %O : memref<4x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %D : memref<6x6xf32>
  memref.dealloc %K : memref<3x3xf32>
  memref.dealloc %O : memref<4x4xf32>
  return
}
