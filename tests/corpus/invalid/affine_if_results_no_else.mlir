// EXPECT-ERROR: 5:8: source has 0 operands, but target successor needs 1
// affine.if with a result but no else region
func.func @f(%i: index) -> f32 {
  %z = arith.constant 0.0 : f32
  %r = affine.if affine_set<(d0) : (d0 >= 0)>(%i) -> f32 {
    affine.yield %z : f32
  }
  return %r : f32
}
