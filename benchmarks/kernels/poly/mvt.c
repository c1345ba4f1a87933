/* PolyBench mvt, f32 (mvt.mlir's @kernel in C, same loops in the same
 * order): x1 += A y1, x2 += A^T y2, A 4096x4096. The C peer of
 * benchmarks/KernelBench.cpp. */
#define N 4096

void kernel_mvt(float *restrict x1, float *restrict x2,
                const float *restrict y_1, const float *restrict y_2,
                const float (*restrict A)[N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      x1[i] = x1[i] + A[i][j] * y_1[j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      x2[i] = x2[i] + A[j][i] * y_2[j];
}
