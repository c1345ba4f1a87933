// short_rows.mlir with a masked tail: each row of 20 f32 is one 16-lane
// vector and one vector whose last 12 lanes are masked off (a masked
// transfer_read and transfer_write), the alternative to vectorize's epilogue
// loop that benchmarks/VectorizeBench.cpp's BM_Tail rows measure.
func.func @short_rows_masked(%x: memref<100000x20xf32>, %y: memref<100000x20xf32>) {
  %two = arith.constant dense<2.0> : vector<16xf32>
  %one = arith.constant dense<1.0> : vector<16xf32>
  %lane = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : vector<16xi64>
  %left = arith.constant dense<4> : vector<16xi64>
  %mask = arith.cmpi slt, %lane, %left : vector<16xi64>
  %pad = arith.constant 0.0 : f32
  %c16 = arith.constant 16 : index
  affine.for %i = 0 to 100000 {
    %v = affine.vector_load %x[%i, 0] : memref<100000x20xf32>, vector<16xf32>
    %p = arith.mulf %v, %two : vector<16xf32>
    %s = arith.addf %p, %one : vector<16xf32>
    affine.vector_store %s, %y[%i, 0] : memref<100000x20xf32>, vector<16xf32>
    %w = vector.transfer_read %x[%i, %c16], %pad, %mask {in_bounds = [true]} : memref<100000x20xf32>, vector<16xf32>
    %q = arith.mulf %w, %two : vector<16xf32>
    %t = arith.addf %q, %one : vector<16xf32>
    vector.transfer_write %t, %y[%i, %c16], %mask {in_bounds = [true]} : vector<16xf32>, memref<100000x20xf32>
  }
  return
}
