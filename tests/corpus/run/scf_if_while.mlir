// scf.if with and without results and else, scf.while with before and
// after regions carrying several values, and values used across regions.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %f0 = arith.constant 0.0 : f32
  %fh = arith.constant 0.5 : f32
  // Collatz steps from 27 in a while loop.
  %n27 = arith.constant 27 : i64
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %zero = arith.constant 0 : i64
  %r:2 = scf.while (%n = %n27, %steps = %zero) : (i64, i64) -> (i64, i64) {
    %more = arith.cmpi ne, %n, %one : i64
    scf.condition(%more) %n, %steps : i64, i64
  } do {
  ^bb0(%m: i64, %s: i64):
    %rem = arith.remsi %m, %two : i64
    %even = arith.cmpi eq, %rem, %zero : i64
    %next = scf.if %even -> (i64) {
      %h = arith.divsi %m, %two : i64
      scf.yield %h : i64
    } else {
      %t = arith.muli %m, %three : i64
      %t1 = arith.addi %t, %one : i64
      scf.yield %t1 : i64
    }
    %s1 = arith.addi %s, %one : i64
    scf.yield %next, %s1 : i64, i64
  }
  vector.print %r#0 : i64
  vector.print %r#1 : i64
  // A while loop whose condition is false at once: results are the inits.
  %w = scf.while (%x = %fh) : (f32) -> f32 {
    %go = arith.cmpf olt, %x, %f0 : f32
    scf.condition(%go) %x : f32
  } do {
  ^bb0(%y: f32):
    %y1 = arith.addf %y, %fh : f32
    scf.yield %y1 : f32
  }
  vector.print %w : f32
  // A while loop whose after region forwards a different type.
  %cnt = scf.while (%i = %c0) : (index) -> i32 {
    %lt = arith.cmpi slt, %i, %c6 : index
    %ii = arith.index_cast %i : index to i32
    scf.condition(%lt) %ii : i32
  } do {
  ^bb0(%v: i32):
    %vi = arith.index_cast %v : i32 to index
    %n = arith.addi %vi, %c2 : index
    scf.yield %n : index
  }
  vector.print %cnt : i32
  // scf.if without else and without results, nested in a loop.
  scf.for %i = %c0 to %c6 step %c1 {
    %rem = arith.remui %i, %c3 : index
    %is0 = arith.cmpi eq, %rem, %c0 : index
    scf.if %is0 {
      vector.print %i : index
    }
    %big = arith.cmpi sgt, %i, %c3 : index
    scf.if %big {
      %neg = arith.subi %c0, %i : index
      %ni = arith.index_cast %neg : index to i32
      vector.print %ni : i32
    } else {
      vector.print %f0 : f32
    }
  }
  return
}
