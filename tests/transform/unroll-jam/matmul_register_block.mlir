// PIPELINE: scalrep,vectorize,unroll-jam
// Register blocking of a matrix product: after scalrep and vectorize, each
// (i, 64 columns) keeps 64 accumulators (four 512-bit registers) across
// the k loop, and every i shares the k loop's loads of B. unroll-jam runs
// 6 rows of i per step (24 accumulator registers of 32) in one k loop that
// loads B[k, j:j+64] once for all six; rows 6 and 7 stay in the original
// loop after it. The column epilogues (j = 64..67 in 4 lanes, 68..69
// scalar) are jammed the same way.
// Every copy keeps its additions in program order: the output is
// MLIR's, bit for bit.
func.func private @printMemrefF32(memref<*xf32>)
func.func @matmul(%A: memref<8x5xf32>, %B: memref<5x70xf32>, %C: memref<8x70xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 70 {
      affine.for %k = 0 to 5 {
        %a = affine.load %A[%i, %k] : memref<8x5xf32>
        %b = affine.load %B[%k, %j] : memref<5x70xf32>
        %c = affine.load %C[%i, %j] : memref<8x70xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.addf %c, %p : f32
        affine.store %q, %C[%i, %j] : memref<8x70xf32>
      }
    }
  }
  return
}
func.func @main() {
  %A = memref.alloc() : memref<8x5xf32>
  %B = memref.alloc() : memref<5x70xf32>
  %C = memref.alloc() : memref<8x70xf32>
  affine.for %i = 0 to 8 {
    affine.for %k = 0 to 5 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 3 + d1 + 1)>(%i, %k)
      %w = arith.index_cast %v : index to i32
      %x = arith.sitofp %w : i32 to f32
      %y = arith.constant 0.1 : f32
      %z = arith.mulf %x, %y : f32
      affine.store %z, %A[%i, %k] : memref<8x5xf32>
    }
    affine.for %j = 0 to 70 {
      %c = arith.constant 0.7 : f32
      affine.store %c, %C[%i, %j] : memref<8x70xf32>
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
  func.call @matmul(%A, %B, %C) : (memref<8x5xf32>, memref<5x70xf32>, memref<8x70xf32>) -> ()
  %pc = memref.cast %C : memref<8x70xf32> to memref<*xf32>
  call @printMemrefF32(%pc) : (memref<*xf32>) -> ()
  return
}
