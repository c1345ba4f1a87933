// scf.index_switch with and without results (negative case values, a
// case never taken) and scf.execute_region with and without results.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %f0 = arith.constant 0.0 : f32
  %f1 = arith.constant 1.5 : f32
  %cm2 = arith.constant -2 : index
  scf.for %i = %cm2 to %c5 step %c1 {
    %r:2 = scf.index_switch %i -> f32, i32
    case -2 {
      %a = arith.constant 7 : i32
      scf.yield %f1, %a : f32, i32
    }
    case 3 {
      %x = arith.mulf %f1, %f1 : f32
      %a = arith.constant 3 : i32
      scf.yield %x, %a : f32, i32
    }
    case 100 {
      %a = arith.constant 100 : i32
      scf.yield %f0, %a : f32, i32
    }
    default {
      %a = arith.index_cast %i : index to i32
      scf.yield %f0, %a : f32, i32
    }
    vector.print %r#0 : f32
    vector.print %r#1 : i32
    scf.index_switch %i
    case 0 {
      vector.print %c0 : index
      scf.yield
    }
    default {
    }
  }
  %e = scf.execute_region -> i64 {
    %a = arith.constant 40 : i64
    %b = arith.constant 2 : i64
    %s = arith.addi %a, %b : i64
    scf.yield %s : i64
  }
  vector.print %e : i64
  scf.execute_region {
    vector.print %f1 : f32
    scf.yield
  }
  return
}
