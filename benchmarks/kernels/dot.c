/* Dot product of two 16M-element f32 vectors, the loop of dot.mlir in C: the
 * C peer of BM_Dot in benchmarks/VectorizeBench.cpp.
 * Built (benchmarks/CMakeLists.txt) into one shared object per compiler,
 * gcc-12, clang-19 and clang-19 with Polly, all -O3 -march=native
 * -ffast-math, that benchmarks/VectorizeBench.cpp dlopens. */
#define N 16777216

float dot(const float *restrict x, const float *restrict y) {
  float acc = 0.0f;
  for (int i = 0; i < N; ++i)
    acc += x[i] * y[i];
  return acc;
}
