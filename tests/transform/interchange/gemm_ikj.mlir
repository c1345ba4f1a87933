// PIPELINE: interchange
// PolyBench's gemm order, for i, k, j: C[i,j] += A[i,k] * B[k,j]. The
// stored element does not move along k, and both loads that move along k
// are reused across another loop (A[i,k] across j, B[k,j] across i), so k
// goes innermost: (k, j) -> (j, k), after which scalrep keeps C[i,j] in a
// register across k. The dependence of C[i,j] on itself runs along k only
// (direction (=, <) after the interchange), so the permutation is legal
// and the output is MLIR's, bit for bit (each element's additions keep
// their order).
func.func private @printMemrefF32(memref<*xf32>)
func.func @gemm(%A: memref<6x5xf32>, %B: memref<5x7xf32>, %C: memref<6x7xf32>) {
  affine.for %i = 0 to 6 {
    affine.for %k = 0 to 5 {
      affine.for %j = 0 to 7 {
        %a = affine.load %A[%i, %k] : memref<6x5xf32>
        %b = affine.load %B[%k, %j] : memref<5x7xf32>
        %p = arith.mulf %a, %b : f32
        %c = affine.load %C[%i, %j] : memref<6x7xf32>
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<6x7xf32>
      }
    }
  }
  return
}
func.func @main() {
  %A = memref.alloc() : memref<6x5xf32>
  %B = memref.alloc() : memref<5x7xf32>
  %C = memref.alloc() : memref<6x7xf32>
  affine.for %i = 0 to 6 {
    affine.for %k = 0 to 5 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 3 + d1 + 1)>(%i, %k)
      %w = arith.index_cast %v : index to i32
      %x = arith.sitofp %w : i32 to f32
      %y = arith.constant 0.1 : f32
      %z = arith.mulf %x, %y : f32
      affine.store %z, %A[%i, %k] : memref<6x5xf32>
    }
    affine.for %j = 0 to 7 {
      %c = arith.constant 0.3 : f32
      affine.store %c, %C[%i, %j] : memref<6x7xf32>
    }
  }
  affine.for %k = 0 to 5 {
    affine.for %j = 0 to 7 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 7 - d1 * 2)>(%k, %j)
      %w = arith.index_cast %v : index to i32
      %x = arith.sitofp %w : i32 to f32
      %y = arith.constant 0.37 : f32
      %z = arith.mulf %x, %y : f32
      affine.store %z, %B[%k, %j] : memref<5x7xf32>
    }
  }
  func.call @gemm(%A, %B, %C) : (memref<6x5xf32>, memref<5x7xf32>, memref<6x7xf32>) -> ()
  %pc = memref.cast %C : memref<6x7xf32> to memref<*xf32>
  call @printMemrefF32(%pc) : (memref<*xf32>) -> ()
  return
}
