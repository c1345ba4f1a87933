// constant_mask (full, empty, partial, 3-D, 0-D) and create_mask with
// bounds from arguments: inside, zero, negative and past the dims (clamped).
func.func @masks(%i: index, %j: index) {
  %a = vector.create_mask %i : vector<5xi1>
  vector.print %a : vector<5xi1>
  %b = vector.create_mask %i, %j : vector<3x4xi1>
  vector.print %b : vector<3x4xi1>
  %c = vector.create_mask %j : vector<i1>
  vector.print %c : vector<i1>
  return
}

func.func @main() {
  %m0 = vector.constant_mask [0] : vector<4xi1>
  vector.print %m0 : vector<4xi1>
  %m1 = vector.constant_mask [4] : vector<4xi1>
  vector.print %m1 : vector<4xi1>
  %m2 = vector.constant_mask [0, 0] : vector<2x3xi1>
  vector.print %m2 : vector<2x3xi1>
  %m3 = vector.constant_mask [2, 3] : vector<2x3xi1>
  vector.print %m3 : vector<2x3xi1>
  %m4 = vector.constant_mask [1, 2, 1] : vector<2x3x2xi1>
  vector.print %m4 : vector<2x3x2xi1>
  %m5 = vector.constant_mask [1] : vector<i1>
  vector.print %m5 : vector<i1>
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : index
  %c9 = arith.constant 9 : index
  call @masks(%c2, %c3) : (index, index) -> ()
  call @masks(%c0, %c9) : (index, index) -> ()
  call @masks(%cm1, %c0) : (index, index) -> ()
  call @masks(%c9, %cm1) : (index, index) -> ()
  call @masks(%c3, %c2) : (index, index) -> ()
  return
}
