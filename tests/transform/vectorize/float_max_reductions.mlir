// PIPELINE: vectorize
// Float maximum and minimum reductions give the same result in any order
// (arith.maximumf/minimumf: NaN wins, -0 < +0), so they are vectorized
// without fast math, finished by vector.reduction <maximumf>/<minimumf>: a
// row maximum over 100 elements (64 lanes, then 16-lane and 4-lane
// epilogues). A running maximum written as compare-and-select becomes
// arith.maximumf when the compare may ignore NaNs and signed zeros
// (fastmath<nnan,nsz> here; every compare under --fast-math) and is then
// vectorized the same way. The same select without those flags keeps its
// compare and select (a NaN in the data would be skipped by it and kept by
// maximumf), vectorized with each lane's iteration kept for ties
// (select_max_min.mlir).
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %a = memref.alloc() : memref<100xf32>
  %r = memref.alloc() : memref<4xf32>
  %low = arith.constant -1.0e30 : f32
  %high = arith.constant 1.0e30 : f32
  %seven = arith.constant 37 : i32
  affine.for %i = 0 to 100 {
    %x = arith.index_cast %i : index to i32
    %y = arith.muli %x, %x : i32
    %z = arith.remsi %y, %seven : i32
    %f = arith.sitofp %z : i32 to f32
    affine.store %f, %a[%i] : memref<100xf32>
  }
  %m = affine.for %i = 0 to 100 iter_args(%acc = %low) -> (f32) {
    %v = affine.load %a[%i] : memref<100xf32>
    %n = arith.maximumf %acc, %v : f32
    affine.yield %n : f32
  }
  %k = affine.for %i = 0 to 100 iter_args(%acc = %high) -> (f32) {
    %v = affine.load %a[%i] : memref<100xf32>
    %n = arith.minimumf %v, %acc : f32
    affine.yield %n : f32
  }
  %s = affine.for %i = 0 to 100 iter_args(%acc = %low) -> (f32) {
    %v = affine.load %a[%i] : memref<100xf32>
    %gt = arith.cmpf ogt, %v, %acc fastmath<nnan,nsz> : f32
    %n = arith.select %gt, %v, %acc : f32
    affine.yield %n : f32
  }
  %t = affine.for %i = 0 to 100 iter_args(%acc = %high) -> (f32) {
    %v = affine.load %a[%i] : memref<100xf32>
    %lt = arith.cmpf olt, %v, %acc : f32
    %n = arith.select %lt, %v, %acc : f32
    affine.yield %n : f32
  }
  affine.store %m, %r[0] : memref<4xf32>
  affine.store %k, %r[1] : memref<4xf32>
  affine.store %s, %r[2] : memref<4xf32>
  affine.store %t, %r[3] : memref<4xf32>
  %p = memref.cast %r : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  return
}
