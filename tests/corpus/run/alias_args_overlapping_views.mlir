// RUN-MLIR-EXTRA-PASSES: --expand-strided-metadata
// A kernel over dynamic strided memrefs called with views of one buffer:
// overlapping windows (one element apart), interleaved halves (even and
// odd elements), and disjoint halves.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @smooth(%X: memref<?xf32, strided<[?], offset: ?>>, %Y: memref<?xf32, strided<[?], offset: ?>>, %n: index) {
  %half = arith.constant 0.5 : f32
  affine.for %i = 1 to %n {
    %a = affine.load %X[%i - 1] : memref<?xf32, strided<[?], offset: ?>>
    %b = affine.load %X[%i] : memref<?xf32, strided<[?], offset: ?>>
    %s = arith.addf %a, %b : f32
    %h = arith.mulf %s, %half : f32
    affine.store %h, %Y[%i] : memref<?xf32, strided<[?], offset: ?>>
  }
  return
}
func.func @fill(%A: memref<64xf32>) {
  affine.for %i = 0 to 64 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %g = arith.mulf %f, %f : f32
    affine.store %g, %A[%i] : memref<64xf32>
  }
  return
}
func.func @main() {
  %A = memref.alloc() : memref<64xf32>
  %c32 = arith.constant 32 : index
  %c31 = arith.constant 31 : index
  call @fill(%A) : (memref<64xf32>) -> ()
  %w0 = memref.subview %A[0] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1]>>
  %w1 = memref.subview %A[1] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1], offset: 1>>
  %x0 = memref.cast %w0 : memref<32xf32, strided<[1]>> to memref<?xf32, strided<[?], offset: ?>>
  %x1 = memref.cast %w1 : memref<32xf32, strided<[1], offset: 1>> to memref<?xf32, strided<[?], offset: ?>>
  call @smooth(%x0, %x1, %c31) : (memref<?xf32, strided<[?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, index) -> ()
  %U = memref.cast %A : memref<64xf32> to memref<*xf32>
  call @printMemrefF32(%U) : (memref<*xf32>) -> ()
  call @fill(%A) : (memref<64xf32>) -> ()
  %ev = memref.subview %A[0] [32] [2] : memref<64xf32> to memref<32xf32, strided<[2]>>
  %od = memref.subview %A[1] [32] [2] : memref<64xf32> to memref<32xf32, strided<[2], offset: 1>>
  %xe = memref.cast %ev : memref<32xf32, strided<[2]>> to memref<?xf32, strided<[?], offset: ?>>
  %xo = memref.cast %od : memref<32xf32, strided<[2], offset: 1>> to memref<?xf32, strided<[?], offset: ?>>
  call @smooth(%xe, %xo, %c32) : (memref<?xf32, strided<[?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, index) -> ()
  call @printMemrefF32(%U) : (memref<*xf32>) -> ()
  call @fill(%A) : (memref<64xf32>) -> ()
  %hi = memref.subview %A[32] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1], offset: 32>>
  %xh = memref.cast %hi : memref<32xf32, strided<[1], offset: 32>> to memref<?xf32, strided<[?], offset: ?>>
  call @smooth(%x0, %xh, %c32) : (memref<?xf32, strided<[?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, index) -> ()
  call @printMemrefF32(%U) : (memref<*xf32>) -> ()
  return
}
