/* PolyBench bicg, f32 (bicg.mlir's @kernel in C, same loops in the same
 * order): s = A^T r, q = A p, A 4096x3840. The C peer of
 * benchmarks/KernelBench.cpp. */
#define N 4096
#define M 3840

void kernel_bicg(const float (*restrict A)[M], float *restrict s,
                 float *restrict q, const float *restrict p,
                 const float *restrict r) {
  for (int i = 0; i < M; i++)
    s[i] = 0;
  for (int i = 0; i < N; i++) {
    q[i] = 0.0f;
    for (int j = 0; j < M; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
}
