// arith bitwise ops and shifts on i1, i8, i32, i64.
func.func @bitwise(%a: i32, %b: i32, %p: i1, %q: i1, %c: i8, %w: i64) -> (i32, i1, i8, i64) {
  %0 = arith.andi %a, %b : i32
  %1 = arith.ori %0, %b : i32
  %2 = arith.xori %1, %a : i32
  %3 = arith.shli %2, %b : i32
  %4 = arith.shrsi %3, %b : i32
  %5 = arith.shrui %4, %b : i32
  %6 = arith.andi %p, %q : i1
  %7 = arith.xori %6, %q : i1
  %8 = arith.ori %c, %c : i8
  %9 = arith.shli %w, %w : i64
  return %5, %7, %8, %9 : i32, i1, i8, i64
}
