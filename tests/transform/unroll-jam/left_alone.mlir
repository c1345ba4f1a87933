// PIPELINE: scalrep,unroll-jam
// Loops unroll-jam must not block. In @recurrence the i loop's
// iterations share two loads of the k loop (B[k,j] and B[j,k]) but row i
// reads all of row i - 1 of A at its first j, while the previous
// iteration writes that row over all its j: jamming would run those reads
// before the writes they need. The next candidate,
// j (its iterations share A[i-1,k]), is blocked instead. In @triangle the j loop's
// bounds depend on i, so no step of i can run one j loop for several rows,
// and j's trip count is not constant (its upper bound is a min:
// runtime_trips.mlir has the loops blocked with a trip count known only
// at run time).
func.func private @printMemrefF32(memref<*xf32>)
func.func @recurrence(%A: memref<6x4xf32>, %B: memref<4x4xf32>, %C: memref<6x4xf32>) {
  affine.for %i = 1 to 6 {
    affine.for %j = 0 to 4 {
      affine.for %k = 0 to 4 {
        %a = affine.load %A[%i - 1, %k] : memref<6x4xf32>
        %b = affine.load %B[%k, %j] : memref<4x4xf32>
        %d = affine.load %B[%j, %k] : memref<4x4xf32>
        %c = affine.load %C[%i, %j] : memref<6x4xf32>
        %p = arith.mulf %a, %b : f32
        %r = arith.addf %p, %d : f32
        %q = arith.addf %c, %r : f32
        affine.store %q, %C[%i, %j] : memref<6x4xf32>
      }
      %s = affine.load %C[%i, %j] : memref<6x4xf32>
      affine.store %s, %A[%i, %j] : memref<6x4xf32>
    }
  }
  return
}
func.func @triangle(%A: memref<6x4xf32>, %B: memref<4x4xf32>, %C: memref<6x4xf32>) {
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to min affine_map<(d0) -> (d0 + 1, 4)>(%i) {
      affine.for %k = 0 to 4 {
        %a = affine.load %A[%i, %k] : memref<6x4xf32>
        %b = affine.load %B[%k, %j] : memref<4x4xf32>
        %c = affine.load %C[%i, %j] : memref<6x4xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.addf %c, %p : f32
        affine.store %q, %C[%i, %j] : memref<6x4xf32>
      }
    }
  }
  return
}
func.func @main() {
  %A = memref.alloc() : memref<6x4xf32>
  %B = memref.alloc() : memref<4x4xf32>
  %C = memref.alloc() : memref<6x4xf32>
  affine.for %i = 0 to 6 {
    affine.for %k = 0 to 4 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 3 + d1 + 1)>(%i, %k)
      %w = arith.index_cast %v : index to i32
      %x = arith.sitofp %w : i32 to f32
      %y = arith.constant 0.25 : f32
      %z = arith.mulf %x, %y : f32
      affine.store %z, %A[%i, %k] : memref<6x4xf32>
      %c = arith.constant 0.5 : f32
      affine.store %c, %C[%i, %k] : memref<6x4xf32>
    }
  }
  affine.for %k = 0 to 4 {
    affine.for %j = 0 to 4 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 2 - d1)>(%k, %j)
      %w = arith.index_cast %v : index to i32
      %x = arith.sitofp %w : i32 to f32
      %y = arith.constant 0.125 : f32
      %z = arith.mulf %x, %y : f32
      affine.store %z, %B[%k, %j] : memref<4x4xf32>
    }
  }
  func.call @triangle(%A, %B, %C) : (memref<6x4xf32>, memref<4x4xf32>, memref<6x4xf32>) -> ()
  func.call @recurrence(%A, %B, %C) : (memref<6x4xf32>, memref<4x4xf32>, memref<6x4xf32>) -> ()
  %pa = memref.cast %A : memref<6x4xf32> to memref<*xf32>
  call @printMemrefF32(%pa) : (memref<*xf32>) -> ()
  %pc = memref.cast %C : memref<6x4xf32> to memref<*xf32>
  call @printMemrefF32(%pc) : (memref<*xf32>) -> ()
  return
}
