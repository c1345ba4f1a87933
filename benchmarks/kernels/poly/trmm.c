/* PolyBench trmm, f32 (trmm.mlir's @kernel in C, same loops in the same
 * order): B = alpha * A^T * B with A unit lower triangular (BLAS side L,
 * uplo L, transa T, diag U; only A's strictly lower part, A[k][i] for
 * k > i, is read), A 640x640, B 640x768. The C peer of
 * benchmarks/KernelBench.cpp. */
#define M 640
#define N 768

void kernel_trmm(float alpha, const float (*restrict A)[M],
                 float (*restrict B)[N]) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      for (int k = i + 1; k < M; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
}
