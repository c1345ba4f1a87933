/* PolyBench syrk, f32 (syrk.mlir's @kernel in C, same loops in the same
 * order): C = alpha*A*A^T + beta*C on the lower triangle of C (j <= i), C
 * 1024x1024, A 1024x768. The C peer of benchmarks/KernelBench.cpp. */
#define N 1024
#define M 768

void kernel_syrk(float alpha, float beta, float (*restrict C)[N],
                 const float (*restrict A)[M]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (int k = 0; k < M; k++)
      for (int j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
  }
}
