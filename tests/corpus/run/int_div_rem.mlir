// Integer division/remainder with negative operands: divsi/remsi truncate, floordivsi/ceildivsi
// round, divui/remui treat -7 as unsigned; also index arithmetic.
func.func @main() {
  %a = arith.constant -7 : i32
  %b = arith.constant 2 : i32
  %0 = arith.divsi %a, %b : i32
  vector.print %0 : i32
  %1 = arith.remsi %a, %b : i32
  vector.print %1 : i32
  %2 = arith.floordivsi %a, %b : i32
  vector.print %2 : i32
  %3 = arith.ceildivsi %a, %b : i32
  vector.print %3 : i32
  %4 = arith.divui %a, %b : i32
  vector.print %4 : i32
  %5 = arith.remui %a, %b : i32
  vector.print %5 : i32
  %c = arith.constant 7 : i64
  %d = arith.constant -3 : i64
  %6 = arith.remsi %c, %d : i64
  vector.print %6 : i64
  %7 = arith.floordivsi %c, %d : i64
  vector.print %7 : i64
  %8 = arith.muli %c, %d : i64
  vector.print %8 : i64
  %9 = arith.subi %d, %c : i64
  vector.print %9 : i64
  %i = arith.constant 17 : index
  %j = arith.constant 5 : index
  %10 = arith.remui %i, %j : index
  vector.print %10 : index
  %11 = arith.divui %i, %j : index
  vector.print %11 : index
  %f = arith.constant -7.5 : f32
  %g = arith.constant 2.0 : f32
  %12 = arith.remf %f, %g : f32
  vector.print %12 : f32
  return
}
