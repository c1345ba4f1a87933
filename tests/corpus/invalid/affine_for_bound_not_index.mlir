// EXPECT-ERROR: 4:24: use of value '%n' expects different type than prior uses: 'index' vs 'f32'
// affine.for upper bound bound to an f32 value
func.func @f(%n: f32) {
  affine.for %i = 0 to %n {
  }
  return
}
