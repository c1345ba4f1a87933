/* Matrix-vector product, row form (y[i] += A[i][j] * x[j]), the loop of
 * matvec_row.mlir in C: the C peer of BM_MatVecRow in
 * benchmarks/VectorizeBench.cpp.
 * Built (benchmarks/CMakeLists.txt) into one shared object per compiler,
 * gcc-12, clang-19 and clang-19 with Polly, all -O3 -march=native
 * -ffast-math, that benchmarks/VectorizeBench.cpp dlopens. */
#define N 4096

void matvec_row(const float (*restrict A)[N], const float *restrict x,
                float *restrict y) {
  for (int i = 0; i < N; ++i) {
    float acc = y[i];
    for (int j = 0; j < N; ++j)
      acc += A[i][j] * x[j];
    y[i] = acc;
  }
}
