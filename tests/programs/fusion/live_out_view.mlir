// Hazard: two consumed temporaries are live-out only through views printed at the end (a memref.collapse_shape of one, a memref.subview of the other); fusion must not privatize them or drop their stores.
// RUN-MLIR-EXTRA-PASSES: --expand-strided-metadata
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %t = memref.alloc() : memref<3x5xf32>
  %u = memref.alloc() : memref<3x5xf32>
  %out = memref.alloc() : memref<3x5xf32>
  %half = arith.constant 0.5 : f32
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 5 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 5 + d1)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      affine.store %f, %t[%i, %j] : memref<3x5xf32>
    }
  }
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 5 {
      %a = affine.load %t[%i, %j] : memref<3x5xf32>
      %b = arith.mulf %a, %half : f32
      affine.store %b, %u[%i, %j] : memref<3x5xf32>
    }
  }
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 5 {
      %a = affine.load %u[%i, %j] : memref<3x5xf32>
      %b = affine.load %t[%i, %j] : memref<3x5xf32>
      %c = arith.addf %a, %b : f32
      affine.store %c, %out[%i, %j] : memref<3x5xf32>
    }
  }
  %p = memref.cast %out : memref<3x5xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  %flat = memref.collapse_shape %t [[0, 1]] : memref<3x5xf32> into memref<15xf32>
  %pt = memref.cast %flat : memref<15xf32> to memref<*xf32>
  call @printMemrefF32(%pt) : (memref<*xf32>) -> ()
  %win = memref.subview %u[1, 1] [2, 3] [1, 1] : memref<3x5xf32> to memref<2x3xf32, strided<[5, 1], offset: 6>>
  %pu = memref.cast %win : memref<2x3xf32, strided<[5, 1], offset: 6>> to memref<*xf32>
  call @printMemrefF32(%pu) : (memref<*xf32>) -> ()
  memref.dealloc %t : memref<3x5xf32>
  memref.dealloc %u : memref<3x5xf32>
  memref.dealloc %out : memref<3x5xf32>
  return
}
