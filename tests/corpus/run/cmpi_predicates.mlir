// arith.cmpi with all ten predicates on (-1, 2) as i32 (signed vs unsigned differ), printed as a
// vector<10xi1> built with vector.insert, and a vector cmpi.
func.func @main() {
  %a = arith.constant -1 : i32
  %b = arith.constant 2 : i32
  %p0 = arith.cmpi eq, %a, %b : i32
  %p1 = arith.cmpi ne, %a, %b : i32
  %p2 = arith.cmpi slt, %a, %b : i32
  %p3 = arith.cmpi sle, %a, %b : i32
  %p4 = arith.cmpi sgt, %a, %b : i32
  %p5 = arith.cmpi sge, %a, %b : i32
  %p6 = arith.cmpi ult, %a, %b : i32
  %p7 = arith.cmpi ule, %a, %b : i32
  %p8 = arith.cmpi ugt, %a, %b : i32
  %p9 = arith.cmpi uge, %a, %b : i32
  %v = arith.constant dense<false> : vector<10xi1>
  %v0 = vector.insert %p0, %v[0] : i1 into vector<10xi1>
  %v1 = vector.insert %p1, %v0[1] : i1 into vector<10xi1>
  %v2 = vector.insert %p2, %v1[2] : i1 into vector<10xi1>
  %v3 = vector.insert %p3, %v2[3] : i1 into vector<10xi1>
  %v4 = vector.insert %p4, %v3[4] : i1 into vector<10xi1>
  %v5 = vector.insert %p5, %v4[5] : i1 into vector<10xi1>
  %v6 = vector.insert %p6, %v5[6] : i1 into vector<10xi1>
  %v7 = vector.insert %p7, %v6[7] : i1 into vector<10xi1>
  %v8 = vector.insert %p8, %v7[8] : i1 into vector<10xi1>
  %v9 = vector.insert %p9, %v8[9] : i1 into vector<10xi1>
  vector.print %v9 : vector<10xi1>
  %x = arith.constant dense<[1, 5, -3, 7]> : vector<4xi64>
  %y = arith.constant dense<[1, 4, 3, 8]> : vector<4xi64>
  %c = arith.cmpi sle, %x, %y : vector<4xi64>
  vector.print %c : vector<4xi1>
  %i = arith.constant 3 : index
  %j = arith.constant 4 : index
  %ci = arith.cmpi ult, %i, %j : index
  vector.print %ci : i1
  return
}
