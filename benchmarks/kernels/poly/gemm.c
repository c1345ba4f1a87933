/* PolyBench gemm, f32 (gemm.mlir's @kernel in C, same loops in the same
 * order): C = alpha*A*B + beta*C, 1024x1024. The C peer of
 * benchmarks/KernelBench.cpp, built into one shared object per compiler and
 * flag set (benchmarks/CMakeLists.txt) with the other kernels of this
 * folder. */
#define NI 1024
#define NJ 1024
#define NK 1024

void kernel_gemm(float alpha, float beta, float (*restrict C)[NJ],
                 const float (*restrict A)[NK], const float (*restrict B)[NJ]) {
  for (int i = 0; i < NI; i++) {
    for (int j = 0; j < NJ; j++)
      C[i][j] *= beta;
    for (int k = 0; k < NK; k++)
      for (int j = 0; j < NJ; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}
