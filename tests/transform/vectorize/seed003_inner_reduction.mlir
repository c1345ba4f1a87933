// PIPELINE: vectorize
// Seed 003's second form (row sums, here with fastmath<reassoc> on the
// combiner, which allows reordering the sum): the inner loop is vectorized
// with vector partial sums in iter_args and one horizontal vector.reduction
// after it, added to the initial value; the outer loop, strided along the
// rows, stays scalar.
func.func @main(%in: memref<64x16xf32>, %out: memref<64xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  affine.for %arg2 = 0 to 64 {
    %final_red = affine.for %arg4 = 0 to 16 iter_args(%red_iter = %cst) -> (f32) {
      %5 = affine.load %in[%arg2, %arg4] : memref<64x16xf32>
      %6 = arith.addf %red_iter, %5 fastmath<reassoc> : f32
      affine.yield %6 : f32
    }
    affine.store %final_red, %out[%arg2] : memref<64xf32>
  }
  return
}
