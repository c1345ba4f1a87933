/* PolyBench gesummv, f32 (gesummv.mlir's @kernel in C, same loops in the
 * same order): y = alpha*A x + beta*B x, A and B 4096x4096. The C peer of
 * benchmarks/KernelBench.cpp. */
#define N 4096

void kernel_gesummv(float alpha, float beta, const float (*restrict A)[N],
                    const float (*restrict B)[N], float *restrict tmp,
                    const float *restrict x, float *restrict y) {
  for (int i = 0; i < N; i++) {
    tmp[i] = 0.0f;
    y[i] = 0.0f;
    for (int j = 0; j < N; j++) {
      tmp[i] = A[i][j] * x[j] + tmp[i];
      y[i] = B[i][j] * x[j] + y[i];
    }
    y[i] = alpha * tmp[i] + beta * y[i];
  }
}
