// EXPECT-ERROR: 7:5: 'affine.yield' op types mismatch between yield op and its parent
// affine.for f32 iter_arg yielding an i32
func.func @f() -> f32 {
  %z = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 4 iter_args(%a = %z) -> (f32) {
    %c = arith.constant 1 : i32
    affine.yield %c : i32
  }
  return %r : f32
}
