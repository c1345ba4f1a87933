/* PolyBench 2mm, f32 (2mm.mlir's @kernel in C, same loops in the same
 * order): tmp = alpha*A*B, D = tmp*C + beta*D. The C peer of
 * benchmarks/KernelBench.cpp. */
#define NI 512
#define NJ 544
#define NK 576
#define NL 608

void kernel_2mm(float alpha, float beta, float (*restrict tmp)[NJ],
                const float (*restrict A)[NK], const float (*restrict B)[NJ],
                const float (*restrict C)[NL], float (*restrict D)[NL]) {
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      tmp[i][j] = 0.0f;
      for (int k = 0; k < NK; ++k)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NL; j++) {
      D[i][j] *= beta;
      for (int k = 0; k < NJ; ++k)
        D[i][j] += tmp[i][k] * C[k][j];
    }
}
