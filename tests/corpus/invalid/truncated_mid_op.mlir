// EXPECT-ERROR: 4:21: expected SSA operand
// file ends in the middle of an operation
func.func @f(%a: f32) {
  %0 = arith.addf %a,