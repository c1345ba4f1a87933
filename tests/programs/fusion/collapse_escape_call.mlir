// Hazard: the 3x5 temporary is passed as a memref.collapse_shape to a call that prefix-sums it in place between producer and consumer; fusion must not fuse.
// RUN-MLIR-EXTRA-PASSES: --expand-strided-metadata
// FUSE-NESTS-EXACTLY: 2
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func private @prefix_sum(%m: memref<15xf32>) {
  affine.for %k = 1 to 15 {
    %a = affine.load %m[%k - 1] : memref<15xf32>
    %b = affine.load %m[%k] : memref<15xf32>
    %s = arith.addf %a, %b : f32
    affine.store %s, %m[%k] : memref<15xf32>
  }
  return
}
func.func @main() {
  %t = memref.alloc() : memref<3x5xf32>
  %out = memref.alloc() : memref<5x3xf32>
  %ten = arith.constant 10.0 : f32
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 5 {
      %k = affine.apply affine_map<(d0, d1) -> ((d0 * 4 + d1 * 3) mod 5 - 2)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      affine.store %f, %t[%i, %j] : memref<3x5xf32>
    }
  }
  %flat = memref.collapse_shape %t [[0, 1]] : memref<3x5xf32> into memref<15xf32>
  call @prefix_sum(%flat) : (memref<15xf32>) -> ()
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 5 {
      %a = affine.load %t[%i, %j] : memref<3x5xf32>
      %b = arith.mulf %a, %ten : f32
      affine.store %b, %out[%j, %i] : memref<5x3xf32>
    }
  }
  %p = memref.cast %out : memref<5x3xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  memref.dealloc %t : memref<3x5xf32>
  memref.dealloc %out : memref<5x3xf32>
  return
}
