/* PolyBench 3mm, f32 (3mm.mlir's @kernel in C, same loops in the same
 * order): E = A*B, F = C*D, G = E*F. The C peer of
 * benchmarks/KernelBench.cpp. */
#define NI 448
#define NJ 480
#define NK 512
#define NL 544
#define NM 576

void kernel_3mm(float (*restrict E)[NJ], const float (*restrict A)[NK],
                const float (*restrict B)[NJ], float (*restrict F)[NL],
                const float (*restrict C)[NM], const float (*restrict D)[NL],
                float (*restrict G)[NL]) {
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      E[i][j] = 0.0f;
      for (int k = 0; k < NK; ++k)
        E[i][j] += A[i][k] * B[k][j];
    }
  for (int i = 0; i < NJ; i++)
    for (int j = 0; j < NL; j++) {
      F[i][j] = 0.0f;
      for (int k = 0; k < NM; ++k)
        F[i][j] += C[i][k] * D[k][j];
    }
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NL; j++) {
      G[i][j] = 0.0f;
      for (int k = 0; k < NJ; ++k)
        G[i][j] += E[i][k] * F[k][j];
    }
}
