// Nested affine.for loops with iter_args: row sums and a running product of row maxima (f64),
// with the inner reduction seeded from the outer loop's carried value.
func.func private @printMemrefF64(memref<*xf64>) attributes { llvm.emit_c_interface }
func.func @main() {
  %A = memref.alloc() : memref<4x6xf64>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 6 {
      %k = affine.apply affine_map<(d0, d1) -> ((d0 * 5 + d1 * 3) mod 7)>(%i, %j)
      %ki = arith.index_cast %k : index to i64
      %f = arith.sitofp %ki : i64 to f64
      affine.store %f, %A[%i, %j] : memref<4x6xf64>
    }
  }
  %S = memref.alloc() : memref<4xf64>
  %z = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %neg = arith.constant -1.0 : f64
  %prod, %total = affine.for %i = 0 to 4 iter_args(%p = %one, %t = %z) -> (f64, f64) {
    %sum, %mx = affine.for %j = 0 to 6 iter_args(%s = %z, %m = %neg) -> (f64, f64) {
      %v = affine.load %A[%i, %j] : memref<4x6xf64>
      %s2 = arith.addf %s, %v : f64
      %m2 = arith.maximumf %m, %v : f64
      affine.yield %s2, %m2 : f64, f64
    }
    affine.store %sum, %S[%i] : memref<4xf64>
    %p2 = arith.mulf %p, %mx : f64
    %t2 = arith.addf %t, %sum : f64
    affine.yield %p2, %t2 : f64, f64
  }
  %u = memref.cast %S : memref<4xf64> to memref<*xf64>
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  vector.print %prod : f64
  vector.print %total : f64
  memref.dealloc %A : memref<4x6xf64>
  memref.dealloc %S : memref<4xf64>
  return
}
