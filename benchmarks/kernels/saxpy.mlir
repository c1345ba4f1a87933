// saxpy over 16M f32 for benchmarks/VectorizeBench.cpp: y[i] = a * x[i] +
// y[i]. No reduction: vectorized with or without fast math, and nothing is
// reassociated. The C peer is saxpy.c.
func.func @saxpy(%a: f32, %x: memref<16777216xf32>, %y: memref<16777216xf32>) {
  affine.for %i = 0 to 16777216 {
    %xi = affine.load %x[%i] : memref<16777216xf32>
    %yi = affine.load %y[%i] : memref<16777216xf32>
    %p = arith.mulf %a, %xi : f32
    %s = arith.addf %p, %yi : f32
    affine.store %s, %y[%i] : memref<16777216xf32>
  }
  return
}
