// PIPELINE: scalrep,vectorize
// A matrix product written with the accumulator in memory (C[i,j] += over
// the innermost k): scalrep keeps C[i,j] in a register across k, so the j
// loop vectorizes around the k loop with a vector of 64 independent
// accumulators (seed 003's outer-loop reduction; no fast math needed, the
// additions keep their order). Of the last 6 columns, 4 run in a 4-lane
// epilogue and 2 in a scalar one.
func.func private @printMemrefF32(memref<*xf32>)
func.func @matmul(%A: memref<3x5xf32>, %B: memref<5x70xf32>, %C: memref<3x70xf32>) {
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 70 {
      affine.for %k = 0 to 5 {
        %a = affine.load %A[%i, %k] : memref<3x5xf32>
        %b = affine.load %B[%k, %j] : memref<5x70xf32>
        %c = affine.load %C[%i, %j] : memref<3x70xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.addf %c, %p : f32
        affine.store %q, %C[%i, %j] : memref<3x70xf32>
      }
    }
  }
  return
}
func.func @main() {
  %A = memref.alloc() : memref<3x5xf32>
  %B = memref.alloc() : memref<5x70xf32>
  %C = memref.alloc() : memref<3x70xf32>
  affine.for %i = 0 to 3 {
    affine.for %k = 0 to 5 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 3 + d1 + 1)>(%i, %k)
      %w = arith.index_cast %v : index to i32
      %x = arith.sitofp %w : i32 to f32
      %y = arith.constant 0.1 : f32
      %z = arith.mulf %x, %y : f32
      affine.store %z, %A[%i, %k] : memref<3x5xf32>
    }
    affine.for %j = 0 to 70 {
      %c = arith.constant 0.7 : f32
      affine.store %c, %C[%i, %j] : memref<3x70xf32>
    }
  }
  affine.for %k = 0 to 5 {
    affine.for %j = 0 to 70 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 11 - d1)>(%k, %j)
      %w = arith.index_cast %v : index to i32
      %x = arith.sitofp %w : i32 to f32
      %y = arith.constant 0.37 : f32
      %z = arith.mulf %x, %y : f32
      affine.store %z, %B[%k, %j] : memref<5x70xf32>
    }
  }
  func.call @matmul(%A, %B, %C) : (memref<3x5xf32>, memref<5x70xf32>, memref<3x70xf32>) -> ()
  %pc = memref.cast %C : memref<3x70xf32> to memref<*xf32>
  call @printMemrefF32(%pc) : (memref<*xf32>) -> ()
  return
}
