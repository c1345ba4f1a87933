// EXPECT-ERROR: 6:5: 'affine.yield' op parent of yield must have same number of results as the yield operands
// affine.for with iter_args whose yield has no operands
func.func @f() -> f32 {
  %z = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 4 iter_args(%a = %z) -> (f32) {
    affine.yield
  }
  return %r : f32
}
