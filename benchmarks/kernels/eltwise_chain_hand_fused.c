/* The elementwise chain of eltwise_chain.mlir fused by hand into one loop:
 * the C peer of benchmarks/FusionBench.cpp (BM_EltwiseChain/clang_hand_fused).
 * Built at build time by clang-19 -O3 -march=native -ffp-contract=off as a
 * shared object the benchmark dlopens. -ffp-contract=off keeps a*b+c and
 * t2*t2-a as separate roundings, as the MLIR's arith.mulf/addf/subf are, so
 * the results compare bit for bit. */
#include <stddef.h>

void eltwise_chain_hand_fused(const float *restrict a, const float *restrict b,
                              const float *restrict c, float *restrict out,
                              size_t n) {
  for (size_t i = 0; i < n; ++i) {
    float t1 = a[i] * b[i];
    float t2 = t1 + c[i];
    out[i] = t2 * t2 - a[i];
  }
}
