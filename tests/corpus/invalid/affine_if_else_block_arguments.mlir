// EXPECT-ERROR: 3:3: 'affine.if' op region #1 should have no arguments
func.func @f(%i: index) {
  affine.if affine_set<(d0) : (d0 - 2 >= 0)>(%i) {
    %w = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
  } else {
    ^bb0(%a: f32):
      %w = affine.apply affine_map<(d0) -> (d0 + 2)>(%i)
  }
  return
}
