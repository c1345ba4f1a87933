// arith integer arithmetic: add/sub/mul, signed/unsigned div and rem, ceil/floor div, on i32, i64, index.
func.func @int_arith(%a: i32, %b: i32, %x: i64, %y: i64, %i: index, %j: index) -> (i32, i64, index) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %0, %b : i32
  %2 = arith.muli %1, %a : i32
  %3 = arith.divsi %2, %b : i32
  %4 = arith.divui %3, %b : i32
  %5 = arith.remsi %4, %b : i32
  %6 = arith.remui %5, %b : i32
  %7 = arith.ceildivsi %6, %b : i32
  %8 = arith.floordivsi %7, %b : i32
  %9 = arith.addi %x, %y : i64
  %10 = arith.muli %9, %y : i64
  %11 = arith.remsi %10, %x : i64
  %12 = arith.addi %i, %j : index
  %13 = arith.muli %12, %j : index
  %14 = arith.divsi %13, %i : index
  %15 = arith.remsi %14, %j : index
  %16 = arith.subi %15, %i : index
  return %8, %11, %16 : i32, i64, index
}
