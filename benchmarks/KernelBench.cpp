// The kernel suite of issue 15: naive PolyBench-style nests
// (benchmarks/kernels/poly/NAME.mlir and seed 002's chain,
// kernels/seed002_chained_matmul.mlir), run by affjit against C compilers,
// MLIR 19's own pipeline and OpenBLAS, all in one run, single-threaded.
//
// Rows: BM_Kernel/KERNEL/VARIANT, KERNEL one of gemm, gemm2048 (the same at
// 2048^3, where B outgrows the L2: the tile pass's case), 2mm, 3mm, atax, bicg,
// mvt, gesummv, jacobi-2d, seidel-2d, conv2d-nchw, softmax, layernorm,
// covariance, correlation, syrk, syr2k, trmm, symm, seed002_chain. Each
// variant calls the file's @kernel (or its C twin poly/NAME.c, kernel_NAME)
// on buffers filled here the way the file's @main fills them: integers below
// ~1050 times 2^-9 or 2^-10, exact in f32 but with enough bits that sums
// round, so a reordered sum shows (seed 002's @main fills with multiples of
// 1/8 that sum exactly; here its inputs are filled like the others):
// - affjit_default: the `default` pipeline, no fast math. Nothing may be
//   reassociated: its output must equal, bit for bit, the in-order f32
//   reference computed here in C++ (the loops as written, one rounding per
//   operation, this file built with -ffp-contract=off).
// - affjit_default_fastmath: `default` with EngineOptions::fastMath.
// - clang19, polly19 (-mllvm -polly), gcc12: the C kernel at -O3
//   -march=native, and the same with -ffast-math (_fastmath rows). The
//   compilers keep their default FP contraction (FMAs), as on the plain
//   command line.
// - mlir19: the .mlir file's @kernel through MLIR 19's own pipeline
//   (kernels/mlir_peer.sh: affine-loop-fusion, affine-scalrep,
//   affine-super-vectorize at 16 lanes, LICM, lowering, clang-19 -O3
//   -march=native); mlir19_fastmath also vectorizes reductions and compiles
//   with -ffast-math.
// - openblas: the same computation through cblas_sgemm/sgemv (gemm, 2mm,
//   3mm, seed002_chain, atax, bicg, mvt, gesummv), single-threaded. Debian's
//   OpenBLAS 0.3.21 misdetects some newer CPUs (`openblas_get_corename()`
//   says Prescott and it runs ~3x slower), so on AVX-512 hosts
//   OPENBLAS_CORETYPE=SkylakeX is set (unless already set), with
//   OPENBLAS_NUM_THREADS=1, before the library is dlopened; the row's label
//   is the core OpenBLAS chose.
// - blis: the same cblas calls through BLIS (libblis-dev's CBLAS layer),
//   single-threaded (BLIS_NUM_THREADS=1 and bli_thread_set_num_threads);
//   the label is BLIS's version and the kernel set it chose.
// - eigen: the same calls through Eigen's matrix products
//   (kernels/eigen_blas.cpp, built -O3 -march=native without OpenMP).
// An MLIR peer's first call runs in a child process first: one that
// crashes is an error row. Every row but affjit_default is checked within a
// relative kRelTol of the f64 reference (the same loops in double), per
// element against the larger of its magnitude and 1e-3 of the output's
// largest; the counter rel_err is the largest such difference. A missing
// compiler, a peer that failed to build (MLIR's message) or a wrong result
// shows as an error row.
//
// Counters: GFLOPS (nominal flops of the kernel, 2 per multiply-add, 1 per
// other float op, exp and sqrt 1, per second of this thread's CPU time,
// which a busy machine's preemption does not inflate), and for gemm
// peak_GFLOPS (one core's FMA peak, measured with kernels/machine_peak.c
// the same way) and of_peak (GFLOPS / peak_GFLOPS). Buffers a kernel updates in
// place (gemm's C, the stencils' grids, ...) are restored before each call,
// outside the timed region. BM_KernelCompile/seed002_kernel/affjit_default
// is the compile latency (parse, passes, LLVM) of seed 002's kernel.
//
// How to read: compare rows of one kernel by time (lower is faster). The
// issue's targets are ratios, per kernel, of affjit to the best peer in the
// same mode: affjit_default against clang19, polly19, gcc12 and mlir19;
// affjit_default_fastmath against their _fastmath rows (OpenBLAS, BLIS and
// Eigen are compared separately: gemm >= 75% of them, seed 002 within
// 1.2x).
// scripts/kernel_bench_summary.py prints these ratios and their geometric
// means from the JSON output (1.0 = as fast as the best peer; below 1.0
// affjit wins):
//
//   build/bin/affjit_bench --benchmark_filter='BM_Kernel'
//       --benchmark_out=kernels.json --benchmark_out_format=json
//   python3 scripts/kernel_bench_summary.py kernels.json
//
// Each row runs at least 0.5 s; all rows take about 10 minutes (naive rows
// call for ~0.3 s each; the references cost a few seconds per kernel).
#include "affjit/Engine.h"

#include <benchmark/benchmark.h>

#include <dlfcn.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

/// Tolerance of results that may be reassociated or contracted, relative to
/// the f64 result.
constexpr double kRelTol = 1e-3;
/// Minimum time of every row, in seconds.
constexpr double kMinTime = 0.5;
/// A variant whose first (checked) call takes longer is not timed.
constexpr double kMaxCallSeconds = 10;

std::string readFile(const std::string &path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// ---------------------------------------------------------------------------
// Kernels: buffers, fills, references.

/// A buffer of @kernel: its shape, how @main fills it (element [i0, i1,
/// ...] = ((sum coef[d]*i_d + c) mod n) * scale, small integers times a
/// power of two, exact in f32), and its role.
struct BufferSpec {
  std::vector<int64_t> shape;
  std::vector<int64_t> coef;
  int64_t c = 0, n = 1;
  float scale = 0;
  /// The kernel reads what it writes: restored before every call.
  bool inout = false;
  /// An output the checks compare.
  bool checked = false;
};

template <typename T> using Bufs = std::vector<std::vector<T>>;
template <typename T> using RefFn = void (*)(Bufs<T> &);

/// The BLAS functions a kernel's BLAS form needs (loaded from OpenBLAS,
/// BLIS or the Eigen peer), and what the row's label says of the library.
struct Blas {
  using Sgemm = void (*)(int, int, int, int, int, int, float, const float *,
                         int, const float *, int, float, float *, int);
  using Sgemv = void (*)(int, int, int, int, float, const float *, int,
                         const float *, int, float, float *, int);
  Sgemm sgemm = nullptr;
  Sgemv sgemv = nullptr;
  std::string label, error;
};
constexpr int kRowMajor = 101, kNoTrans = 111, kTrans = 112;

struct KernelSpec {
  /// The file stem and row name (poly/NAME.mlir), the C symbol.
  std::string name, mlirFile, cSymbol;
  /// @kernel's leading f32 arguments, then one memref per buffer.
  std::vector<float> scalars;
  std::vector<BufferSpec> buffers;
  double flops;
  /// The loops as written, on buffers filled like the inputs.
  RefFn<float> ref32;
  RefFn<double> ref64;
  /// The same result through BLAS calls, or null.
  void (*blas)(const Blas &, const std::vector<float *> &) = nullptr;
};

BufferSpec in(std::vector<int64_t> shape, std::vector<int64_t> coef, int64_t c,
              int64_t n, float scale) {
  return {std::move(shape), std::move(coef), c, n, scale, false, false};
}
BufferSpec inout(std::vector<int64_t> shape, std::vector<int64_t> coef,
                 int64_t c, int64_t n, float scale) {
  return {std::move(shape), std::move(coef), c, n, scale, true, true};
}
/// Written before it is read (zero-filled here).
BufferSpec out(std::vector<int64_t> shape, bool checked = true) {
  return {std::move(shape), {}, 0, 1, 0.0f, false, checked};
}

int64_t numElements(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t s : shape)
    n *= s;
  return n;
}

std::vector<float> fillValues(const BufferSpec &b) {
  std::vector<float> v((size_t)numElements(b.shape));
  std::vector<int64_t> idx(b.shape.size(), 0);
  for (size_t e = 0; e < v.size(); ++e) {
    int64_t s = b.c;
    for (size_t d = 0; d < b.coef.size(); ++d)
      s += b.coef[d] * idx[d];
    v[e] = float(s % b.n) * b.scale;
    for (size_t d = idx.size(); d-- > 0;) {
      if (++idx[d] < b.shape[d])
        break;
      idx[d] = 0;
    }
  }
  return v;
}

// The references: each kernel's loops, in the order of its .mlir file, over
// row-major arrays (b[k] is @kernel's k-th memref).

template <int n, typename T> void refGemmN(Bufs<T> &b) {
  const T alpha = T(1.5), beta = T(1.25);
  T *C = b[0].data();
  const T *A = b[1].data(), *B = b[2].data();
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j)
      C[i * n + j] = C[i * n + j] * beta;
    for (int k = 0; k < n; ++k)
      for (int j = 0; j < n; ++j)
        C[i * n + j] = C[i * n + j] + alpha * A[i * n + k] * B[k * n + j];
  }
}
template <typename T> void refGemm(Bufs<T> &b) { refGemmN<1024>(b); }
template <typename T> void refGemm2048(Bufs<T> &b) { refGemmN<2048>(b); }

template <typename T> void ref2mm(Bufs<T> &b) {
  const int ni = 512, nj = 544, nk = 576, nl = 608;
  const T alpha = T(1.5), beta = T(1.25);
  T *tmp = b[0].data(), *D = b[4].data();
  const T *A = b[1].data(), *B = b[2].data(), *C = b[3].data();
  for (int i = 0; i < ni; ++i)
    for (int j = 0; j < nj; ++j) {
      tmp[i * nj + j] = 0;
      for (int k = 0; k < nk; ++k)
        tmp[i * nj + j] =
            tmp[i * nj + j] + alpha * A[i * nk + k] * B[k * nj + j];
    }
  for (int i = 0; i < ni; ++i)
    for (int j = 0; j < nl; ++j) {
      D[i * nl + j] = D[i * nl + j] * beta;
      for (int k = 0; k < nj; ++k)
        D[i * nl + j] = D[i * nl + j] + tmp[i * nj + k] * C[k * nl + j];
    }
}

/// X[m x n] = Y[m x k] * Z[k x n], each sum in order from 0.
template <typename T>
void matmulInOrder(T *X, const T *Y, const T *Z, int m, int n, int k) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      X[i * n + j] = 0;
      for (int l = 0; l < k; ++l)
        X[i * n + j] = X[i * n + j] + Y[i * k + l] * Z[l * n + j];
    }
}

template <typename T> void ref3mm(Bufs<T> &b) {
  const int ni = 448, nj = 480, nk = 512, nl = 544, nm = 576;
  matmulInOrder(b[0].data(), b[1].data(), b[2].data(), ni, nj, nk); // E
  matmulInOrder(b[3].data(), b[4].data(), b[5].data(), nj, nl, nm); // F
  matmulInOrder(b[6].data(), b[0].data(), b[3].data(), ni, nl, nj); // G
}

template <typename T> void refAtax(Bufs<T> &b) {
  const int m = 3840, n = 4096;
  const T *A = b[0].data(), *x = b[1].data();
  T *y = b[2].data(), *tmp = b[3].data();
  for (int i = 0; i < n; ++i)
    y[i] = 0;
  for (int i = 0; i < m; ++i) {
    tmp[i] = 0;
    for (int j = 0; j < n; ++j)
      tmp[i] = tmp[i] + A[i * n + j] * x[j];
    for (int j = 0; j < n; ++j)
      y[j] = y[j] + A[i * n + j] * tmp[i];
  }
}

template <typename T> void refBicg(Bufs<T> &b) {
  const int n = 4096, m = 3840;
  const T *A = b[0].data(), *p = b[3].data(), *r = b[4].data();
  T *s = b[1].data(), *q = b[2].data();
  for (int i = 0; i < m; ++i)
    s[i] = 0;
  for (int i = 0; i < n; ++i) {
    q[i] = 0;
    for (int j = 0; j < m; ++j) {
      s[j] = s[j] + r[i] * A[i * m + j];
      q[i] = q[i] + A[i * m + j] * p[j];
    }
  }
}

template <typename T> void refMvt(Bufs<T> &b) {
  const int n = 4096;
  T *x1 = b[0].data(), *x2 = b[1].data();
  const T *y1 = b[2].data(), *y2 = b[3].data(), *A = b[4].data();
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      x1[i] = x1[i] + A[i * n + j] * y1[j];
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      x2[i] = x2[i] + A[j * n + i] * y2[j];
}

template <typename T> void refGesummv(Bufs<T> &b) {
  const int n = 4096;
  const T alpha = T(1.5), beta = T(1.25);
  const T *A = b[0].data(), *B = b[1].data(), *x = b[3].data();
  T *tmp = b[2].data(), *y = b[4].data();
  for (int i = 0; i < n; ++i) {
    tmp[i] = 0;
    y[i] = 0;
    for (int j = 0; j < n; ++j) {
      tmp[i] = A[i * n + j] * x[j] + tmp[i];
      y[i] = B[i * n + j] * x[j] + y[i];
    }
    y[i] = alpha * tmp[i] + beta * y[i];
  }
}

template <typename T> void refJacobi2d(Bufs<T> &b) {
  const int n = 1024, steps = 40;
  const T fifth = std::is_same_v<T, float> ? T(0.2f) : T(0.2);
  T *A = b[0].data(), *B = b[1].data();
  for (int t = 0; t < steps; ++t) {
    for (int i = 1; i < n - 1; ++i)
      for (int j = 1; j < n - 1; ++j)
        B[i * n + j] =
            fifth * (A[i * n + j] + A[i * n + j - 1] + A[i * n + j + 1] +
                     A[(i + 1) * n + j] + A[(i - 1) * n + j]);
    for (int i = 1; i < n - 1; ++i)
      for (int j = 1; j < n - 1; ++j)
        A[i * n + j] =
            fifth * (B[i * n + j] + B[i * n + j - 1] + B[i * n + j + 1] +
                     B[(i + 1) * n + j] + B[(i - 1) * n + j]);
  }
}

template <typename T> void refSeidel2d(Bufs<T> &b) {
  const int n = 1024, steps = 20;
  T *A = b[0].data();
  for (int t = 0; t < steps; ++t)
    for (int i = 1; i < n - 1; ++i)
      for (int j = 1; j < n - 1; ++j)
        A[i * n + j] =
            (A[(i - 1) * n + j - 1] + A[(i - 1) * n + j] +
             A[(i - 1) * n + j + 1] + A[i * n + j - 1] + A[i * n + j] +
             A[i * n + j + 1] + A[(i + 1) * n + j - 1] + A[(i + 1) * n + j] +
             A[(i + 1) * n + j + 1]) /
            T(9);
}

template <typename T> void refConv2dNchw(Bufs<T> &b) {
  const int c = 64, k = 96, h = 56, w = 56, ih = h + 2, iw = w + 2;
  const T *in = b[0].data(), *W = b[1].data();
  T *out = b[2].data();
  for (int kk = 0; kk < k; ++kk)
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        T &o = out[(kk * h + y) * w + x];
        o = 0;
        for (int cc = 0; cc < c; ++cc)
          for (int r = 0; r < 3; ++r)
            for (int s = 0; s < 3; ++s)
              o = o + in[(cc * ih + y + r) * iw + x + s] *
                          W[((kk * c + cc) * 3 + r) * 3 + s];
      }
}

template <typename T> void refSoftmax(Bufs<T> &b) {
  const int rows = 2048, cols = 1024;
  const T *X = b[0].data();
  T *Y = b[1].data();
  for (int i = 0; i < rows; ++i) {
    T m = -INFINITY;
    for (int j = 0; j < cols; ++j)
      m = X[i * cols + j] > m ? X[i * cols + j] : m;
    T s = 0;
    for (int j = 0; j < cols; ++j) {
      T e = std::exp(X[i * cols + j] - m);
      Y[i * cols + j] = e;
      s = s + e;
    }
    for (int j = 0; j < cols; ++j)
      Y[i * cols + j] = Y[i * cols + j] / s;
  }
}

template <typename T> void refLayernorm(Bufs<T> &b) {
  const int rows = 2048, cols = 1024;
  const T n = T(cols), eps = std::is_same_v<T, float> ? T(1e-5f) : T(1e-5);
  const T *X = b[0].data(), *gamma = b[1].data(), *beta = b[2].data();
  T *Y = b[3].data();
  for (int i = 0; i < rows; ++i) {
    T sum = 0;
    for (int j = 0; j < cols; ++j)
      sum = sum + X[i * cols + j];
    T mean = sum / n;
    T sq = 0;
    for (int j = 0; j < cols; ++j) {
      T d = X[i * cols + j] - mean;
      sq = sq + d * d;
    }
    T inv = T(1) / std::sqrt(sq / n + eps);
    for (int j = 0; j < cols; ++j)
      Y[i * cols + j] = (X[i * cols + j] - mean) * inv * gamma[j] + beta[j];
  }
}

template <typename T> void refCovariance(Bufs<T> &b) {
  const int n = 1024, m = 768;
  const T fn = T(1024);
  T *data = b[0].data(), *cov = b[1].data(), *mean = b[2].data();
  for (int j = 0; j < m; ++j) {
    mean[j] = 0;
    for (int i = 0; i < n; ++i)
      mean[j] = mean[j] + data[i * m + j];
    mean[j] = mean[j] / fn;
  }
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      data[i * m + j] = data[i * m + j] - mean[j];
  const T fn1 = fn - T(1);
  for (int i = 0; i < m; ++i)
    for (int j = i; j < m; ++j) {
      cov[i * m + j] = 0;
      for (int k = 0; k < n; ++k)
        cov[i * m + j] = cov[i * m + j] + data[k * m + i] * data[k * m + j];
      cov[i * m + j] = cov[i * m + j] / fn1;
      cov[j * m + i] = cov[i * m + j];
    }
}

template <typename T> void refCorrelation(Bufs<T> &b) {
  const int n = 1024, m = 768;
  const T fn = T(1024), eps = std::is_same_v<T, float> ? T(0.1f) : T(0.1);
  T *data = b[0].data(), *corr = b[1].data(), *mean = b[2].data(),
    *stddev = b[3].data();
  for (int j = 0; j < m; ++j) {
    mean[j] = 0;
    for (int i = 0; i < n; ++i)
      mean[j] = mean[j] + data[i * m + j];
    mean[j] = mean[j] / fn;
  }
  for (int j = 0; j < m; ++j) {
    stddev[j] = 0;
    for (int i = 0; i < n; ++i) {
      T e = data[i * m + j] - mean[j];
      stddev[j] = stddev[j] + e * e;
    }
    T r = std::sqrt(stddev[j] / fn);
    stddev[j] = r <= eps ? T(1) : r;
  }
  const T sqn = std::sqrt(fn);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      data[i * m + j] = (data[i * m + j] - mean[j]) / (sqn * stddev[j]);
  for (int i = 0; i < m - 1; ++i) {
    corr[i * m + i] = 1;
    for (int j = i + 1; j < m; ++j) {
      corr[i * m + j] = 0;
      for (int k = 0; k < n; ++k)
        corr[i * m + j] = corr[i * m + j] + data[k * m + i] * data[k * m + j];
      corr[j * m + i] = corr[i * m + j];
    }
  }
  corr[(m - 1) * m + m - 1] = 1;
}

template <typename T> void refSyrk(Bufs<T> &b) {
  const int n = 1024, m = 768;
  const T alpha = T(1.5), beta = T(1.25);
  T *C = b[0].data();
  const T *A = b[1].data();
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j <= i; ++j)
      C[i * n + j] = C[i * n + j] * beta;
    for (int k = 0; k < m; ++k)
      for (int j = 0; j <= i; ++j)
        C[i * n + j] = C[i * n + j] + alpha * A[i * m + k] * A[j * m + k];
  }
}

template <typename T> void refSyr2k(Bufs<T> &b) {
  const int n = 1024, m = 384;
  const T alpha = T(1.5), beta = T(1.25);
  T *C = b[0].data();
  const T *A = b[1].data(), *B = b[2].data();
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j <= i; ++j)
      C[i * n + j] = C[i * n + j] * beta;
    for (int k = 0; k < m; ++k)
      for (int j = 0; j <= i; ++j)
        C[i * n + j] = C[i * n + j] + (A[j * m + k] * alpha * B[i * m + k] +
                                       B[j * m + k] * alpha * A[i * m + k]);
  }
}

template <typename T> void refTrmm(Bufs<T> &b) {
  const int m = 640, n = 768;
  const T alpha = T(1.5);
  const T *A = b[0].data();
  T *B = b[1].data();
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      for (int k = i + 1; k < m; ++k)
        B[i * n + j] = B[i * n + j] + A[k * m + i] * B[k * n + j];
      B[i * n + j] = alpha * B[i * n + j];
    }
}

template <typename T> void refSymm(Bufs<T> &b) {
  const int m = 640, n = 576;
  const T alpha = T(1.5), beta = T(1.25);
  T *C = b[0].data();
  const T *A = b[1].data(), *B = b[2].data();
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      T temp2 = 0;
      for (int k = 0; k < i; ++k) {
        C[k * n + j] = C[k * n + j] + alpha * B[i * n + j] * A[i * m + k];
        temp2 = temp2 + B[k * n + j] * A[i * m + k];
      }
      C[i * n + j] = beta * C[i * n + j] + alpha * B[i * n + j] * A[i * m + i] +
                     alpha * temp2;
    }
}

template <typename T> void refSeed002(Bufs<T> &b) {
  const int nb = 8, m = 128, k1 = 384, n1 = 512, n2 = 64;
  const T *A = b[0].data(), *B = b[1].data(), *D = b[3].data();
  T *C = b[2].data(), *E = b[4].data();
  for (int z = 0; z < nb; ++z)
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n1; ++j)
        for (int k = 0; k < k1; ++k) {
          T &c = C[(z * m + i) * n1 + j];
          c = c + A[(z * m + i) * k1 + k] * B[(z * k1 + k) * n1 + j];
        }
  for (int z = 0; z < nb; ++z)
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n2; ++j)
        for (int k = 0; k < n1; ++k) {
          T &e = E[(z * m + i) * n2 + j];
          e = e + C[(z * m + i) * n1 + k] * D[(z * n1 + k) * n2 + j];
        }
}

// The BLAS forms (row-major; p[k] is @kernel's k-th memref).

void blasGemm(const Blas &l, const std::vector<float *> &p) {
  l.sgemm(kRowMajor, kNoTrans, kNoTrans, 1024, 1024, 1024, 1.5f, p[1], 1024,
          p[2], 1024, 1.25f, p[0], 1024);
}

void blasGemm2048(const Blas &l, const std::vector<float *> &p) {
  l.sgemm(kRowMajor, kNoTrans, kNoTrans, 2048, 2048, 2048, 1.5f, p[1], 2048,
          p[2], 2048, 1.25f, p[0], 2048);
}

void blas2mm(const Blas &l, const std::vector<float *> &p) {
  l.sgemm(kRowMajor, kNoTrans, kNoTrans, 512, 544, 576, 1.5f, p[1], 576, p[2],
          544, 0.0f, p[0], 544);
  l.sgemm(kRowMajor, kNoTrans, kNoTrans, 512, 608, 544, 1.0f, p[0], 544, p[3],
          608, 1.25f, p[4], 608);
}

void blas3mm(const Blas &l, const std::vector<float *> &p) {
  l.sgemm(kRowMajor, kNoTrans, kNoTrans, 448, 480, 512, 1.0f, p[1], 512, p[2],
          480, 0.0f, p[0], 480);
  l.sgemm(kRowMajor, kNoTrans, kNoTrans, 480, 544, 576, 1.0f, p[4], 576, p[5],
          544, 0.0f, p[3], 544);
  l.sgemm(kRowMajor, kNoTrans, kNoTrans, 448, 544, 480, 1.0f, p[0], 480, p[3],
          544, 0.0f, p[6], 544);
}

void blasAtax(const Blas &l, const std::vector<float *> &p) {
  l.sgemv(kRowMajor, kNoTrans, 3840, 4096, 1.0f, p[0], 4096, p[1], 1, 0.0f,
          p[3], 1);
  l.sgemv(kRowMajor, kTrans, 3840, 4096, 1.0f, p[0], 4096, p[3], 1, 0.0f, p[2],
          1);
}

void blasBicg(const Blas &l, const std::vector<float *> &p) {
  l.sgemv(kRowMajor, kTrans, 4096, 3840, 1.0f, p[0], 3840, p[4], 1, 0.0f, p[1],
          1);
  l.sgemv(kRowMajor, kNoTrans, 4096, 3840, 1.0f, p[0], 3840, p[3], 1, 0.0f,
          p[2], 1);
}

void blasMvt(const Blas &l, const std::vector<float *> &p) {
  l.sgemv(kRowMajor, kNoTrans, 4096, 4096, 1.0f, p[4], 4096, p[2], 1, 1.0f,
          p[0], 1);
  l.sgemv(kRowMajor, kTrans, 4096, 4096, 1.0f, p[4], 4096, p[3], 1, 1.0f, p[1],
          1);
}

void blasGesummv(const Blas &l, const std::vector<float *> &p) {
  l.sgemv(kRowMajor, kNoTrans, 4096, 4096, 1.25f, p[1], 4096, p[3], 1, 0.0f,
          p[4], 1);
  l.sgemv(kRowMajor, kNoTrans, 4096, 4096, 1.5f, p[0], 4096, p[3], 1, 1.0f,
          p[4], 1);
}

void blasSeed002(const Blas &l, const std::vector<float *> &p) {
  for (int z = 0; z < 8; ++z)
    l.sgemm(kRowMajor, kNoTrans, kNoTrans, 128, 512, 384, 1.0f,
            p[0] + z * 128 * 384, 384, p[1] + z * 384 * 512, 512, 1.0f,
            p[2] + z * 128 * 512, 512);
  for (int z = 0; z < 8; ++z)
    l.sgemm(kRowMajor, kNoTrans, kNoTrans, 128, 64, 512, 1.0f,
            p[2] + z * 128 * 512, 512, p[3] + z * 512 * 64, 64, 1.0f,
            p[4] + z * 128 * 64, 64);
}

#define REFS(fn) &fn<float>, &fn<double>

const std::vector<KernelSpec> &kernels() {
  const float s512 = 1.0f / 512, s1024 = 1.0f / 1024;
  static const std::vector<KernelSpec> specs = {
      {"gemm",
       "poly/gemm.mlir",
       "kernel_gemm",
       {1.5f, 1.25f},
       {inout({1024, 1024}, {1, 3}, 1, 1033, s1024),
        in({1024, 1024}, {2, 1}, 0, 1031, s512),
        in({1024, 1024}, {1, 5}, 2, 1039, s1024)},
       2.0 * 1024 * 1024 * 1024 + 1024.0 * 1024,
       REFS(refGemm),
       blasGemm},
      {"gemm2048",
       "poly/gemm2048.mlir",
       "kernel_gemm2048",
       {1.5f, 1.25f},
       {inout({2048, 2048}, {1, 3}, 1, 1033, s1024),
        in({2048, 2048}, {2, 1}, 0, 1031, s512),
        in({2048, 2048}, {1, 5}, 2, 1039, s1024)},
       2.0 * 2048 * 2048 * 2048 + 2048.0 * 2048,
       REFS(refGemm2048),
       blasGemm2048},
      {"2mm",
       "poly/2mm.mlir",
       "kernel_2mm",
       {1.5f, 1.25f},
       {out({512, 544}, false), in({512, 576}, {1, 2}, 0, 1031, s512),
        in({576, 544}, {3, 1}, 1, 1033, s1024),
        in({544, 608}, {1, 5}, 3, 1021, s512),
        inout({512, 608}, {2, 7}, 2, 1039, s1024)},
       2.0 * 512 * 544 * 576 + 2.0 * 512 * 608 * 544 + 512.0 * 608,
       REFS(ref2mm),
       blas2mm},
      {"3mm",
       "poly/3mm.mlir",
       "kernel_3mm",
       {},
       {out({448, 480}, false), in({448, 512}, {1, 2}, 0, 1031, s512),
        in({512, 480}, {3, 1}, 1, 1033, s1024), out({480, 544}, false),
        in({480, 576}, {1, 5}, 3, 1021, s512),
        in({576, 544}, {2, 7}, 2, 1039, s1024), out({448, 544})},
       2.0 * (448.0 * 480 * 512 + 480.0 * 544 * 576 + 448.0 * 544 * 480),
       REFS(ref3mm),
       blas3mm},
      {"atax",
       "poly/atax.mlir",
       "kernel_atax",
       {},
       {in({3840, 4096}, {3, 1}, 5, 1033, s1024),
        in({4096}, {5}, 1, 1031, s512), out({4096}), out({3840}, false)},
       4.0 * 3840 * 4096,
       REFS(refAtax),
       blasAtax},
      {"bicg",
       "poly/bicg.mlir",
       "kernel_bicg",
       {},
       {in({4096, 3840}, {1, 2}, 3, 1039, s1024), out({3840}), out({4096}),
        in({3840}, {3}, 0, 1021, s512), in({4096}, {7}, 2, 1031, s512)},
       4.0 * 4096 * 3840,
       REFS(refBicg),
       blasBicg},
      {"mvt",
       "poly/mvt.mlir",
       "kernel_mvt",
       {},
       {inout({4096}, {1}, 0, 1021, s512), inout({4096}, {3}, 1, 1031, s512),
        in({4096}, {5}, 2, 1033, s1024), in({4096}, {7}, 3, 1039, s1024),
        in({4096, 4096}, {2, 3}, 1, 1031, s1024)},
       4.0 * 4096 * 4096,
       REFS(refMvt),
       blasMvt},
      {"gesummv",
       "poly/gesummv.mlir",
       "kernel_gesummv",
       {1.5f, 1.25f},
       {in({4096, 4096}, {1, 3}, 0, 1031, s1024),
        in({4096, 4096}, {2, 5}, 1, 1033, s1024), out({4096}, false),
        in({4096}, {3}, 2, 1021, s512), out({4096})},
       4.0 * 4096 * 4096 + 3.0 * 4096,
       REFS(refGesummv),
       blasGesummv},
      {"jacobi-2d",
       "poly/jacobi-2d.mlir",
       "kernel_jacobi_2d",
       {},
       {inout({1024, 1024}, {3, 1}, 2, 1033, s1024),
        inout({1024, 1024}, {1, 5}, 3, 1039, s1024)},
       40.0 * 2 * 1022 * 1022 * 5,
       REFS(refJacobi2d)},
      {"seidel-2d",
       "poly/seidel-2d.mlir",
       "kernel_seidel_2d",
       {},
       {inout({1024, 1024}, {3, 1}, 2, 1033, s1024)},
       20.0 * 1022 * 1022 * 9,
       REFS(refSeidel2d)},
      {"conv2d-nchw",
       "poly/conv2d-nchw.mlir",
       "kernel_conv2d_nchw",
       {},
       {in({1, 64, 58, 58}, {1, 5, 3, 1}, 0, 1021, s512),
        in({96, 64, 3, 3}, {3, 7, 2, 1}, 0, 1031, s1024), out({1, 96, 56, 56})},
       2.0 * 96 * 64 * 56 * 56 * 9,
       REFS(refConv2dNchw)},
      {"softmax",
       "poly/softmax.mlir",
       "kernel_softmax",
       {},
       {in({2048, 1024}, {7, 3}, 1, 1049, s512), out({2048, 1024})},
       5.0 * 2048 * 1024,
       REFS(refSoftmax)},
      {"layernorm",
       "poly/layernorm.mlir",
       "kernel_layernorm",
       {},
       {in({2048, 1024}, {7, 3}, 1, 1049, s512),
        in({1024}, {5}, 3, 1021, s1024), in({1024}, {3}, 2, 1031, s1024),
        out({2048, 1024})},
       9.0 * 2048 * 1024,
       REFS(refLayernorm)},
      {"covariance",
       "poly/covariance.mlir",
       "kernel_covariance",
       {1024.0f},
       {inout({1024, 768}, {3, 5}, 1, 1033, s1024), out({768, 768}),
        out({768})},
       2.0 * 1024 * 768 + 768.0 + 768.0 * 769 / 2 * (2.0 * 1024 + 1),
       REFS(refCovariance)},
      {"correlation",
       "poly/correlation.mlir",
       "kernel_correlation",
       {1024.0f},
       {inout({1024, 768}, {3, 5}, 1, 1033, s1024), out({768, 768}), out({768}),
        out({768})},
       2.0 * 1024 * 768 * 4 + 768.0 * 3 + 767.0 * 768 / 2 * 2.0 * 1024,
       REFS(refCorrelation)},
      {"syrk",
       "poly/syrk.mlir",
       "kernel_syrk",
       {1.5f, 1.25f},
       {inout({1024, 1024}, {1, 3}, 1, 1033, s1024),
        in({1024, 768}, {2, 1}, 0, 1031, s512)},
       1024.0 * 1025 / 2 * (2.0 * 768 + 1),
       REFS(refSyrk)},
      {"syr2k",
       "poly/syr2k.mlir",
       "kernel_syr2k",
       {1.5f, 1.25f},
       {inout({1024, 1024}, {1, 3}, 1, 1033, s1024),
        in({1024, 384}, {2, 1}, 0, 1031, s512),
        in({1024, 384}, {1, 5}, 2, 1039, s1024)},
       1024.0 * 1025 / 2 * (4.0 * 384 + 1),
       REFS(refSyr2k)},
      {"trmm",
       "poly/trmm.mlir",
       "kernel_trmm",
       {1.5f},
       {in({640, 640}, {2, 1}, 0, 1031, s512),
        inout({640, 768}, {1, 3}, 1, 1033, s1024)},
       2.0 * 640 * 639 / 2 * 768 + 640.0 * 768,
       REFS(refTrmm)},
      {"symm",
       "poly/symm.mlir",
       "kernel_symm",
       {1.5f, 1.25f},
       {inout({640, 576}, {1, 3}, 1, 1033, s1024),
        in({640, 640}, {2, 1}, 0, 1031, s512),
        in({640, 576}, {1, 5}, 2, 1039, s1024)},
       4.0 * 640 * 639 / 2 * 576 + 5.0 * 640 * 576,
       REFS(refSymm)},
      {"seed002_chain",
       "seed002_chained_matmul.mlir",
       "kernel_seed002_chain",
       {},
       {in({8, 128, 384}, {7, 3, 1}, 0, 1031, s512),
        in({8, 384, 512}, {7, 3, 1}, 0, 1031, s512),
        inout({8, 128, 512}, {}, 0, 1, 0),
        in({8, 512, 64}, {7, 3, 1}, 0, 1031, s512),
        inout({8, 128, 64}, {}, 0, 1, 0)},
       2.0 * 8 * 128 * 512 * 384 + 2.0 * 8 * 128 * 64 * 512,
       REFS(refSeed002),
       blasSeed002},
  };
  return specs;
}

/// The inputs of a kernel and its reference outputs (per buffer; only the
/// checked ones are kept), computed once per process.
struct KernelData {
  std::vector<std::vector<float>> initial;
  std::map<size_t, std::vector<float>> inOrder;
  std::map<size_t, std::vector<double>> exact;
};

const KernelData &kernelData(const KernelSpec &spec) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<KernelData>> cache;
  std::lock_guard<std::mutex> lock(mutex);
  auto &slot = cache[spec.name];
  if (!slot) {
    auto data = std::make_unique<KernelData>();
    for (const BufferSpec &b : spec.buffers)
      data->initial.push_back(fillValues(b));
    Bufs<float> f32 = data->initial;
    Bufs<double> f64;
    for (const auto &v : data->initial)
      f64.emplace_back(v.begin(), v.end());
    spec.ref32(f32);
    spec.ref64(f64);
    for (size_t i = 0; i < spec.buffers.size(); ++i)
      if (spec.buffers[i].checked) {
        data->inOrder[i] = std::move(f32[i]);
        data->exact[i] = std::move(f64[i]);
      }
    slot = std::move(data);
  }
  return *slot;
}

// ---------------------------------------------------------------------------
// Buffers with MLIR memref descriptors.

/// A 64-byte aligned f32 buffer and its memref descriptor, laid out like
/// MLIR's StridedMemRefType (allocated and aligned pointers, offset, sizes,
/// strides: all 8-byte words), for affjit, MLIR's C wrappers and C.
class Buffer {
public:
  explicit Buffer(const std::vector<int64_t> &shape)
      : count(numElements(shape)),
        mem(static_cast<float *>(
            std::aligned_alloc(64, (size_t(count) * 4 + 63) / 64 * 64))),
        rank((int64_t)shape.size()) {
    desc.push_back((int64_t)(intptr_t)mem.get());
    desc.push_back((int64_t)(intptr_t)mem.get());
    desc.push_back(0);
    for (int64_t s : shape)
      desc.push_back(s);
    std::vector<int64_t> strides(shape.size());
    int64_t running = 1;
    for (size_t d = shape.size(); d-- > 0;) {
      strides[d] = running;
      running *= shape[d];
    }
    desc.insert(desc.end(), strides.begin(), strides.end());
  }
  float *data() { return mem.get(); }
  int64_t size() const { return count; }
  void *descriptor() { return desc.data(); }
  affjit::detail::Argument argument() {
    return {affjit::detail::Argument::Kind::MemRef, affjit::ScalarKind::F32,
            rank, descriptor()};
  }

private:
  struct Free {
    void operator()(float *p) const { std::free(p); }
  };
  int64_t count;
  std::unique_ptr<float, Free> mem;
  int64_t rank;
  std::vector<int64_t> desc;
};

/// Calls `fn` with `scalars` (f32) then `ptrs`, as a C function of that
/// signature (every kernel takes its f32 scalars first).
template <size_t... I>
void callPtrs(void *fn, const std::vector<float> &scalars, void *const *ptrs,
              std::index_sequence<I...>) {
  auto ptr = [](size_t) { return (void *)nullptr; };
  (void)ptr;
  if (scalars.empty())
    reinterpret_cast<void (*)(decltype(ptr(I))...)>(fn)(ptrs[I]...);
  else
    reinterpret_cast<void (*)(float, float, decltype(ptr(I))...)>(fn)(
        scalars[0], scalars[1], ptrs[I]...);
}

void callC(void *fn, const std::vector<float> &scalars,
           const std::vector<void *> &ptrs) {
  switch (ptrs.size()) {
  case 1:
    return callPtrs(fn, scalars, ptrs.data(), std::make_index_sequence<1>());
  case 2:
    return callPtrs(fn, scalars, ptrs.data(), std::make_index_sequence<2>());
  case 3:
    return callPtrs(fn, scalars, ptrs.data(), std::make_index_sequence<3>());
  case 4:
    return callPtrs(fn, scalars, ptrs.data(), std::make_index_sequence<4>());
  case 5:
    return callPtrs(fn, scalars, ptrs.data(), std::make_index_sequence<5>());
  case 6:
    return callPtrs(fn, scalars, ptrs.data(), std::make_index_sequence<6>());
  case 7:
    return callPtrs(fn, scalars, ptrs.data(), std::make_index_sequence<7>());
  default:
    std::abort(); // no kernel has more memrefs
  }
}

// ---------------------------------------------------------------------------
// Peers: shared objects and OpenBLAS.

/// `path` dlopened once per process, or null with `error` set.
void *openLibrary(const std::string &path, std::string &error) {
  static std::mutex mutex;
  static std::map<std::string, std::pair<void *, std::string>> loaded;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = loaded.find(path);
  if (it == loaded.end()) {
    std::pair<void *, std::string> entry{nullptr, ""};
    if (!(entry.first = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)))
      entry.second = std::string("dlopen: ") + dlerror();
    it = loaded.emplace(path, entry).first;
  }
  error = it->second.second;
  return it->second.first;
}

/// The cblas functions of library `name` at `path` (empty: not found when
/// affjit was configured, `package` says what to install).
Blas loadCblas(const std::string &path, const char *name, const char *package) {
  Blas b;
  if (path.empty()) {
    b.error = std::string(name) +
              " was not found when affjit was configured (install " + package +
              ")";
    return b;
  }
  void *lib = openLibrary(path, b.error);
  if (!lib)
    return b;
  b.sgemm = reinterpret_cast<Blas::Sgemm>(dlsym(lib, "cblas_sgemm"));
  b.sgemv = reinterpret_cast<Blas::Sgemv>(dlsym(lib, "cblas_sgemv"));
  if (!b.sgemm || !b.sgemv)
    b.error = path + " has no cblas_sgemm/cblas_sgemv";
  return b;
}

/// `name` in the library at `path` (loaded by loadCblas), or null.
template <typename Fn>
Fn librarySymbol(const std::string &path, const char *name) {
  std::string error;
  void *lib = openLibrary(path, error);
  return lib ? reinterpret_cast<Fn>(dlsym(lib, name)) : nullptr;
}

const Blas &openBlas() {
  static const Blas blas = [] {
    // Before the library initializes: it reads these once.
    setenv("OPENBLAS_NUM_THREADS", "1", 1);
    if (__builtin_cpu_supports("avx512f"))
      setenv("OPENBLAS_CORETYPE", "SkylakeX", 0);
    std::string path = AFFJIT_OPENBLAS_LIBRARY;
    Blas b = loadCblas(path, "OpenBLAS", "libopenblas-dev");
    if (!b.error.empty())
      return b;
    if (auto setThreads =
            librarySymbol<void (*)(int)>(path, "openblas_set_num_threads"))
      setThreads(1);
    auto coreName = librarySymbol<char *(*)()>(path, "openblas_get_corename");
    b.label =
        std::string("OpenBLAS core ") + (coreName ? coreName() : "unknown");
    return b;
  }();
  return blas;
}

const Blas &blis() {
  static const Blas blas = [] {
    setenv("BLIS_NUM_THREADS", "1", 1);
    std::string path = AFFJIT_BLIS_LIBRARY;
    Blas b = loadCblas(path, "BLIS", "libblis-dev");
    if (!b.error.empty())
      return b;
    if (auto setThreads =
            librarySymbol<void (*)(long)>(path, "bli_thread_set_num_threads"))
      setThreads(1);
    auto version =
        librarySymbol<const char *(*)()>(path, "bli_info_get_version_str");
    auto archId = librarySymbol<int (*)()>(path, "bli_arch_query_id");
    auto archName =
        librarySymbol<const char *(*)(int)>(path, "bli_arch_string");
    b.label = std::string("BLIS ") + (version ? version() : "?") + " " +
              (archId && archName ? archName(archId()) : "?");
    return b;
  }();
  return blas;
}

const Blas &eigen() {
  static const Blas blas = [] {
    std::string path = AFFJIT_EIGEN_PEER;
    Blas b = loadCblas(path, "Eigen", "libeigen3-dev");
    if (!b.error.empty())
      return b;
    auto version =
        librarySymbol<const char *(*)()>(path, "affjit_eigen_version");
    b.label = version ? version() : "Eigen";
    return b;
  }();
  return blas;
}

/// This thread's CPU time in seconds: the GFLOPS counters use it, as the
/// kernels are single-threaded and a shared machine preempts them.
double threadSeconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/// One core's peak f32 FLOP/s (kernels/machine_peak.c), in GFLOP/s; 0 when
/// unavailable. Best of a few runs.
double machinePeakGflops() {
  static const double peak = [] {
    std::string error;
    const char *path = AFFJIT_MACHINE_PEER;
    void *lib = *path ? openLibrary(path, error) : nullptr;
    auto fn = lib ? reinterpret_cast<float (*)(long, float, float)>(
                        dlsym(lib, "machine_peak_fma"))
                  : nullptr;
    auto flopsPerRound = lib ? reinterpret_cast<long (*)()>(
                                   dlsym(lib, "machine_peak_flops_per_round"))
                             : nullptr;
    if (!fn || !flopsPerRound)
      return 0.0;
    const long rounds = 1 << 20;
    double best = 1e30;
    for (int i = 0; i < 5; ++i) {
      double t0 = threadSeconds();
      benchmark::DoNotOptimize(fn(rounds, 0.999999f, 1e-6f));
      best = std::min(best, threadSeconds() - t0);
    }
    return (double)flopsPerRound() * rounds / best / 1e9;
  }();
  return peak;
}

// ---------------------------------------------------------------------------
// Rows.

enum class Impl { Affjit, CPeer, Mlir, OpenBlas, Blis, Eigen };

/// Runs `run` once in a child process: a peer that crashes (MLIR 19's
/// pipeline miscompiles some kernels into out-of-bounds writes) becomes an
/// error row instead of ending the whole run. "" if the child finished.
std::string
crashOnFirstCall(const std::function<void(std::vector<Buffer> &)> &run,
                 std::vector<Buffer> &buffers) {
  pid_t child = fork();
  if (child < 0)
    return "";
  if (child == 0) {
    run(buffers);
    _exit(0);
  }
  int status = 0;
  if (waitpid(child, &status, 0) != child || !WIFSIGNALED(status))
    return "";
  return std::string("the peer's first call crashed: ") +
         strsignal(WTERMSIG(status));
}

struct Variant {
  const char *name;
  Impl impl;
  bool fastMath = false;
  /// The shared object of a C peer (in AFFJIT_POLY_PEER_DIR), and whether
  /// its compiler was found.
  const char *library = "";
  bool available = true;
  const char *missing = "";
};

const std::vector<Variant> &variants() {
  static const std::vector<Variant> v = {
      {"affjit_default", Impl::Affjit, false},
      {"affjit_default_fastmath", Impl::Affjit, true},
      {"clang19", Impl::CPeer, false, "libclang19.so",
       AFFJIT_POLY_HAVE_CLANG != 0,
       "clang-19 was not found when affjit was configured"},
      {"clang19_fastmath", Impl::CPeer, true, "libclang19_fastmath.so",
       AFFJIT_POLY_HAVE_CLANG != 0,
       "clang-19 was not found when affjit was configured"},
      {"polly19", Impl::CPeer, false, "libpolly19.so",
       AFFJIT_POLY_HAVE_POLLY != 0, AFFJIT_POLLY_MISSING},
      {"polly19_fastmath", Impl::CPeer, true, "libpolly19_fastmath.so",
       AFFJIT_POLY_HAVE_POLLY != 0, AFFJIT_POLLY_MISSING},
      {"gcc12", Impl::CPeer, false, "libgcc12.so", AFFJIT_POLY_HAVE_GCC != 0,
       "gcc-12 was not found when affjit was configured"},
      {"gcc12_fastmath", Impl::CPeer, true, "libgcc12_fastmath.so",
       AFFJIT_POLY_HAVE_GCC != 0,
       "gcc-12 was not found when affjit was configured"},
      {"mlir19", Impl::Mlir, false},
      {"mlir19_fastmath", Impl::Mlir, true},
      {"openblas", Impl::OpenBlas, true},
      {"blis", Impl::Blis, true},
      {"eigen", Impl::Eigen, true},
  };
  return v;
}

std::string kernelPath(const KernelSpec &spec) {
  return std::string(AFFJIT_SOURCE_DIR) + "/benchmarks/kernels/" +
         spec.mlirFile;
}

/// @kernel of `spec` compiled by affjit (default pipeline, `fastMath`),
/// once per process.
affjit::Expected<affjit::Function> affjitKernel(const KernelSpec &spec,
                                                bool fastMath) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<affjit::Engine>> engines;
  std::lock_guard<std::mutex> lock(mutex);
  std::string key = spec.name + (fastMath ? "/fast" : "");
  auto it = engines.find(key);
  if (it == engines.end()) {
    std::string path = kernelPath(spec);
    std::string text = readFile(path);
    if (text.empty())
      return affjit::Error("cannot read " + path);
    affjit::EngineOptions options;
    options.pipeline = "default";
    options.fastMath = fastMath;
    // One thread, like the C, BLAS and MLIR peers (and CPU time stays the
    // kernel's whole cost): ParallelBench measures threads.
    options.threads = 1;
    auto engine = std::make_unique<affjit::Engine>(options);
    if (affjit::Error err = engine->compile(text, path))
      return err;
    it = engines.emplace(key, std::move(engine)).first;
  }
  return it->second->lookup("kernel");
}

/// Checks the checked buffers: bit for bit against the in-order f32
/// reference when `bitExact`, else within kRelTol of the f64 one. Sets
/// rel_err; false after SkipWithError on a mismatch.
bool checkOutputs(benchmark::State &state, const KernelSpec &spec,
                  const KernelData &data, std::vector<Buffer> &buffers,
                  bool bitExact) {
  double worst = 0;
  std::string failure;
  for (const auto &[index, exact] : data.exact) {
    const float *got = buffers[index].data();
    const std::vector<float> &inOrder = data.inOrder.at(index);
    double scale = 0;
    for (double e : exact)
      scale = std::max(scale, std::fabs(e));
    for (size_t i = 0; i < exact.size(); ++i) {
      double d = std::fabs((double)got[i] - exact[i]) /
                 std::max(std::fabs(exact[i]), 1e-3 * scale);
      if (!(d <= worst)) // NaN too
        worst = d;
      std::ostringstream os;
      os.precision(9);
      if (bitExact && failure.empty() &&
          std::memcmp(&got[i], &inOrder[i], sizeof(float)) != 0) {
        os << spec.name << " buffer " << index << "[" << i << "] = " << got[i]
           << ", expected " << inOrder[i] << " (bit for bit, in-order f32)";
        failure = os.str();
      } else if (!bitExact && failure.empty() && !(d <= kRelTol)) {
        os << spec.name << " buffer " << index << "[" << i << "] = " << got[i]
           << ", expected " << exact[i] << " (f64) within relative " << kRelTol
           << ": off by " << d;
        failure = os.str();
      }
    }
  }
  state.counters["rel_err"] = worst;
  if (failure.empty())
    return true;
  state.SkipWithError(failure.c_str());
  return false;
}

void BM_Kernel(benchmark::State &state, const KernelSpec *spec,
               const Variant *variant) {
  // Bind the variant first: a missing peer needs no reference.
  std::function<void(std::vector<Buffer> &)> run;
  std::string error;
  switch (variant->impl) {
  case Impl::Affjit: {
    affjit::Expected<affjit::Function> fn =
        affjitKernel(*spec, variant->fastMath);
    if (!fn) {
      error = fn.error().message();
      break;
    }
    run = [fn = *fn, spec, &error](std::vector<Buffer> &bufs) {
      std::vector<affjit::detail::Argument> args;
      for (float s : spec->scalars)
        args.push_back(affjit::detail::makeArgument(s));
      for (Buffer &b : bufs)
        args.push_back(b.argument());
      if (affjit::Error err = fn.invoke(args))
        error = err.message();
    };
    break;
  }
  case Impl::CPeer: {
    if (!variant->available) {
      error = variant->missing;
      break;
    }
    void *lib = openLibrary(
        std::string(AFFJIT_POLY_PEER_DIR) + "/" + variant->library, error);
    void *fn = lib ? dlsym(lib, spec->cSymbol.c_str()) : nullptr;
    if (lib && !fn)
      error = "dlsym " + spec->cSymbol + ": " + dlerror();
    if (!fn)
      break;
    run = [fn, spec](std::vector<Buffer> &bufs) {
      std::vector<void *> ptrs;
      for (Buffer &b : bufs)
        ptrs.push_back(b.data());
      callC(fn, spec->scalars, ptrs);
    };
    break;
  }
  case Impl::Mlir: {
    std::string so = std::string(AFFJIT_POLY_PEER_DIR) + "/mlir19_" +
                     (variant->fastMath ? "fastmath_" : "exact_") + spec->name +
                     ".so";
    std::string why = readFile(so + ".error");
    if (!AFFJIT_POLY_HAVE_CLANG) {
      error = "clang-19 was not found when affjit was configured";
      break;
    }
    if (!why.empty()) {
      error = "MLIR 19's pipeline: " + why;
      break;
    }
    void *lib = openLibrary(so, error);
    void *fn = lib ? dlsym(lib, "_mlir_ciface_kernel") : nullptr;
    if (lib && !fn)
      error = std::string("dlsym _mlir_ciface_kernel: ") + dlerror();
    if (!fn)
      break;
    run = [fn, spec](std::vector<Buffer> &bufs) {
      std::vector<void *> descs;
      for (Buffer &b : bufs)
        descs.push_back(b.descriptor());
      callC(fn, spec->scalars, descs);
    };
    break;
  }
  case Impl::OpenBlas:
  case Impl::Blis:
  case Impl::Eigen: {
    const Blas &blas = variant->impl == Impl::Blis    ? blis()
                       : variant->impl == Impl::Eigen ? eigen()
                                                      : openBlas();
    if (!blas.error.empty()) {
      error = blas.error;
      break;
    }
    state.SetLabel(blas.label);
    run = [&blas, spec](std::vector<Buffer> &bufs) {
      std::vector<float *> ptrs;
      for (Buffer &b : bufs)
        ptrs.push_back(b.data());
      spec->blas(blas, ptrs);
    };
    break;
  }
  }
  if (!run) {
    state.SkipWithError(error.c_str());
    return;
  }

  const KernelData &data = kernelData(*spec);
  std::vector<Buffer> buffers;
  for (const BufferSpec &b : spec->buffers)
    buffers.emplace_back(b.shape);
  auto restore = [&](bool all) {
    for (size_t i = 0; i < buffers.size(); ++i)
      if (all || spec->buffers[i].inout)
        std::memcpy(buffers[i].data(), data.initial[i].data(),
                    data.initial[i].size() * sizeof(float));
  };
  restore(true);
  if (variant->impl == Impl::Mlir) {
    std::string crash = crashOnFirstCall(run, buffers);
    if (!crash.empty()) {
      state.SkipWithError(crash.c_str());
      return;
    }
  }
  double first = threadSeconds();
  run(buffers);
  first = threadSeconds() - first;
  if (!error.empty()) {
    state.SkipWithError(error.c_str());
    return;
  }
  bool exact = variant->impl == Impl::Affjit && !variant->fastMath;
  if (!checkOutputs(state, *spec, data, buffers, exact))
    return;
  // A pathological peer (MLIR 19's pipeline runs 2mm at ~80 s a call) is
  // reported with its one checked call instead of holding the run for
  // minutes.
  if (first > kMaxCallSeconds) {
    state.SkipWithError(("one call took " + std::to_string(first) +
                         " s of CPU time; not timed further")
                            .c_str());
    return;
  }

  double seconds = 0;
  for (auto _ : state) {
    state.PauseTiming();
    restore(false);
    state.ResumeTiming();
    double t0 = threadSeconds();
    run(buffers);
    seconds += threadSeconds() - t0;
    benchmark::ClobberMemory();
  }
  double gflops = spec->flops * (double)state.iterations() / seconds / 1e9;
  state.counters["GFLOPS"] = gflops;
  if (spec->name == "gemm" || spec->name == "gemm2048") {
    double peak = machinePeakGflops();
    if (peak > 0) {
      state.counters["peak_GFLOPS"] = peak;
      state.counters["of_peak"] = gflops / peak;
    }
  }
}

/// Compile latency of seed 002's kernel (kernels/seed002_kernel.mlir) with
/// the default pipeline: parse, passes, lowering, LLVM (as FusionBench's
/// BM_CompileSeed002Pipeline/default, here beside the kernels).
void BM_KernelCompile(benchmark::State &state) {
  std::string path = std::string(AFFJIT_SOURCE_DIR) +
                     "/benchmarks/kernels/seed002_kernel.mlir";
  std::string text = readFile(path);
  // Each compile sees new text (a comment naming this process and the
  // compile): the engine's object cache, in memory and on disk
  // (AFFJIT_CACHE_DIR, shared with earlier runs of this benchmark), would
  // otherwise skip LLVM.
  const std::string run =
      std::to_string(getpid()) + "." +
      std::to_string(
          std::chrono::steady_clock::now().time_since_epoch().count());
  int64_t count = 0;
  for (auto _ : state) {
    affjit::Engine engine;
    std::string source =
        text + "// compile " + run + "." + std::to_string(count++) + "\n";
    if (affjit::Error err = engine.compile(source, path)) {
      state.SkipWithError(err.message().c_str());
      break;
    }
    // The lookup makes sure the machine code exists, however lazily the
    // engine materializes it.
    affjit::Expected<affjit::Function> fn = engine.lookup("main");
    if (!fn) {
      state.SkipWithError(fn.error().message().c_str());
      break;
    }
  }
}

[[maybe_unused]] const bool registered = [] {
  for (const KernelSpec &spec : kernels())
    for (const Variant &variant : variants()) {
      bool blasRow = variant.impl == Impl::OpenBlas ||
                     variant.impl == Impl::Blis || variant.impl == Impl::Eigen;
      if (blasRow && !spec.blas)
        continue;
      benchmark::RegisterBenchmark(
          ("BM_Kernel/" + spec.name + "/" + variant.name).c_str(), BM_Kernel,
          &spec, &variant)
          ->Unit(benchmark::kMillisecond)
          ->MinTime(kMinTime);
    }
  benchmark::RegisterBenchmark("BM_KernelCompile/seed002_kernel/affjit_default",
                               BM_KernelCompile)
      ->Unit(benchmark::kMillisecond)
      ->MinTime(kMinTime);
  return true;
}();

} // namespace
