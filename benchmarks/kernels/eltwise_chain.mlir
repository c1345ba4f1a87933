// Elementwise chain for the fusion benchmark (benchmarks/FusionBench.cpp):
// out[i] = (a[i] * b[i] + c[i])^2 - a[i] over 16M f32, written as three
// top-level loops joined by two local temporaries %t1 and %t2. Unfused, each
// call allocates, writes and re-reads 2 x 64 MB of temporaries; fusion turns
// them into scalars and leaves one loop that streams a, b, c and out.
func.func @eltwise_chain(%a: memref<16777216xf32>, %b: memref<16777216xf32>,
                         %c: memref<16777216xf32>, %out: memref<16777216xf32>) {
  %t1 = memref.alloc() : memref<16777216xf32>
  %t2 = memref.alloc() : memref<16777216xf32>
  affine.for %i = 0 to 16777216 {
    %x = affine.load %a[%i] : memref<16777216xf32>
    %y = affine.load %b[%i] : memref<16777216xf32>
    %p = arith.mulf %x, %y : f32
    affine.store %p, %t1[%i] : memref<16777216xf32>
  }
  affine.for %i = 0 to 16777216 {
    %p = affine.load %t1[%i] : memref<16777216xf32>
    %z = affine.load %c[%i] : memref<16777216xf32>
    %s = arith.addf %p, %z : f32
    affine.store %s, %t2[%i] : memref<16777216xf32>
  }
  affine.for %i = 0 to 16777216 {
    %s = affine.load %t2[%i] : memref<16777216xf32>
    %x = affine.load %a[%i] : memref<16777216xf32>
    %q = arith.mulf %s, %s : f32
    %r = arith.subf %q, %x : f32
    affine.store %r, %out[%i] : memref<16777216xf32>
  }
  memref.dealloc %t2 : memref<16777216xf32>
  memref.dealloc %t1 : memref<16777216xf32>
  return
}
