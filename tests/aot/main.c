/* Calls the kernels of kernels.mlir, compiled by `affjit compile`, from C
 * and checks each against the same computation written in C (compiled with
 * -ffp-contract=off, so bit for bit). Prints one line per kernel; exits 1
 * on the first difference. */
#include "kernels.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

static void check(const char *kernel, int ok) {
  printf("%s: %s\n", kernel, ok ? "ok" : "MISMATCH");
  failures += !ok;
}

static void testSaxpy(void) {
  enum { N = 1000 };
  static float x[N], y[N], want[N];
  for (int i = 0; i < N; ++i) {
    x[i] = (float)i * 0.37f - 11.0f;
    y[i] = want[i] = 1.0f / (float)(i + 1);
  }
  affjit_memref_f32_1d X = {x, x, 0, {N}, {1}}, Y = {y, y, 0, {N}, {1}};
  saxpy(1.5f, &X, &Y);
  for (int i = 0; i < N; ++i) {
    float p = 1.5f * x[i];
    want[i] = p + want[i];
  }
  check("saxpy", memcmp(y, want, sizeof y) == 0);
}

static void testMatmul(void) {
  static double a[64][48], b[48][32], c[64][32], want[64][32];
  for (int i = 0; i < 64; ++i)
    for (int k = 0; k < 48; ++k)
      a[i][k] = (double)((i * 7 + k * 3) % 17) / 8.0 - 1.0;
  for (int k = 0; k < 48; ++k)
    for (int j = 0; j < 32; ++j)
      b[k][j] = (double)((k * 5 + j) % 13) / 3.0;
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < 32; ++j)
      c[i][j] = want[i][j] = (double)(i - j) / 7.0;
  affjit_memref_f64_2d A = {&a[0][0], &a[0][0], 0, {64, 48}, {48, 1}};
  affjit_memref_f64_2d B = {&b[0][0], &b[0][0], 0, {48, 32}, {32, 1}};
  affjit_memref_f64_2d C = {&c[0][0], &c[0][0], 0, {64, 32}, {32, 1}};
  matmul(&A, &B, &C);
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < 32; ++j)
      for (int k = 0; k < 48; ++k) {
        double p = a[i][k] * b[k][j];
        want[i][j] = want[i][j] + p;
      }
  check("matmul", memcmp(c, want, sizeof c) == 0);
}

static void testSumArgmax(void) {
  /* Column 2 of a 50x7 matrix: offset 2, stride 7. */
  static int32_t m[50][7];
  for (int i = 0; i < 50; ++i)
    for (int j = 0; j < 7; ++j)
      m[i][j] = (int32_t)((i * 37 + j * 11) % 101) - 50;
  m[23][2] = 1000000;
  affjit_memref_i32_1d col = {&m[0][0], &m[0][0], 2, {50}, {7}};
  sum_argmax_results r;
  sum_argmax(&r, &col);
  int64_t sum = 0;
  for (int i = 0; i < 50; ++i)
    sum += m[i][2];
  check("sum_argmax", r.r0 == sum && r.r1 == 23);
}

static void testScaleRows(void) {
  float *in = malloc(256 * 256 * sizeof(float));
  float *out = malloc(256 * 256 * sizeof(float));
  float scale = 0.75f;
  for (int i = 0; i < 256 * 256; ++i)
    in[i] = (float)(i % 1013) - 500.0f;
  affjit_memref_f32_2d In = {in, in, 0, {256, 256}, {256, 1}};
  affjit_memref_f32_2d Out = {out, out, 0, {256, 256}, {256, 1}};
  affjit_memref_f32_0d S = {&scale, &scale, 0};
  scale_rows(&In, &S, &Out);
  int ok = 1;
  for (int i = 0; i < 256 * 256; ++i)
    ok &= out[i] == in[i] * scale;
  check("scale_rows", ok);
  free(in);
  free(out);
}

int main(void) {
  testSaxpy();
  testMatmul();
  testSumArgmax();
  testScaleRows();
  return failures ? 1 : 0;
}
