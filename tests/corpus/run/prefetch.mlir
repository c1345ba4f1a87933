// affine.prefetch and memref.prefetch inside a reduction loop: prefetches must not change results.
func.func @main() {
  %A = memref.alloc() : memref<64xf64>
  affine.for %i = 0 to 64 {
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f64
    affine.store %f, %A[%i] : memref<64xf64>
  }
  %z = arith.constant 0.0 : f64
  %s = affine.for %i = 0 to 64 iter_args(%acc = %z) -> (f64) {
    affine.prefetch %A[%i + 8], read, locality<3>, data : memref<64xf64>
    memref.prefetch %A[%i], write, locality<1>, data : memref<64xf64>
    %v = affine.load %A[%i] : memref<64xf64>
    %m = arith.mulf %v, %v : f64
    %n = arith.addf %acc, %m : f64
    affine.yield %n : f64
  }
  vector.print %s : f64
  memref.dealloc %A : memref<64xf64>
  return
}
