// RUN-MLIR-EXTRA-PASSES: --expand-strided-metadata
// A strided view read as if it were contiguous.
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %A = memref.alloc() : memref<64xf32>
  %B = memref.alloc() : memref<32xf32>
  affine.for %i = 0 to 64 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    affine.store %f, %A[%i] : memref<64xf32>
  }
  %V = memref.subview %A[0] [32] [2] : memref<64xf32> to memref<32xf32, strided<[2]>>
  affine.for %i = 0 to 32 {
    %x = affine.load %V[%i] : memref<32xf32, strided<[2]>>
    affine.store %x, %B[%i] : memref<32xf32>
  }
  %U = memref.cast %B : memref<32xf32> to memref<*xf32>
  call @printMemrefF32(%U) : (memref<*xf32>) -> ()
  return
}
