/* The machine's own limits, for the roofline plot of scripts/bench-report.sh
 * (benchmarks/MachineBench.cpp): one core's peak float throughput (chains
 * of fused multiply-adds kept in registers) and its memory bandwidth (a
 * STREAM-style triad over arrays far larger than the caches). Built at
 * build time by clang-19 -O3 -march=native -ffp-contract=fast as a shared
 * object the benchmark dlopens, so the host's widest vectors are used. */
#include <stddef.h>

/* Independent accumulator vectors, one register each: enough to hide the
 * FMA latency of every FMA unit of current x86 cores, and with the two
 * operands 14 registers, so AVX2's 16 hold them (16 lanes each there took
 * 24 registers, and the spills halved the measured peak). */
#define CHAINS 12
#if defined(__AVX512F__)
#define LANES 16
#elif defined(__AVX__)
#define LANES 8
#else
#define LANES 4
#endif
typedef float vfloat __attribute__((vector_size(LANES * sizeof(float))));

/* Flops of one round of machine_peak_fma on this build's vector width. */
long machine_peak_flops_per_round(void) { return CHAINS * LANES * 2; }

/* Runs `iterations` rounds of CHAINS x LANES multiply-adds (2 flops each);
 * returns their sum so the work is not optimized away. */
float machine_peak_fma(long iterations, float scale, float offset) {
  vfloat acc[CHAINS];
  vfloat s = {0}, o = {0};
  s += scale;
  o += offset;
  for (int c = 0; c < CHAINS; ++c)
    acc[c] = s * (float)c;
  for (long i = 0; i < iterations; ++i)
#pragma clang loop unroll(full)
    for (int c = 0; c < CHAINS; ++c)
      acc[c] = acc[c] * s + o;
  float sum = 0;
  for (int c = 0; c < CHAINS; ++c)
    for (int l = 0; l < LANES; ++l)
      sum += acc[c][l];
  return sum;
}

/* a[i] = b[i] + s * c[i]: 2 flops, 12 bytes moved per element. */
void machine_triad(float *restrict a, const float *restrict b,
                   const float *restrict c, float s, size_t n) {
  for (size_t i = 0; i < n; ++i)
    a[i] = b[i] + s * c[i];
}
