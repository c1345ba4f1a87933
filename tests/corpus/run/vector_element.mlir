// extractelement / insertelement with i32 and index positions, 0-D vectors,
// i1 and i8 lanes; the positions come from function arguments.
func.func @elements(%i: i32, %j: index, %s: f32) {
  %v = arith.constant dense<[10.0, 11.0, 12.0, 13.0]> : vector<4xf32>
  %a = vector.extractelement %v[%i : i32] : vector<4xf32>
  vector.print %a : f32
  %b = vector.insertelement %s, %v[%j : index] : vector<4xf32>
  vector.print %b : vector<4xf32>
  %z = arith.constant dense<7> : vector<i64>
  %c = vector.extractelement %z[] : vector<i64>
  vector.print %c : i64
  %k = arith.constant -3 : i64
  %d = vector.insertelement %k, %z[] : vector<i64>
  vector.print %d : vector<i64>
  %bits = arith.constant dense<[false, false, true]> : vector<3xi1>
  %t = arith.constant true
  %e = vector.insertelement %t, %bits[%i : i32] : vector<3xi1>
  vector.print %e : vector<3xi1>
  %bytes = arith.constant dense<[-128, 0, 127]> : vector<3xi8>
  %f = vector.extractelement %bytes[%j : index] : vector<3xi8>
  vector.print %f : i8
  return
}

func.func @main() {
  %i = arith.constant 1 : i32
  %j = arith.constant 2 : index
  %s = arith.constant -1.5 : f32
  call @elements(%i, %j, %s) : (i32, index, f32) -> ()
  %i0 = arith.constant 0 : i32
  %j0 = arith.constant 0 : index
  call @elements(%i0, %j0, %s) : (i32, index, f32) -> ()
  return
}
