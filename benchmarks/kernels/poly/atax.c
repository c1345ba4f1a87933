/* PolyBench atax, f32 (atax.mlir's @kernel in C, same loops in the same
 * order): y = A^T (A x), A 3840x4096. The C peer of
 * benchmarks/KernelBench.cpp. */
#define M 3840
#define N 4096

void kernel_atax(const float (*restrict A)[N], const float *restrict x,
                 float *restrict y, float *restrict tmp) {
  for (int i = 0; i < N; i++)
    y[i] = 0;
  for (int i = 0; i < M; i++) {
    tmp[i] = 0.0f;
    for (int j = 0; j < N; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (int j = 0; j < N; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
}
