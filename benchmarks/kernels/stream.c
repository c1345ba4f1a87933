/* Streaming kernels over 16M f32 (64 MB), the memory-bandwidth yardstick of
 * benchmarks/VectorizeBench.cpp (BM_Stream): a vectorized sum (reads 64 MB)
 * and a copy (reads 64 MB, writes 64 MB).
 * Built (benchmarks/CMakeLists.txt) into one shared object per compiler,
 * gcc-12, clang-19 and clang-19 with Polly, all -O3 -march=native
 * -ffast-math, that benchmarks/VectorizeBench.cpp dlopens.
 * The benchmark uses the clang-19 build. The copy is kept a vectorized loop
 * of loads and stores, as the other kernels' generated code is, rather than
 * a call of the C library's memcpy (which streams past the cache). */
#define N 16777216

#if defined(__clang__)
#define KEEP_LOOP __attribute__((no_builtin("memcpy")))
#else
#define KEEP_LOOP __attribute__((optimize("no-tree-loop-distribute-patterns")))
#endif

float stream_sum(const float *restrict x) {
  float acc = 0.0f;
  for (int i = 0; i < N; ++i)
    acc += x[i];
  return acc;
}

KEEP_LOOP void stream_copy(const float *restrict x, float *restrict y) {
  for (int i = 0; i < N; ++i)
    y[i] = x[i];
}
