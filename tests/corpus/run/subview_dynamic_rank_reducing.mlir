// RUN-MLIR-EXTRA-PASSES: --expand-strided-metadata
// memref.subview with dynamic offsets/sizes/strides and a rank-reducing subview (a column of a
// 2-d buffer), written through and printed; then a subview of a subview.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %A = memref.alloc() : memref<5x6xf32>
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 6 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 6 + d1)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      affine.store %f, %A[%i, %j] : memref<5x6xf32>
    }
  }
  %o0 = arith.constant 1 : index
  %o1 = arith.constant 0 : index
  %s0 = arith.constant 2 : index
  %s1 = arith.constant 3 : index
  %st = arith.constant 2 : index
  %S = memref.subview %A[%o0, %o1][%s0, %s1][%st, %st] : memref<5x6xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %us = memref.cast %S : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<*xf32>
  call @printMemrefF32(%us) : (memref<*xf32>) -> ()
  %C = memref.subview %A[0, 4][5, 1][1, 1] : memref<5x6xf32> to memref<5xf32, strided<[6], offset: 4>>
  %neg = arith.constant -1.0 : f32
  affine.for %i = 0 to 5 {
    affine.store %neg, %C[%i] : memref<5xf32, strided<[6], offset: 4>>
  }
  %SS = memref.subview %S[1, 1][1, 2][1, 1] : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<1x2xf32, strided<[?, ?], offset: ?>>
  %uss = memref.cast %SS : memref<1x2xf32, strided<[?, ?], offset: ?>> to memref<*xf32>
  call @printMemrefF32(%uss) : (memref<*xf32>) -> ()
  %ua = memref.cast %A : memref<5x6xf32> to memref<*xf32>
  call @printMemrefF32(%ua) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<5x6xf32>
  return
}
