// arith.cmpi with every predicate, on i32, index and a vector.
func.func @cmpi(%a: i32, %b: i32, %i: index, %j: index, %v: vector<4xi32>) -> vector<4xi1> {
  %0 = arith.cmpi eq, %a, %b : i32
  %1 = arith.cmpi ne, %a, %b : i32
  %2 = arith.cmpi slt, %a, %b : i32
  %3 = arith.cmpi sle, %a, %b : i32
  %4 = arith.cmpi sgt, %a, %b : i32
  %5 = arith.cmpi sge, %a, %b : i32
  %6 = arith.cmpi ult, %a, %b : i32
  %7 = arith.cmpi ule, %a, %b : i32
  %8 = arith.cmpi ugt, %a, %b : i32
  %9 = arith.cmpi uge, %a, %b : i32
  %10 = arith.cmpi slt, %i, %j : index
  %11 = arith.cmpi eq, %v, %v : vector<4xi32>
  return %11 : vector<4xi1>
}
