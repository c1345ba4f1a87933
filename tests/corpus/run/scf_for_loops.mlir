// scf.for: index and integer IVs, non-unit steps, negative and empty
// ranges, iter_args, nested loops whose bounds use the outer IV.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %cm5 = arith.constant -5 : index
  %f0 = arith.constant 0.0 : f32
  %f1 = arith.constant 1.0 : f32
  // Sum of i over [-5, 7) step 3: -5 -2 1 4 = -2.
  %s = scf.for %i = %cm5 to %c7 step %c3 iter_args(%a = %c0) -> (index) {
    %n = arith.addi %a, %i : index
    scf.yield %n : index
  }
  %si = arith.index_cast %s : index to i64
  vector.print %si : i64
  // Zero-trip loop: the result is the init.
  %z:2 = scf.for %i = %c7 to %c3 step %c1 iter_args(%a = %f1, %b = %c4) -> (f32, index) {
    %n = arith.addf %a, %a : f32
    scf.yield %n, %i : f32, index
  }
  vector.print %z#0 : f32
  vector.print %z#1 : index
  // Integer IV (i16) counting down through negatives.
  %lo = arith.constant -7 : i16
  %hi = arith.constant 6 : i16
  %st = arith.constant 4 : i16
  %p = scf.for %k = %lo to %hi step %st iter_args(%a = %hi) -> (i16) : i16 {
    %m = arith.muli %a, %k : i16
    vector.print %k : i16
    scf.yield %m : i16
  }
  vector.print %p : i16
  // Triangular nest: inner bound is the outer IV plus one.
  %t = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %f0) -> (f32) {
    %ub = arith.addi %i, %c1 : index
    %r = scf.for %j = %c0 to %ub step %c1 iter_args(%b = %a) -> (f32) {
      %n = arith.addf %b, %f1 : f32
      scf.yield %n : f32
    }
    scf.yield %r : f32
  }
  vector.print %t : f32
  // A loop without results or body, and one with a dynamic step.
  scf.for %i = %c0 to %c4 step %c1 {
  }
  %d = scf.for %i = %c0 to %c7 step %c4 iter_args(%a = %c0) -> (index) {
    %st2 = arith.addi %i, %c1 : index
    %q = scf.for %j = %c0 to %c7 step %st2 iter_args(%b = %a) -> (index) {
      %n = arith.addi %b, %c1 : index
      scf.yield %n : index
    }
    scf.yield %q : index
  }
  vector.print %d : index
  return
}
