// Row sums of a 4096x4096 f32 matrix for benchmarks/VectorizeBench.cpp:
// out[i] = A[i][0] + A[i][1] + ... + A[i][4095]. The reduction runs along
// the inner, contiguous loop: `vectorize` vectorizes it only when the float
// reduction may be reassociated (--fast-math / EngineOptions::fastMath),
// finishing each row with a vector.reduction; without fast math the nest
// stays scalar. The C peer is rowsum.c.
func.func @rowsum(%A: memref<4096x4096xf32>, %out: memref<4096xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 4096 {
    %s = affine.for %j = 0 to 4096 iter_args(%acc = %zero) -> (f32) {
      %a = affine.load %A[%i, %j] : memref<4096x4096xf32>
      %t = arith.addf %acc, %a : f32
      affine.yield %t : f32
    }
    affine.store %s, %out[%i] : memref<4096xf32>
  }
  return
}
