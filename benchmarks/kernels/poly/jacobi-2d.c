/* PolyBench jacobi-2d, f32 (jacobi-2d.mlir's @kernel in C, same loops in
 * the same order): 40 time steps on 1024x1024 grids. The C peer of
 * benchmarks/KernelBench.cpp. */
#define N 1024
#define TSTEPS 40

void kernel_jacobi_2d(float (*restrict A)[N], float (*restrict B)[N]) {
  for (int t = 0; t < TSTEPS; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        B[i][j] = 0.2f * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] +
                          A[i - 1][j]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = 0.2f * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] +
                          B[i - 1][j]);
  }
}
