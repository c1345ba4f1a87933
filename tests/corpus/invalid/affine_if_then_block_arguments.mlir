// EXPECT-ERROR: 4:3: 'affine.if' op region #0 should have no arguments
func.func @f(%i: index) {
  %c = arith.constant 200 : index
  affine.if affine_set<(d0) : (d0 - 2 >= 0)>(%i) {
    ^bb0(%a: i32):
      %w = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
  }
  return
}
