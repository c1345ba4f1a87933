// Dot product of two 16M-element f32 vectors for
// benchmarks/VectorizeBench.cpp: one float reduction, vectorized under
// --fast-math / EngineOptions::fastMath. The C peer is dot.c.
func.func @dot(%x: memref<16777216xf32>, %y: memref<16777216xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %s = affine.for %i = 0 to 16777216 iter_args(%acc = %zero) -> (f32) {
    %a = affine.load %x[%i] : memref<16777216xf32>
    %b = affine.load %y[%i] : memref<16777216xf32>
    %p = arith.mulf %a, %b : f32
    %t = arith.addf %acc, %p : f32
    affine.yield %t : f32
  }
  return %s : f32
}
