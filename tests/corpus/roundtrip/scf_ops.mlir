// Every scf op in custom syntax: for (index and i32 IVs, iter_args),
// if/else with results, while, parallel with two reductions, index_switch
// with multiple results, execute_region, with discardable attributes.
func.func @f(%m: memref<10xf32>, %n: index, %c: i1, %x: i32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f0 = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %f0) -> (f32) {
    %v = memref.load %m[%i] : memref<10xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  %c0i = arith.constant 0 : i32
  %c1i = arith.constant 1 : i32
  scf.for %j = %c0i to %x step %c1i : i32 {
  }
  %q = scf.if %c -> f32 {
    scf.yield %r : f32
  } else {
    scf.yield %f0 : f32
  }
  scf.if %c {
    memref.store %q, %m[%c0] : memref<10xf32>
  }
  %w:2 = scf.while (%a = %c0, %b = %f0) : (index, f32) -> (index, f32) {
    %cond = arith.cmpi slt, %a, %n : index
    scf.condition(%cond) %a, %b : index, f32
  } do {
  ^bb0(%a2: index, %b2: f32):
    %a3 = arith.addi %a2, %c1 : index
    scf.yield %a3, %b2 : index, f32
  }
  %p = scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) init (%f0) -> f32 {
    %v = memref.load %m[%i] : memref<10xf32>
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %rr: f32):
      %s = arith.addf %l, %rr : f32
      scf.reduce.return %s : f32
    }
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %p, %m[%i] : memref<10xf32>
  }
  %sw = scf.index_switch %n -> f32
  case 2 {
    scf.yield %p : f32
  }
  case 5 {
    scf.yield %f0 : f32
  }
  default {
    scf.yield %q : f32
  }
  scf.index_switch %n
  case 1 {
    scf.yield
  }
  default {
  }
  %e = scf.execute_region -> f32 {
    scf.yield %sw : f32
  }
  scf.execute_region {
    scf.yield
  }
  %two:2 = scf.index_switch %n {tag = 1 : i64} -> f32, index
  case -1 {
    scf.yield %e, %n : f32, index
  }
  default {
    %c9 = arith.constant 9 : index
    scf.yield %f0, %c9 : f32, index
  }
  %i0 = arith.constant 0 : i32
  %pr:2 = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%f0, %i0) -> (f32, i32) {
    %v = memref.load %m[%i] : memref<10xf32>
    %wi = arith.fptosi %v : f32 to i32
    scf.reduce(%v, %wi : f32, i32) {
    ^bb0(%l: f32, %r2: f32):
      %s = arith.maximumf %l, %r2 : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%l: i32, %r2: i32):
      %s = arith.addi %l, %r2 : i32
      scf.reduce.return %s : i32
    }
  } {note = "two"}
  scf.while : () -> () {
    %t = arith.constant false
    scf.condition(%t)
  } do {
    scf.yield
  } attributes {w = 2 : i64}
  scf.for %k = %c0 to %n step %c1 {
    scf.yield
  } {x = 1 : i64}
  return %e : f32
}
