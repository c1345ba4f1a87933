// A kernel whose result the passes may legitimately change: a sum whose
// adds allow reassociation (`fastmath<reassoc>`), which `reassociate` and
// `vectorize` reorder. Over values of very different magnitudes (1e8, 1,
// -1e8, ...) the order shows in the result, which makes it the tests'
// known difference between a pipeline and `--pipeline=none`.
#pragma once

namespace affjit::test {

/// `@sum(%A: memref<96xf32>, %out: memref<1xf32>)`: out[0] = sum of A.
inline constexpr const char *kReorderedSum =
    R"(func.func @sum(%A: memref<96xf32>, %out: memref<1xf32>) {
  %zero = arith.constant 0.0 : f32
  %s = affine.for %i = 0 to 96 iter_args(%acc = %zero) -> (f32) {
    %x = affine.load %A[%i] : memref<96xf32>
    %n = arith.addf %acc, %x fastmath<reassoc> : f32
    affine.yield %n : f32
  }
  affine.store %s, %out[0] : memref<1xf32>
  return
}
)";

} // namespace affjit::test
