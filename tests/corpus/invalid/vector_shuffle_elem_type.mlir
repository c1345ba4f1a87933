// EXPECT-ERROR: 4:8: 'vector.shuffle' op failed to verify that second operand v2 and result have same element type
// the operands' element types differ
func.func @f(%a: vector<4xf32>, %b: vector<2xi32>) {
  %0 = vector.shuffle %a, %b [0, 1] : vector<4xf32>, vector<2xi32>
  return
}
