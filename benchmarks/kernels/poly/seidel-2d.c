/* PolyBench seidel-2d, f32 (seidel-2d.mlir's @kernel in C, same loops in
 * the same order): 20 in-place time steps on a 1024x1024 grid. The C peer
 * of benchmarks/KernelBench.cpp. */
#define N 1024
#define TSTEPS 20

void kernel_seidel_2d(float (*restrict A)[N]) {
  for (int t = 0; t <= TSTEPS - 1; t++)
    for (int i = 1; i <= N - 2; i++)
      for (int j = 1; j <= N - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] +
                   A[i][j - 1] + A[i][j] + A[i][j + 1] + A[i + 1][j - 1] +
                   A[i + 1][j] + A[i + 1][j + 1]) /
                  9.0f;
}
