// C += A * B over 512x512 f32 matrices for benchmarks/ParallelBench.cpp, in
// the i, j, k order of seed 002's matmuls: `vectorize` vectorizes the j loop
// and `parallelize` runs the i loop on all threads (each thread its own rows
// of C, so nothing is reassociated).
func.func @gemm(%A: memref<512x512xf32>, %B: memref<512x512xf32>,
                %C: memref<512x512xf32>) {
  affine.for %i = 0 to 512 {
    affine.for %j = 0 to 512 {
      affine.for %k = 0 to 512 {
        %a = affine.load %A[%i, %k] : memref<512x512xf32>
        %b = affine.load %B[%k, %j] : memref<512x512xf32>
        %c = affine.load %C[%i, %j] : memref<512x512xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<512x512xf32>
      }
    }
  }
  return
}
