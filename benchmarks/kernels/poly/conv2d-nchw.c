/* A 3x3 NCHW convolution, f32 (conv2d-nchw.mlir's @kernel in C, same loops
 * in the same order): 1 image, 64 -> 96 channels, 58x58 -> 56x56. The C
 * peer of benchmarks/KernelBench.cpp. */
#define NB 1
#define C 64
#define K 96
#define H 56
#define W 56

void kernel_conv2d_nchw(const float (*restrict in)[C][H + 2][W + 2],
                        const float (*restrict wt)[C][3][3],
                        float (*restrict out)[K][H][W]) {
  for (int n = 0; n < NB; n++)
    for (int k = 0; k < K; k++)
      for (int h = 0; h < H; h++)
        for (int w = 0; w < W; w++) {
          out[n][k][h][w] = 0.0f;
          for (int c = 0; c < C; c++)
            for (int r = 0; r < 3; r++)
              for (int s = 0; s < 3; s++)
                out[n][k][h][w] += in[n][c][h + r][w + s] * wt[k][c][r][s];
        }
}
