// Matrix-vector product, row form, for benchmarks/VectorizeBench.cpp:
// y[i] += A[i][j] * x[j] over a 4096x4096 f32 matrix, each row a float
// reduction along the contiguous inner loop (started from y[i]): vectorized
// under --fast-math / EngineOptions::fastMath. The C peer is matvec_row.c.
func.func @matvec_row(%A: memref<4096x4096xf32>, %x: memref<4096xf32>,
                      %y: memref<4096xf32>) {
  affine.for %i = 0 to 4096 {
    %init = affine.load %y[%i] : memref<4096xf32>
    %s = affine.for %j = 0 to 4096 iter_args(%acc = %init) -> (f32) {
      %a = affine.load %A[%i, %j] : memref<4096x4096xf32>
      %b = affine.load %x[%j] : memref<4096xf32>
      %p = arith.mulf %a, %b : f32
      %t = arith.addf %acc, %p : f32
      affine.yield %t : f32
    }
    affine.store %s, %y[%i] : memref<4096xf32>
  }
  return
}
