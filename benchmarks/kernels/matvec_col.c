/* Matrix-vector product, column form (y[j] += A[i][j] * x[i]), the loop of
 * matvec_col.mlir in C: the C peer of BM_MatVecCol in
 * benchmarks/VectorizeBench.cpp.
 * Built (benchmarks/CMakeLists.txt) into one shared object per compiler,
 * gcc-12, clang-19 and clang-19 with Polly, all -O3 -march=native
 * -ffast-math, that benchmarks/VectorizeBench.cpp dlopens. */
#define N 4096

void matvec_col(const float (*restrict A)[N], const float *restrict x,
                float *restrict y) {
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      y[j] += A[i][j] * x[i];
}
