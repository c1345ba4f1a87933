// RUN-MLIR-EXTRA-PASSES: --expand-strided-metadata
// memref.subview with offsets and stride 2 (a strided<[16, 2], offset: 10> view): writes through
// the view, prints the view itself (strided print) and the base buffer.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %A = memref.alloc() : memref<4x8xf32>
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      affine.store %z, %A[%i, %j] : memref<4x8xf32>
    }
  }
  %S = memref.subview %A[1, 2][2, 3][2, 2] : memref<4x8xf32> to memref<2x3xf32, strided<[16, 2], offset: 10>>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 10 + d1 + 1)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      affine.store %f, %S[%i, %j] : memref<2x3xf32, strided<[16, 2], offset: 10>>
    }
  }
  %us = memref.cast %S : memref<2x3xf32, strided<[16, 2], offset: 10>> to memref<*xf32>
  call @printMemrefF32(%us) : (memref<*xf32>) -> ()
  %ua = memref.cast %A : memref<4x8xf32> to memref<*xf32>
  call @printMemrefF32(%ua) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<4x8xf32>
  return
}
