// Row-wise softmax of a 2048x2048 f32 matrix for benchmarks/ParallelBench.cpp:
// per row the maximum, the sum of exp(x - max), then each exp(x - max) / sum.
// The row loop has no iter_args and rows do not overlap, so `parallelize`
// runs it on all threads; the per-row float reductions stay in order (bit
// for bit the sequential result without fast math).
func.func @softmax(%X: memref<2048x2048xf32>, %Y: memref<2048x2048xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 2048 {
    %m = affine.for %j = 0 to 2048 iter_args(%acc = %ninf) -> (f32) {
      %x = affine.load %X[%i, %j] : memref<2048x2048xf32>
      %t = arith.maximumf %acc, %x : f32
      affine.yield %t : f32
    }
    %s = affine.for %j = 0 to 2048 iter_args(%acc = %zero) -> (f32) {
      %x = affine.load %X[%i, %j] : memref<2048x2048xf32>
      %d = arith.subf %x, %m : f32
      %e = math.exp %d : f32
      affine.store %e, %Y[%i, %j] : memref<2048x2048xf32>
      %t = arith.addf %acc, %e : f32
      affine.yield %t : f32
    }
    affine.for %j = 0 to 2048 {
      %e = affine.load %Y[%i, %j] : memref<2048x2048xf32>
      %q = arith.divf %e, %s : f32
      affine.store %q, %Y[%i, %j] : memref<2048x2048xf32>
    }
  }
  return
}
