/* Column sums of a 4096x4096 f32 matrix, the loop of colsum.mlir in C: the
 * C peer of BM_ColSum in benchmarks/VectorizeBench.cpp.
 * Built (benchmarks/CMakeLists.txt) into one shared object per compiler,
 * gcc-12, clang-19 and clang-19 with Polly, all -O3 -march=native
 * -ffast-math, that benchmarks/VectorizeBench.cpp dlopens. */
#define N 4096

void colsum(const float (*restrict A)[N], float *restrict out) {
  for (int j = 0; j < N; ++j) {
    float acc = 0.0f;
    for (int i = 0; i < N; ++i)
      acc += A[i][j];
    out[j] = acc;
  }
}
