// EXPECT-ERROR: 5:46: use of value '%z' expects different type than prior uses: 'f32' vs 'i32'
// affine.for iter_args initial value type differs from the declared result type
func.func @f() -> f32 {
  %z = arith.constant 0 : i32
  %r = affine.for %i = 0 to 4 iter_args(%a = %z) -> (f32) {
    affine.yield %a : f32
  }
  return %r : f32
}
