// Transposed views (strided<[1, 17]> of a 9x17 buffer) written and read along
// their rows: the lanes of such a row are 17 elements apart, so neither the
// stores nor the loads may become contiguous vectors. Also a 1-row and a
// 1-column case. Prints between the nests keep them from being fused.
func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %A = memref.alloc() : memref<9x17xf32>
  %B = memref.alloc() : memref<17x9xf32>
  %C = memref.alloc() : memref<1x8xf32>
  %D = memref.alloc() : memref<8x1xf32>
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 17 {
    affine.for %j = 0 to 9 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 9 + d1)>(%i, %j)
      %kk = arith.index_cast %k : index to i32
      %f = arith.sitofp %kk : i32 to f32
      affine.store %f, %B[%i, %j] : memref<17x9xf32>
    }
  }
  %UB0 = memref.cast %B : memref<17x9xf32> to memref<*xf32>
  call @printMemrefF32(%UB0) : (memref<*xf32>) -> ()
  // A = transpose(B) + 1, written through the transposed view of A.
  %T = memref.transpose %A (i, j) -> (j, i) : memref<9x17xf32> to memref<17x9xf32, strided<[1, 17]>>
  affine.for %i = 0 to 17 {
    affine.for %j = 0 to 9 {
      %x = affine.load %B[%i, %j] : memref<17x9xf32>
      %y = arith.addf %x, %one : f32
      affine.store %y, %T[%i, %j] : memref<17x9xf32, strided<[1, 17]>>
    }
  }
  %UA0 = memref.cast %A : memref<9x17xf32> to memref<*xf32>
  call @printMemrefF32(%UA0) : (memref<*xf32>) -> ()
  // B = the transposed view read back, doubled.
  affine.for %i = 0 to 17 {
    affine.for %j = 0 to 9 {
      %x = affine.load %T[%i, %j] : memref<17x9xf32, strided<[1, 17]>>
      %y = arith.addf %x, %x : f32
      affine.store %y, %B[%i, %j] : memref<17x9xf32>
    }
  }
  // 1x8 and 8x1 buffers through their transposes.
  %TC = memref.transpose %C (i, j) -> (j, i) : memref<1x8xf32> to memref<8x1xf32, strided<[1, 8]>>
  %TD = memref.transpose %D (i, j) -> (j, i) : memref<8x1xf32> to memref<1x8xf32, strided<[1, 1]>>
  affine.for %i = 0 to 8 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    affine.store %f, %TC[%i, 0] : memref<8x1xf32, strided<[1, 8]>>
    affine.store %f, %TD[0, %i] : memref<1x8xf32, strided<[1, 1]>>
  }
  %UA = memref.cast %A : memref<9x17xf32> to memref<*xf32>
  call @printMemrefF32(%UA) : (memref<*xf32>) -> ()
  %UB = memref.cast %B : memref<17x9xf32> to memref<*xf32>
  call @printMemrefF32(%UB) : (memref<*xf32>) -> ()
  %UC = memref.cast %C : memref<1x8xf32> to memref<*xf32>
  call @printMemrefF32(%UC) : (memref<*xf32>) -> ()
  %UD = memref.cast %D : memref<8x1xf32> to memref<*xf32>
  call @printMemrefF32(%UD) : (memref<*xf32>) -> ()
  return
}
