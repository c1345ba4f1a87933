/* PolyBench covariance over a 1024x768 f32 data matrix (covariance.mlir's
 * @kernel in C, same loops in the same order). The C peer of
 * benchmarks/KernelBench.cpp. */
#define N 1024
#define M 768

void kernel_covariance(float fn, float (*restrict data)[M],
                       float (*restrict cov)[M], float *restrict mean) {
  for (int j = 0; j < M; j++) {
    mean[j] = 0.0f;
    for (int i = 0; i < N; i++)
      mean[j] += data[i][j];
    mean[j] /= fn;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      data[i][j] -= mean[j];
  for (int i = 0; i < M; i++)
    for (int j = i; j < M; j++) {
      cov[i][j] = 0.0f;
      for (int k = 0; k < N; k++)
        cov[i][j] += data[k][i] * data[k][j];
      cov[i][j] /= (fn - 1.0f);
      cov[j][i] = cov[i][j];
    }
}
