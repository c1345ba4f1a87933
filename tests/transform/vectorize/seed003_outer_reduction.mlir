// PIPELINE: vectorize
// Seed 003's first example (column sums): the inner loop carries the
// reduction, so the outer loop is vectorized and the inner loop's iter_args
// become a vector of independent sums — no horizontal op, nothing
// reordered, so no fast math is needed (64 lanes: four 512-bit registers).
func.func @main(%in: memref<16x64xf32>, %out: memref<64xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  affine.for %arg2 = 0 to 64 {
    %final_red = affine.for %arg4 = 0 to 16 iter_args(%red_iter = %cst) -> (f32) {
      %5 = affine.load %in[%arg4, %arg2] : memref<16x64xf32>
      %6 = arith.addf %red_iter, %5 : f32
      affine.yield %6 : f32
    }
    affine.store %final_red, %out[%arg2] : memref<64xf32>
  }
  return
}
