/* PolyBench syr2k, f32 (syr2k.mlir's @kernel in C, same loops in the same
 * order): C = alpha*A*B^T + alpha*B*A^T + beta*C on the lower triangle of C
 * (j <= i), C 1024x1024, A and B 1024x384. The C peer of
 * benchmarks/KernelBench.cpp. */
#define N 1024
#define M 384

void kernel_syr2k(float alpha, float beta, float (*restrict C)[N],
                  const float (*restrict A)[M], const float (*restrict B)[M]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (int k = 0; k < M; k++)
      for (int j = 0; j <= i; j++)
        C[i][j] += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k];
  }
}
