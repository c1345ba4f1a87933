// EXPECT-ERROR: 4:3: custom op 'affine.for' symbol operand count and affine map symbol count must match
// affine.for upper-bound map with too few operands
func.func @f(%n: index) {
  affine.for %i = 0 to affine_map<(d0)[s0] -> (d0 + s0)>(%n) {
  }
  return
}
