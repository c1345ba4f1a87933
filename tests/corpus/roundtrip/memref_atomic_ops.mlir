// memref.atomic_rmw of every AtomicRMWKind, memref.generic_atomic_rmw
// (with an attribute dictionary, a multi-dimensional memref and a nested
// region in its body) and memref.atomic_yield, at function level and in
// affine.for / affine.parallel bodies.
func.func @kinds(%f: memref<8xf32>, %d: memref<2x3xf64>, %n: memref<8xi32>, %v: f32, %w: f64, %x: i32, %i: index, %j: index) {
  %0 = memref.atomic_rmw addf %v, %f[%i] : (f32, memref<8xf32>) -> f32
  %1 = memref.atomic_rmw assign %v, %f[%i] : (f32, memref<8xf32>) -> f32
  %2 = memref.atomic_rmw maximumf %v, %f[%i] : (f32, memref<8xf32>) -> f32
  %3 = memref.atomic_rmw minimumf %v, %f[%i] : (f32, memref<8xf32>) -> f32
  %4 = memref.atomic_rmw mulf %w, %d[%i, %j] : (f64, memref<2x3xf64>) -> f64
  %5 = memref.atomic_rmw maxnumf %v, %f[%i] : (f32, memref<8xf32>) -> f32
  %6 = memref.atomic_rmw minnumf %v, %f[%i] {note = "kept"} : (f32, memref<8xf32>) -> f32
  %7 = memref.atomic_rmw addi %x, %n[%i] : (i32, memref<8xi32>) -> i32
  %8 = memref.atomic_rmw maxs %x, %n[%i] : (i32, memref<8xi32>) -> i32
  %9 = memref.atomic_rmw maxu %x, %n[%i] : (i32, memref<8xi32>) -> i32
  %10 = memref.atomic_rmw mins %x, %n[%i] : (i32, memref<8xi32>) -> i32
  %11 = memref.atomic_rmw minu %x, %n[%i] : (i32, memref<8xi32>) -> i32
  %12 = memref.atomic_rmw muli %x, %n[%i] : (i32, memref<8xi32>) -> i32
  %13 = memref.atomic_rmw ori %x, %n[%i] : (i32, memref<8xi32>) -> i32
  %14 = memref.atomic_rmw andi %x, %n[%i] : (i32, memref<8xi32>) -> i32
  %15 = memref.atomic_rmw assign %x, %n[%i] : (i32, memref<8xi32>) -> i32
  return
}

func.func @generic(%d: memref<2x3xf64>, %n: memref<8xi32>, %b: i1, %i: index, %j: index) -> (f64, i32) {
  %0 = memref.generic_atomic_rmw %d[%i, %j] : memref<2x3xf64> {
  ^bb0(%cur: f64):
    %c = arith.constant 2.0 : f64
    %r = scf.if %b -> f64 {
      %m = arith.mulf %cur, %c : f64
      scf.yield %m : f64
    } else {
      scf.yield %cur : f64
    }
    memref.atomic_yield %r : f64
  } {tag = 3 : i64}
  %1 = memref.generic_atomic_rmw %n[%i] : memref<8xi32> {
  ^bb0(%cur: i32):
    %one = arith.constant 1 : i32
    %s = arith.addi %cur, %one : i32
    memref.atomic_yield %s : i32
  }
  return %0, %1 : f64, i32
}

func.func @in_loops(%hist: memref<16xi32>, %keys: memref<1024xindex>, %sum: memref<f32>, %x: memref<1024xf32>) {
  %one = arith.constant 1 : i32
  affine.parallel (%i) = (0) to (1024) {
    %k = affine.load %keys[%i] : memref<1024xindex>
    %old = memref.atomic_rmw addi %one, %hist[%k] : (i32, memref<16xi32>) -> i32
    %v = affine.load %x[%i] : memref<1024xf32>
    %s = memref.atomic_rmw addf %v, %sum[] : (f32, memref<f32>) -> f32
  }
  affine.for %i = 0 to 16 {
    %g = memref.generic_atomic_rmw %hist[%i] : memref<16xi32> {
    ^bb0(%cur: i32):
      %two = arith.constant 2 : i32
      %m = arith.muli %cur, %two : i32
      memref.atomic_yield %m : i32
    }
  }
  return
}
