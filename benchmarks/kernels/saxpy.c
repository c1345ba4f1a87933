/* saxpy over 16M f32, the loop of saxpy.mlir in C: the C peer of BM_Saxpy in
 * benchmarks/VectorizeBench.cpp.
 * Built (benchmarks/CMakeLists.txt) into one shared object per compiler,
 * gcc-12, clang-19 and clang-19 with Polly, all -O3 -march=native
 * -ffast-math, that benchmarks/VectorizeBench.cpp dlopens. */
#define N 16777216

void saxpy(float a, const float *restrict x, float *restrict y) {
  for (int i = 0; i < N; ++i)
    y[i] = a * x[i] + y[i];
}
