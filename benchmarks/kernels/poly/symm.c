/* PolyBench symm, f32 (symm.mlir's @kernel in C, same loops in the same
 * order): C = alpha*A*B + beta*C with A symmetric, only its lower triangle
 * (A[i][k], k <= i) read (BLAS side L, uplo L), A 640x640, B and C
 * 640x576. temp2 is a scalar as in PolyBench (an iter_args value in
 * symm.mlir). The C peer of benchmarks/KernelBench.cpp. */
#define M 640
#define N 576

void kernel_symm(float alpha, float beta, float (*restrict C)[N],
                 const float (*restrict A)[M], const float (*restrict B)[N]) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float temp2 = 0.0f;
      for (int k = 0; k < i; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
    }
}
