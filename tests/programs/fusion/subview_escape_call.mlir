// Hazard: a memref.subview window of the temporary goes to a call that negates it between producer and consumer; a view is the same buffer, so fusion must not fuse.
// RUN-MLIR-EXTRA-PASSES: --expand-strided-metadata
// FUSE-NESTS-EXACTLY: 2
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func private @negate_window(%w: memref<4x5xf32, strided<[10, 1], offset: 12>>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      %v = affine.load %w[%i, %j] : memref<4x5xf32, strided<[10, 1], offset: 12>>
      %n = arith.negf %v : f32
      affine.store %n, %w[%i, %j] : memref<4x5xf32, strided<[10, 1], offset: 12>>
    }
  }
  return
}
func.func @main() {
  %t = memref.alloc() : memref<6x10xf32>
  %out = memref.alloc() : memref<6x10xf32>
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 10 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 10 + d1)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      affine.store %f, %t[%i, %j] : memref<6x10xf32>
    }
  }
  %w = memref.subview %t[1, 2] [4, 5] [1, 1] : memref<6x10xf32> to memref<4x5xf32, strided<[10, 1], offset: 12>>
  call @negate_window(%w) : (memref<4x5xf32, strided<[10, 1], offset: 12>>) -> ()
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 10 {
      %a = affine.load %t[%i, %j] : memref<6x10xf32>
      %b = arith.addf %a, %one : f32
      affine.store %b, %out[%i, %j] : memref<6x10xf32>
    }
  }
  %p = memref.cast %out : memref<6x10xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  memref.dealloc %t : memref<6x10xf32>
  memref.dealloc %out : memref<6x10xf32>
  return
}
