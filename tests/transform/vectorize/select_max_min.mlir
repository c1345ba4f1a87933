// PIPELINE: vectorize
// A running maximum or minimum written as compare-and-select is vectorized
// without fast math and keeps the scalar loop's bits: each lane keeps its
// own running value and the iteration it took it at, and after the loop
// the lanes are combined into what the scalar loop kept. That matters for
// +0 and -0, which compare equal: a strict compare (ogt, olt) keeps the
// first zero it meets, a non-strict one (oge, ole) the last. NaNs never
// replace the running value, and a NaN initial value stays. An unordered
// compare (ugt), which takes NaNs, is left alone. The data have
// zeros of both signs (-0 at elements 11 and 63, +0 at 24, 37, 50, 76
// and 89: the first zero is -0, the last +0, and the first vector holds
// both signs) and NaNs; the program prints the results' bits. 100 elements: 64 lanes, then a 16-lane
// epilogue and 4 scalar iterations.
func.func private @printMemrefI32(memref<*xi32>)
func.func @main() {
  %a = memref.alloc() : memref<100xf32>
  %out = memref.alloc() : memref<8xi32>
  %zero = arith.constant 0.0 : f32
  %twelve = arith.constant 12.0 : f32
  %one = arith.constant 1.0 : f32
  %negzero = arith.constant -0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %pinf = arith.constant 0x7F800000 : f32
  %nan = arith.divf %zero, %zero : f32
  affine.for %i = 0 to 100 {
    %k = affine.apply affine_map<(d0) -> ((d0 * 7) mod 13)>(%i)
    %r = affine.apply affine_map<(d0) -> (d0 mod 4)>(%i)
    %q = affine.apply affine_map<(d0) -> (d0 mod 17)>(%i)
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %v = arith.subf %kf, %twelve : f32
    %c3 = arith.constant 3 : index
    %neg = arith.cmpi eq, %r, %c3 : index
    %isz = arith.cmpf oeq, %v, %zero : f32
    %both = arith.andi %isz, %neg : i1
    %w = arith.select %both, %negzero, %v : f32
    %c5 = arith.constant 5 : index
    %isnan = arith.cmpi eq, %q, %c5 : index
    %x = arith.select %isnan, %nan, %w : f32
    affine.store %x, %a[%i] : memref<100xf32>
  }
  // First zero of the maximum (strict).
  %m0 = affine.for %i = 0 to 100 iter_args(%m = %ninf) -> (f32) {
    %x = affine.load %a[%i] : memref<100xf32>
    %c = arith.cmpf ogt, %x, %m : f32
    %n = arith.select %c, %x, %m : f32
    affine.yield %n : f32
  }
  // Last zero of the maximum (an equal value replaces).
  %m1 = affine.for %i = 0 to 100 iter_args(%m = %ninf) -> (f32) {
    %x = affine.load %a[%i] : memref<100xf32>
    %c = arith.cmpf oge, %x, %m : f32
    %n = arith.select %c, %x, %m : f32
    affine.yield %n : f32
  }
  // Minimum of the negated data, compare written the other way round.
  %m2 = affine.for %i = 0 to 100 iter_args(%m = %pinf) -> (f32) {
    %x = affine.load %a[%i] : memref<100xf32>
    %y = arith.negf %x : f32
    %c = arith.cmpf ogt, %m, %y : f32
    %n = arith.select %c, %y, %m : f32
    affine.yield %n : f32
  }
  %m3 = affine.for %i = 0 to 100 iter_args(%m = %pinf) -> (f32) {
    %x = affine.load %a[%i] : memref<100xf32>
    %y = arith.negf %x : f32
    %c = arith.cmpf ole, %y, %m : f32
    %n = arith.select %c, %y, %m : f32
    affine.yield %n : f32
  }
  // The initial value wins ties (+0 from the start, -0 in the data).
  %m4 = affine.for %i = 0 to 100 iter_args(%m = %zero) -> (f32) {
    %x = affine.load %a[%i] : memref<100xf32>
    %c = arith.cmpf ogt, %x, %m : f32
    %n = arith.select %c, %x, %m : f32
    affine.yield %n : f32
  }
  // A NaN initial value is never replaced.
  %m5 = affine.for %i = 0 to 100 iter_args(%m = %nan) -> (f32) {
    %x = affine.load %a[%i] : memref<100xf32>
    %c = arith.cmpf ogt, %x, %m : f32
    %n = arith.select %c, %x, %m : f32
    affine.yield %n : f32
  }
  // A maximum that is not zero.
  %m6 = affine.for %i = 0 to 100 iter_args(%m = %ninf) -> (f32) {
    %x = affine.load %a[%i] : memref<100xf32>
    %y = arith.subf %x, %one : f32
    %c = arith.cmpf ogt, %y, %m : f32
    %n = arith.select %c, %y, %m : f32
    affine.yield %n : f32
  }
  // An unordered compare takes NaNs: left scalar.
  %m7 = affine.for %i = 0 to 100 iter_args(%m = %ninf) -> (f32) {
    %x = affine.load %a[%i] : memref<100xf32>
    %c = arith.cmpf ugt, %x, %m : f32
    %n = arith.select %c, %x, %m : f32
    affine.yield %n : f32
  }
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %b0 = arith.bitcast %m0 : f32 to i32
  %b1 = arith.bitcast %m1 : f32 to i32
  %b2 = arith.bitcast %m2 : f32 to i32
  %b3 = arith.bitcast %m3 : f32 to i32
  %b4 = arith.bitcast %m4 : f32 to i32
  %b5 = arith.bitcast %m5 : f32 to i32
  %b6 = arith.bitcast %m6 : f32 to i32
  memref.store %b0, %out[%c0] : memref<8xi32>
  memref.store %b1, %out[%c1] : memref<8xi32>
  memref.store %b2, %out[%c2] : memref<8xi32>
  memref.store %b3, %out[%c3] : memref<8xi32>
  memref.store %b4, %out[%c4] : memref<8xi32>
  memref.store %b5, %out[%c5] : memref<8xi32>
  memref.store %b6, %out[%c6] : memref<8xi32>
  %c7 = arith.constant 7 : index
  %b7 = arith.bitcast %m7 : f32 to i32
  memref.store %b7, %out[%c7] : memref<8xi32>
  %u = memref.cast %out : memref<8xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
