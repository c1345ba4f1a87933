// EXPECT-ERROR: 3:12: 'arith.addui_extended' op all non-scalar operands/results must have the same shape and base type
func.func @f(%a: vector<4xi32>, %b: vector<4xi32>) {
  %s, %o = arith.addui_extended %a, %b : vector<4xi32>, vector<2xi1>
  return
}
