/* Row sums of a 4096x4096 f32 matrix, the loop of rowsum.mlir in C: the C
 * peer of BM_RowSum in benchmarks/VectorizeBench.cpp.
 * Built (benchmarks/CMakeLists.txt) into one shared object per compiler,
 * gcc-12, clang-19 and clang-19 with Polly, all -O3 -march=native
 * -ffast-math, that benchmarks/VectorizeBench.cpp dlopens. */
#define N 4096

void rowsum(const float (*restrict A)[N], float *restrict out) {
  for (int i = 0; i < N; ++i) {
    float acc = 0.0f;
    for (int j = 0; j < N; ++j)
      acc += A[i][j];
    out[i] = acc;
  }
}
