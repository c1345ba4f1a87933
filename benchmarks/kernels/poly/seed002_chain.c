/* Seed 002's chain of batched matrix products, f32
 * (../seed002_chained_matmul.mlir's @kernel in C, same loops in the same
 * order): C[b] += A[b] B[b] (128x384 by 384x512), then E[b] += C[b] D[b]
 * (by 512x64), for 8 batches. The C peer of benchmarks/KernelBench.cpp. */
#define NB 8
#define M 128
#define K1 384
#define N1 512
#define N2 64

void kernel_seed002_chain(const float (*restrict A)[M][K1],
                          const float (*restrict B)[K1][N1],
                          float (*restrict C)[M][N1],
                          const float (*restrict D)[N1][N2],
                          float (*restrict E)[M][N2]) {
  for (int b = 0; b < NB; b++)
    for (int i = 0; i < M; i++)
      for (int j = 0; j < N1; j++)
        for (int k = 0; k < K1; k++)
          C[b][i][j] = C[b][i][j] + A[b][i][k] * B[b][k][j];
  for (int b = 0; b < NB; b++)
    for (int i = 0; i < M; i++)
      for (int j = 0; j < N2; j++)
        for (int k = 0; k < N1; k++)
          E[b][i][j] = E[b][i][j] + C[b][i][k] * D[b][k][j];
}
