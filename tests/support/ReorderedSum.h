// A kernel whose result the passes may legitimately change: running sums
// whose adds allow reassociation (`fastmath<reassoc>`), which `reassociate`
// reorders so that the previous sum is added last. Over values of very
// different magnitudes (1e8, 5, -1e8, ...) the order shows in the result,
// which makes it the tests' known difference between a pipeline and
// `--pipeline=none`. Each sum is stored before the next starts, so neither
// affjit's vectorizer nor LLVM's can reorder across iterations: the
// difference is the same whatever the target's vector width.
#pragma once

namespace affjit::test {

/// `@sum(%A: memref<96xf32>, %out: memref<97xf32>)`: out[0] = 0 and
/// out[i + 1] = out[i] + A[i] + A[i], so out[96] is twice the sum of A.
inline constexpr const char *kReorderedSum =
    R"(func.func @sum(%A: memref<96xf32>, %out: memref<97xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.store %zero, %out[0] : memref<97xf32>
  affine.for %i = 0 to 96 {
    %p = affine.load %out[%i] : memref<97xf32>
    %x = affine.load %A[%i] : memref<96xf32>
    %s = arith.addf %p, %x fastmath<reassoc> : f32
    %t = arith.addf %s, %x fastmath<reassoc> : f32
    affine.store %t, %out[%i + 1] : memref<97xf32>
  }
  return
}
)";

} // namespace affjit::test
