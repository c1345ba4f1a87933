/* Softmax over the rows of a 2048x1024 f32 matrix (softmax.mlir's @kernel
 * in C, same loops in the same order). The C peer of
 * benchmarks/KernelBench.cpp. */
#include <float.h>
#include <math.h>

#define ROWS 2048
#define COLS 1024

void kernel_softmax(const float (*restrict X)[COLS], float (*restrict Y)[COLS]) {
  for (int i = 0; i < ROWS; i++) {
    /* -FLT_MAX, not the MLIR file's -inf: -ffast-math assumes no
     * infinities. The maximum of finite values is the same. */
    float m = -FLT_MAX;
    for (int j = 0; j < COLS; j++)
      m = X[i][j] > m ? X[i][j] : m;
    float s = 0.0f;
    for (int j = 0; j < COLS; j++) {
      float e = expf(X[i][j] - m);
      Y[i][j] = e;
      s += e;
    }
    for (int j = 0; j < COLS; j++)
      Y[i][j] = Y[i][j] / s;
  }
}
