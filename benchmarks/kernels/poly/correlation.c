/* PolyBench correlation over a 1024x768 f32 data matrix (correlation.mlir's
 * @kernel in C, same loops in the same order). The C peer of
 * benchmarks/KernelBench.cpp. */
#include <math.h>

#define N 1024
#define M 768

void kernel_correlation(float fn, float (*restrict data)[M],
                        float (*restrict corr)[M], float *restrict mean,
                        float *restrict stddev) {
  const float eps = 0.1f;
  for (int j = 0; j < M; j++) {
    mean[j] = 0.0f;
    for (int i = 0; i < N; i++)
      mean[j] += data[i][j];
    mean[j] /= fn;
  }
  for (int j = 0; j < M; j++) {
    stddev[j] = 0.0f;
    for (int i = 0; i < N; i++)
      stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    stddev[j] /= fn;
    stddev[j] = sqrtf(stddev[j]);
    stddev[j] = stddev[j] <= eps ? 1.0f : stddev[j];
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      data[i][j] -= mean[j];
      data[i][j] /= sqrtf(fn) * stddev[j];
    }
  for (int i = 0; i < M - 1; i++) {
    corr[i][i] = 1.0f;
    for (int j = i + 1; j < M; j++) {
      corr[i][j] = 0.0f;
      for (int k = 0; k < N; k++)
        corr[i][j] += data[k][i] * data[k][j];
      corr[j][i] = corr[i][j];
    }
  }
  corr[M - 1][M - 1] = 1.0f;
}
