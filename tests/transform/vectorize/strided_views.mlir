// PIPELINE: vectorize
// A load or store becomes a contiguous vector only where its memref's
// innermost stride is statically 1. A transposed view (strided<[1, 16]>)
// and a view whose strides are known only at run time (strided<[?],
// offset: ?>) keep scalar loops; a view with offset but stride 1 is still
// vectorized.
func.func private @printMemrefF32(memref<*xf32>)
func.func @dynamic(%V: memref<?xf32, strided<[?], offset: ?>>, %n: index) {
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to %n {
    %x = affine.load %V[%i] : memref<?xf32, strided<[?], offset: ?>>
    %y = arith.mulf %x, %two : f32
    affine.store %y, %V[%i] : memref<?xf32, strided<[?], offset: ?>>
  }
  return
}
func.func @offset(%V: memref<32xf32, strided<[1], offset: 5>>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 32 {
    %x = affine.load %V[%i] : memref<32xf32, strided<[1], offset: 5>>
    %y = arith.addf %x, %one : f32
    affine.store %y, %V[%i] : memref<32xf32, strided<[1], offset: 5>>
  }
  return
}
func.func @main() {
  %A = memref.alloc() : memref<16x16xf32>
  %B = memref.alloc() : memref<16x16xf32>
  %C = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 16 + d1)>(%i, %j)
      %kk = arith.index_cast %k : index to i32
      %f = arith.sitofp %kk : i32 to f32
      affine.store %f, %A[%i, %j] : memref<16x16xf32>
    }
  }
  affine.for %i = 0 to 64 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    affine.store %f, %C[%i] : memref<64xf32>
  }
  %T = memref.transpose %A (i, j) -> (j, i) : memref<16x16xf32> to memref<16x16xf32, strided<[1, 16]>>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %x = affine.load %T[%i, %j] : memref<16x16xf32, strided<[1, 16]>>
      affine.store %x, %B[%i, %j] : memref<16x16xf32>
    }
  }
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c9 = arith.constant 9 : index
  %V = memref.reinterpret_cast %C to offset: [%c1], sizes: [%c9], strides: [%c3] : memref<64xf32> to memref<?xf32, strided<[?], offset: ?>>
  call @dynamic(%V, %c9) : (memref<?xf32, strided<[?], offset: ?>>, index) -> ()
  %W = memref.reinterpret_cast %C to offset: [5], sizes: [32], strides: [1] : memref<64xf32> to memref<32xf32, strided<[1], offset: 5>>
  call @offset(%W) : (memref<32xf32, strided<[1], offset: 5>>) -> ()
  %UB = memref.cast %B : memref<16x16xf32> to memref<*xf32>
  call @printMemrefF32(%UB) : (memref<*xf32>) -> ()
  %UC = memref.cast %C : memref<64xf32> to memref<*xf32>
  call @printMemrefF32(%UC) : (memref<*xf32>) -> ()
  return
}
