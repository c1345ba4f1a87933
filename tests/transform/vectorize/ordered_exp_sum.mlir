// PIPELINE: vectorize
// A float sum and product that may not be reassociated are still
// vectorized when each lane computes a math function: exp runs on whole
// vectors (with libm's bits, ExactVectorExp.h) and each vector's lanes are
// added (multiplied) one by one into the running scalar by
// `vector.reduction <add>, %v, %acc` without reassoc, which adds in order
// under affjit and under MLIR's lowering alike: 16 lanes (a loop that calls
// a math function keeps one register), then a 4-lane epilogue. The
// program prints the results' bits, so any reordering would show. A dot
// product, which calls nothing, stays scalar.
func.func private @printMemrefI32(memref<*xi32>)
func.func @main() {
  %a = memref.alloc() : memref<100xf32>
  %b = memref.alloc() : memref<100xf32>
  %out = memref.alloc() : memref<3xi32>
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %scale = arith.constant 0.0731 : f32
  %shift = arith.constant -3.5 : f32
  affine.for %i = 0 to 100 {
    %k = affine.apply affine_map<(d0) -> ((d0 * 37) mod 101)>(%i)
    %c = arith.index_cast %k : index to i32
    %f = arith.sitofp %c : i32 to f32
    %g = arith.mulf %f, %scale : f32
    %x = arith.addf %g, %shift : f32
    affine.store %x, %a[%i] : memref<100xf32>
    %y = arith.mulf %g, %g : f32
    affine.store %y, %b[%i] : memref<100xf32>
  }
  %s = affine.for %i = 0 to 100 iter_args(%acc = %zero) -> (f32) {
    %x = affine.load %a[%i] : memref<100xf32>
    %e = math.exp %x : f32
    %n = arith.addf %acc, %e : f32
    affine.yield %n : f32
  }
  %p = affine.for %i = 0 to 100 iter_args(%acc = %one) -> (f32) {
    %x = affine.load %a[%i] : memref<100xf32>
    %h = arith.mulf %x, %scale : f32
    %e = math.exp %h : f32
    %n = arith.mulf %e, %acc : f32
    affine.yield %n : f32
  }
  %d = affine.for %i = 0 to 100 iter_args(%acc = %zero) -> (f32) {
    %x = affine.load %a[%i] : memref<100xf32>
    %y = affine.load %b[%i] : memref<100xf32>
    %m = arith.mulf %x, %y : f32
    %n = arith.addf %acc, %m : f32
    affine.yield %n : f32
  }
  %si = arith.bitcast %s : f32 to i32
  %pi = arith.bitcast %p : f32 to i32
  %di = arith.bitcast %d : f32 to i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  memref.store %si, %out[%c0] : memref<3xi32>
  memref.store %pi, %out[%c1] : memref<3xi32>
  memref.store %di, %out[%c2] : memref<3xi32>
  %u = memref.cast %out : memref<3xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
