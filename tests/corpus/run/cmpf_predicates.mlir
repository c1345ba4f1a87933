// arith.cmpf with all 16 predicates, on an ordered pair (1.0, 2.0) and on (NaN, 2.0).
func.func @all(%a: f32, %b: f32) {
  %p0 = arith.cmpf false, %a, %b : f32
  %p1 = arith.cmpf oeq, %a, %b : f32
  %p2 = arith.cmpf ogt, %a, %b : f32
  %p3 = arith.cmpf oge, %a, %b : f32
  %p4 = arith.cmpf olt, %a, %b : f32
  %p5 = arith.cmpf ole, %a, %b : f32
  %p6 = arith.cmpf one, %a, %b : f32
  %p7 = arith.cmpf ord, %a, %b : f32
  %p8 = arith.cmpf ueq, %a, %b : f32
  %p9 = arith.cmpf ugt, %a, %b : f32
  %p10 = arith.cmpf uge, %a, %b : f32
  %p11 = arith.cmpf ult, %a, %b : f32
  %p12 = arith.cmpf ule, %a, %b : f32
  %p13 = arith.cmpf une, %a, %b : f32
  %p14 = arith.cmpf uno, %a, %b : f32
  %p15 = arith.cmpf true, %a, %b : f32
  %v = arith.constant dense<false> : vector<16xi1>
  %v0 = vector.insert %p0, %v[0] : i1 into vector<16xi1>
  %v1 = vector.insert %p1, %v0[1] : i1 into vector<16xi1>
  %v2 = vector.insert %p2, %v1[2] : i1 into vector<16xi1>
  %v3 = vector.insert %p3, %v2[3] : i1 into vector<16xi1>
  %v4 = vector.insert %p4, %v3[4] : i1 into vector<16xi1>
  %v5 = vector.insert %p5, %v4[5] : i1 into vector<16xi1>
  %v6 = vector.insert %p6, %v5[6] : i1 into vector<16xi1>
  %v7 = vector.insert %p7, %v6[7] : i1 into vector<16xi1>
  %v8 = vector.insert %p8, %v7[8] : i1 into vector<16xi1>
  %v9 = vector.insert %p9, %v8[9] : i1 into vector<16xi1>
  %v10 = vector.insert %p10, %v9[10] : i1 into vector<16xi1>
  %v11 = vector.insert %p11, %v10[11] : i1 into vector<16xi1>
  %v12 = vector.insert %p12, %v11[12] : i1 into vector<16xi1>
  %v13 = vector.insert %p13, %v12[13] : i1 into vector<16xi1>
  %v14 = vector.insert %p14, %v13[14] : i1 into vector<16xi1>
  %v15 = vector.insert %p15, %v14[15] : i1 into vector<16xi1>
  vector.print %v15 : vector<16xi1>
  return
}
func.func @main() {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  call @all(%one, %two) : (f32, f32) -> ()
  call @all(%two, %two) : (f32, f32) -> ()
  call @all(%nan, %two) : (f32, f32) -> ()
  return
}
