/* PolyBench gemm at 2048, f32 (gemm2048.mlir's @kernel in C, same loops in
 * the same order): C = alpha*A*B + beta*C, 2048x2048. The C peer of
 * benchmarks/KernelBench.cpp, built into one shared object per compiler and
 * flag set (benchmarks/CMakeLists.txt) with the other kernels of this
 * folder. */
#define NI 2048
#define NJ 2048
#define NK 2048

void kernel_gemm2048(float alpha, float beta, float (*restrict C)[NJ],
                     const float (*restrict A)[NK],
                     const float (*restrict B)[NJ]) {
  for (int i = 0; i < NI; i++) {
    for (int j = 0; j < NJ; j++)
      C[i][j] *= beta;
    for (int k = 0; k < NK; k++)
      for (int j = 0; j < NJ; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}
