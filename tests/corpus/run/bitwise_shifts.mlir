// Bitwise ops and shifts on i32/i8/i64: shrsi vs shrui on a negative value, xor/and/or masks.
func.func @main() {
  %a = arith.constant -16 : i32
  %b = arith.constant 2 : i32
  %m = arith.constant 255 : i32
  %0 = arith.andi %a, %m : i32
  vector.print %0 : i32
  %1 = arith.ori %a, %b : i32
  vector.print %1 : i32
  %2 = arith.xori %a, %m : i32
  vector.print %2 : i32
  %3 = arith.shli %a, %b : i32
  vector.print %3 : i32
  %4 = arith.shrsi %a, %b : i32
  vector.print %4 : i32
  %5 = arith.shrui %a, %b : i32
  vector.print %5 : i32
  %c = arith.constant 128 : i8
  %s1 = arith.constant 1 : i8
  %6 = arith.shrsi %c, %s1 : i8
  vector.print %6 : i8
  %7 = arith.shrui %c, %s1 : i8
  vector.print %7 : i8
  %w = arith.constant 1 : i64
  %s40 = arith.constant 40 : i64
  %8 = arith.shli %w, %s40 : i64
  vector.print %8 : i64
  %t = arith.constant true
  %f = arith.constant false
  %9 = arith.xori %t, %f : i1
  vector.print %9 : i1
  %va = arith.constant dense<[1, 2, 4, 8]> : vector<4xi32>
  %vs = arith.constant dense<[3, 2, 1, 0]> : vector<4xi32>
  %10 = arith.shli %va, %vs : vector<4xi32>
  vector.print %10 : vector<4xi32>
  return
}
