// Rows of 20 f32, y = 2x + 1, for benchmarks/VectorizeBench.cpp's tail
// comparison: `vectorize` runs each row as one 16-lane vector and a scalar
// epilogue loop of 4 iterations. short_rows_masked.mlir is the same kernel
// written with a masked tail instead.
func.func @short_rows(%x: memref<100000x20xf32>, %y: memref<100000x20xf32>) {
  %two = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 100000 {
    affine.for %j = 0 to 20 {
      %v = affine.load %x[%i, %j] : memref<100000x20xf32>
      %p = arith.mulf %v, %two : f32
      %s = arith.addf %p, %one : f32
      affine.store %s, %y[%i, %j] : memref<100000x20xf32>
    }
  }
  return
}
