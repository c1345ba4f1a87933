/* Layer normalization over the rows of a 2048x1024 f32 matrix
 * (layernorm.mlir's @kernel in C, same loops in the same order). The C
 * peer of benchmarks/KernelBench.cpp. */
#include <math.h>

#define ROWS 2048
#define COLS 1024

void kernel_layernorm(const float (*restrict X)[COLS],
                      const float *restrict gamma, const float *restrict beta,
                      float (*restrict Y)[COLS]) {
  const float n = (float)COLS;
  for (int i = 0; i < ROWS; i++) {
    float sum = 0.0f;
    for (int j = 0; j < COLS; j++)
      sum += X[i][j];
    float mean = sum / n;
    float sq = 0.0f;
    for (int j = 0; j < COLS; j++) {
      float d = X[i][j] - mean;
      sq += d * d;
    }
    float var = sq / n;
    float inv = 1.0f / sqrtf(var + 1e-5f);
    for (int j = 0; j < COLS; j++)
      Y[i][j] = (X[i][j] - mean) * inv * gamma[j] + beta[j];
  }
}
