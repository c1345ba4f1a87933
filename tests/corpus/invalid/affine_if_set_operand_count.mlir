// EXPECT-ERROR: 4:3: custom op 'affine.if' dim operand count and integer set dim count must match
// affine.if with fewer operands than the set has dims
func.func @f(%i: index) {
  affine.if affine_set<(d0, d1) : (d0 - d1 >= 0)>(%i) {
  }
  return
}
