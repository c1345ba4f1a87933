// RUN-MLIR-EXTRA-PASSES: --expand-strided-metadata
// Loops over strided views (innermost stride 2 or 3, with an offset) must not
// become contiguous vector loads or stores: reads, writes through the view,
// an in-place update and a max reduction, at sizes 0, 1, 7, 9 and 17. A view
// whose innermost stride is 1 (strided<[1], offset: 3>) and the rows of a 2-d
// view (strided<[16, 1]>) are contiguous and may still be vectorized.
func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %A = memref.alloc() : memref<128xf32>
  %B = memref.alloc() : memref<128xf32>
  %M = memref.alloc() : memref<8x16xf32>
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 128 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    affine.store %f, %A[%i] : memref<128xf32>
    %g = arith.negf %f : f32
    affine.store %g, %B[%i] : memref<128xf32>
  }
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 16 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 16 + d1)>(%i, %j)
      %kk = arith.index_cast %k : index to i32
      %f = arith.sitofp %kk : i32 to f32
      affine.store %f, %M[%i, %j] : memref<8x16xf32>
    }
  }

  // Reads: B[i] = V[i] + 1 over 17 elements of stride 2 from 1.
  %V = memref.subview %A[1] [17] [2] : memref<128xf32> to memref<17xf32, strided<[2], offset: 1>>
  affine.for %i = 0 to 17 {
    %x = affine.load %V[%i] : memref<17xf32, strided<[2], offset: 1>>
    %y = arith.addf %x, %one : f32
    affine.store %y, %B[%i] : memref<128xf32>
  }
  // Writes: W[i] = B[i + 40] * 2 over 9 elements of stride 3 from 40.
  %W = memref.subview %A[40] [9] [3] : memref<128xf32> to memref<9xf32, strided<[3], offset: 40>>
  affine.for %i = 0 to 9 {
    %x = affine.load %B[%i + 40] : memref<128xf32>
    %y = arith.mulf %x, %two : f32
    affine.store %y, %W[%i] : memref<9xf32, strided<[3], offset: 40>>
  }
  // In place, 7 elements of stride 2 from 80.
  %X = memref.subview %A[80] [7] [2] : memref<128xf32> to memref<7xf32, strided<[2], offset: 80>>
  affine.for %i = 0 to 7 {
    %x = affine.load %X[%i] : memref<7xf32, strided<[2], offset: 80>>
    %y = arith.addf %x, %x : f32
    affine.store %y, %X[%i] : memref<7xf32, strided<[2], offset: 80>>
  }
  // One element and none.
  %Y = memref.subview %A[100] [1] [3] : memref<128xf32> to memref<1xf32, strided<[3], offset: 100>>
  affine.for %i = 0 to 1 {
    affine.store %zero, %Y[%i] : memref<1xf32, strided<[3], offset: 100>>
  }
  %Z = memref.subview %A[101] [0] [3] : memref<128xf32> to memref<0xf32, strided<[3], offset: 101>>
  affine.for %i = 0 to 0 {
    affine.store %zero, %Z[%i] : memref<0xf32, strided<[3], offset: 101>>
  }
  // A maximum over a strided view: the reduction must see elements 0, 3, ...
  %R = memref.subview %B[0] [40] [3] : memref<128xf32> to memref<40xf32, strided<[3]>>
  %m = affine.for %i = 0 to 40 iter_args(%acc = %zero) -> (f32) {
    %x = affine.load %R[%i] : memref<40xf32, strided<[3]>>
    %y = arith.maximumf %acc, %x : f32
    affine.yield %y : f32
  }
  affine.store %m, %B[127] : memref<128xf32>
  // Contiguous views: stride 1 with an offset, and the rows of a 2-d view.
  %C = memref.subview %A[3] [64] [1] : memref<128xf32> to memref<64xf32, strided<[1], offset: 3>>
  affine.for %i = 0 to 64 {
    %x = affine.load %C[%i] : memref<64xf32, strided<[1], offset: 3>>
    %y = arith.addf %x, %one : f32
    affine.store %y, %B[%i + 60] : memref<128xf32>
  }
  %S = memref.subview %M[2, 0] [4, 16] [1, 1] : memref<8x16xf32> to memref<4x16xf32, strided<[16, 1], offset: 32>>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 16 {
      %x = affine.load %S[%i, %j] : memref<4x16xf32, strided<[16, 1], offset: 32>>
      %y = arith.mulf %x, %two : f32
      affine.store %y, %S[%i, %j] : memref<4x16xf32, strided<[16, 1], offset: 32>>
    }
  }
  // A column of the 2-d buffer as a view of stride 16.
  %K = memref.subview %M[0, 5] [8, 1] [1, 1] : memref<8x16xf32> to memref<8xf32, strided<[16], offset: 5>>
  affine.for %i = 0 to 8 {
    %x = affine.load %K[%i] : memref<8xf32, strided<[16], offset: 5>>
    %y = arith.negf %x : f32
    affine.store %y, %K[%i] : memref<8xf32, strided<[16], offset: 5>>
  }

  %UA = memref.cast %A : memref<128xf32> to memref<*xf32>
  call @printMemrefF32(%UA) : (memref<*xf32>) -> ()
  %UB = memref.cast %B : memref<128xf32> to memref<*xf32>
  call @printMemrefF32(%UB) : (memref<*xf32>) -> ()
  %UM = memref.cast %M : memref<8x16xf32> to memref<*xf32>
  call @printMemrefF32(%UM) : (memref<*xf32>) -> ()
  return
}
