// Column sums of a 4096x4096 f32 matrix for benchmarks/VectorizeBench.cpp:
// out[j] = A[0][j] + A[1][j] + ... + A[4095][j], each column summed in row
// order. The reduction runs along the inner loop over rows, where A is
// strided; `vectorize` vectorizes the outer loop over columns instead (the
// inner loop's iter_arg becomes a vector of independent column sums), which
// reorders no addition: bit-identical to --pipeline=none without fast math.
// The C peer is colsum.c.
func.func @colsum(%A: memref<4096x4096xf32>, %out: memref<4096xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %j = 0 to 4096 {
    %s = affine.for %i = 0 to 4096 iter_args(%acc = %zero) -> (f32) {
      %a = affine.load %A[%i, %j] : memref<4096x4096xf32>
      %t = arith.addf %acc, %a : f32
      affine.yield %t : f32
    }
    affine.store %s, %out[%j] : memref<4096xf32>
  }
  return
}
