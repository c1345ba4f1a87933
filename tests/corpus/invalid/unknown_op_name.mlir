// EXPECT-ERROR: 4:8: custom op 'arith.frobnicate' is unknown
// an op name the arith dialect does not have
func.func @f(%a: f32) {
  %0 = arith.frobnicate %a : f32
  return
}
