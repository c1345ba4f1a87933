// One time step of PolyBench's jacobi-2d, half of it: B = the 5-point
// average of A over the interior of a 2048x2048 f32 grid, for
// benchmarks/ParallelBench.cpp (a full step is two calls, A -> B -> A).
// Each point reads A only, so both loops are parallel; `parallelize` runs
// the row loop on all threads.
func.func @jacobi2d_step(%A: memref<2048x2048xf32>, %B: memref<2048x2048xf32>) {
  %fifth = arith.constant 0.2 : f32
  affine.for %i = 1 to 2047 {
    affine.for %j = 1 to 2047 {
      %c = affine.load %A[%i, %j] : memref<2048x2048xf32>
      %w = affine.load %A[%i, %j - 1] : memref<2048x2048xf32>
      %e = affine.load %A[%i, %j + 1] : memref<2048x2048xf32>
      %s = affine.load %A[%i + 1, %j] : memref<2048x2048xf32>
      %n = affine.load %A[%i - 1, %j] : memref<2048x2048xf32>
      %t0 = arith.addf %c, %w : f32
      %t1 = arith.addf %t0, %e : f32
      %t2 = arith.addf %t1, %s : f32
      %t3 = arith.addf %t2, %n : f32
      %r = arith.mulf %fifth, %t3 : f32
      affine.store %r, %B[%i, %j] : memref<2048x2048xf32>
    }
  }
  return
}
