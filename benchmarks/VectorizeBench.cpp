// Vectorization: what the `vectorize` pass (in `default`, after fuse and
// scalrep) and fast math buy, against C compilers and the machine's memory
// bandwidth, measured as ratios within one run.
//
// Rows, BM_KERNEL/VARIANT. The kernels are benchmarks/kernels/{colsum,
// rowsum,dot,saxpy,matvec_row,matvec_col}.mlir, their C peers the same loops
// in the .c files of the same names:
// - ColSum: column sums of a 4096x4096 f32 matrix (the reduction runs down
//   the strided rows; `vectorize` vectorizes the column loop, reordering no
//   addition). RowSum: row sums of the same matrix (the reduction runs along
//   the contiguous inner loop; vectorized only with fast math).
// - Stream/{sum,copy}_clang19: the memory-bandwidth yardstick over the same
//   64 MB, in C (kernels/stream.c): a vectorized sum of 16M f32, a copy.
// - Dot (16M f32), Saxpy (16M f32, y = a*x + y), MatVecRow (y[i] +=
//   A[i][j]*x[j], a reduction per row) and MatVecCol (y[j] += A[i][j]*x[i]),
//   A 4096x4096 f32.
// - Tail/{epilogue_loop,masked_vector}: rows of 20 f32 with their last 4
//   elements in vectorize's scalar epilogue loop, or in one masked vector
//   (kernels/short_rows{,_masked}.mlir).
// Variants:
// - affjit_none / affjit_default: compiled with `--pipeline=none` /
//   `default`, no fast math: nothing is reassociated, so the output must
//   equal the scalar in-order result bit for bit.
// - affjit_default_fastmath: `default` with EngineOptions::fastMath (float
//   reductions may be reassociated and vectorized).
// - gcc12, clang19, polly19: the C peer built with gcc-12, clang-19, and
//   clang-19 -mllvm -polly, all -O3 -march=native -ffast-math, one shared
//   object each, dlopened. A missing compiler (or clang-19 without Polly,
//   which needs libpolly-19-dev) shows as an error row with the reason.
//
// How to read: compare rows of one kernel by time (lower is faster; the
// ratio of two rows is the speed-up). bytes_per_second counts each kernel's
// essential traffic once (every input read, every output written: 64 MB for
// the matrix kernels, 64 MB for Stream/sum, 128 MB for Stream/copy and Dot,
// 192 MB for Saxpy), whatever the variant: its ratio to Stream/sum_clang19's
// says how close a row runs to the read bandwidth of this machine (1.0 =
// as fast as streaming its bytes once; rows that stream two arrays at once
// can pass 1.0, as one stream does not saturate the memory system).
//
// Every variant is compiled (or loaded) once, outside the timed loop, and
// its output checked after one call against a reference computed here in
// scalar C++: bit for bit against the in-order f32 result for affjit
// without fast math; within a relative 1e-4 of the f64 result for fast-math
// rows and C peers (-ffast-math reassociates and contracts to FMA). The
// counter rel_err is the largest relative difference from the f64 result.
// A mismatch shows as an error row. Matrices and 4096-element vectors hold
// values in [0, 1) (no cancellation, so a relative tolerance is
// meaningful); the dot product's vectors values in [-1, 1) (16 f32 partial
// sums of 16M positive products drift from the f64 sum by more than 1e-4).
// Each row runs for at least 0.5 s of CPU time; the whole file takes about
// 30 s.
//
// `affjit opt benchmarks/kernels/colsum.mlir --opt-report=vectorize
// [--fast-math]` shows what the pass did to a kernel.
#include "affjit/Engine.h"

#include <benchmark/benchmark.h>

#include <dlfcn.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

namespace {

/// Side of the square matrices.
constexpr int64_t kN = 4096;
/// Elements of the long vectors: as many as a matrix has (64 MB of f32).
constexpr int64_t kLen = kN * kN;
/// Tolerance of results that may be reassociated, relative to the f64 result.
constexpr double kRelTol = 1e-4;
/// Minimum time of every row, in seconds.
constexpr double kMinTime = 0.5;
constexpr int64_t kF32 = (int64_t)sizeof(float);

std::string kernelFile(const std::string &kernel) {
  return std::string(AFFJIT_SOURCE_DIR) + "/benchmarks/kernels/" + kernel +
         ".mlir";
}

std::string readFile(const std::string &path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// A deterministic value for element `i` of input `seed` (splitmix64, 24
/// bits, so exact in f32): in [-1, 1) when `signedValues`, else in [0, 1).
float inputValue(uint64_t seed, uint64_t i, bool signedValues) {
  uint64_t z = (seed << 40) + i + 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  z ^= z >> 31;
  int64_t bits = (int64_t)(z >> 40);
  if (signedValues)
    return float(bits - (int64_t(1) << 23)) / float(1 << 23);
  return float(bits) / float(1 << 24);
}

template <int Rank>
void fill(affjit::MemRef<float, Rank> &m, uint64_t seed,
          bool signedValues = false) {
  float *p = m.data();
  for (int64_t i = 0, n = m.numElements(); i < n; ++i)
    p[i] = inputValue(seed, (uint64_t)i, signedValues);
}

/// `a * b` rounded to f32 on its own (never contracted into an FMA).
float roundedProduct(float a, float b) {
  volatile float p = a * b;
  return p;
}

// ---------------------------------------------------------------------------
// Variants: affjit with a pipeline, or a C peer.

enum class Impl { Affjit, Gcc12, Clang19, Polly19 };

struct Variant {
  Impl impl;
  const char *pipeline = nullptr;
  bool fastMath = false;
  /// Nothing may be reassociated: checked bit for bit.
  bool isExact() const { return impl == Impl::Affjit && !fastMath; }
};

const Variant kAffjitNone{Impl::Affjit, "none", false};
const Variant kAffjitDefault{Impl::Affjit, "default", false};
const Variant kAffjitFast{Impl::Affjit, "default", true};
const Variant kGcc12{Impl::Gcc12};
const Variant kClang19{Impl::Clang19};
const Variant kPolly19{Impl::Polly19};

/// `kernel`'s function (named like its file) compiled with `pipeline` and
/// `fastMath`. Each combination is compiled once per process and its Engine
/// kept alive; a compile error comes back as the Error.
affjit::Expected<affjit::Function> compiledKernel(const std::string &kernel,
                                                  const std::string &pipeline,
                                                  bool fastMath) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<affjit::Engine>> engines;
  std::lock_guard<std::mutex> lock(mutex);
  std::string key = kernel + "\n" + pipeline + "\n" + (fastMath ? "1" : "0");
  auto it = engines.find(key);
  if (it == engines.end()) {
    std::string file = kernelFile(kernel);
    std::string text = readFile(file);
    if (text.empty())
      return affjit::Error("cannot read " + file);
    affjit::EngineOptions options;
    options.pipeline = pipeline;
    options.fastMath = fastMath;
    // One thread, like the C peers: ParallelBench measures threads.
    options.threads = 1;
    auto engine = std::make_unique<affjit::Engine>(options);
    if (affjit::Error err = engine->compile(text, file))
      return err;
    it = engines.emplace(key, std::move(engine)).first;
  }
  return it->second->lookup(kernel);
}

/// The shared object of a C peer, or null with `error` set (why it was not
/// built or cannot be loaded).
void *peerLibrary(Impl impl, std::string &error) {
  static std::mutex mutex;
  static std::map<Impl, std::pair<void *, std::string>> loaded;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = loaded.find(impl);
  if (it == loaded.end()) {
    const char *path = "", *missing = "";
    switch (impl) {
    case Impl::Gcc12:
      path = AFFJIT_VEC_PEER_GCC;
      missing = "gcc-12 was not found when affjit was configured";
      break;
    case Impl::Clang19:
      path = AFFJIT_VEC_PEER_CLANG;
      missing = "clang-19 was not found when affjit was configured";
      break;
    case Impl::Polly19:
      path = AFFJIT_VEC_PEER_POLLY;
      missing = AFFJIT_POLLY_MISSING;
      break;
    case Impl::Affjit:
      break;
    }
    std::pair<void *, std::string> entry{nullptr, ""};
    if (!*path) {
      entry.second = missing;
    } else if (!(entry.first = dlopen(path, RTLD_NOW | RTLD_LOCAL))) {
      entry.second = std::string("dlopen: ") + dlerror();
    }
    it = loaded.emplace(impl, entry).first;
  }
  error = it->second.second;
  return it->second.first;
}

/// `symbol` of the C peer `impl` as a `Fn`, or null with `error` set.
template <typename Fn>
Fn peerFunction(Impl impl, const char *symbol, std::string &error) {
  void *lib = peerLibrary(impl, error);
  if (!lib)
    return nullptr;
  void *sym = dlsym(lib, symbol);
  if (!sym) {
    error = std::string("dlsym ") + symbol + ": " + dlerror();
    return nullptr;
  }
  return reinterpret_cast<Fn>(sym);
}

/// Runs one call of a variant; an empty Error on success.
using Runner = std::function<affjit::Error()>;

/// The runner of `variant` for `kernel`: `onAffjit(Function)` or
/// `onPeer(Fn)` builds it. False after SkipWithError when the kernel does
/// not compile or the peer cannot be loaded.
template <typename Fn, typename OnAffjit, typename OnPeer>
bool bindVariant(benchmark::State &state, const Variant &variant,
                 const char *kernel, Runner &run, OnAffjit onAffjit,
                 OnPeer onPeer) {
  if (variant.impl == Impl::Affjit) {
    affjit::Expected<affjit::Function> fn =
        compiledKernel(kernel, variant.pipeline, variant.fastMath);
    if (!fn) {
      state.SkipWithError(fn.error().message().c_str());
      return false;
    }
    run = onAffjit(*fn);
    return true;
  }
  std::string error;
  Fn fn = peerFunction<Fn>(variant.impl, kernel, error);
  if (!fn) {
    state.SkipWithError(error.c_str());
    return false;
  }
  run = onPeer(fn);
  return true;
}

// ---------------------------------------------------------------------------
// References and checks.

/// A kernel's expected output: the scalar loop in program order in f32
/// (one rounding per operation), and the same sums in f64.
struct Reference {
  std::vector<float> inOrder;
  std::vector<double> exact;
};

/// Checks `got` (n values) against `ref`: bit for bit against the in-order
/// result when `bitExact`, else within kRelTol of the f64 result. Sets the
/// counter rel_err; false after SkipWithError on a mismatch.
bool checkOutput(benchmark::State &state, const char *what, const float *got,
                 const Reference &ref, bool bitExact) {
  int64_t n = (int64_t)ref.exact.size();
  double worst = 0;
  int64_t worstAt = 0;
  for (int64_t i = 0; i < n; ++i) {
    double e = ref.exact[(size_t)i];
    double d = std::fabs((double)got[i] - e) / std::max(std::fabs(e), 1e-30);
    if (!(d <= worst)) { // NaN too
      worst = d;
      worstAt = i;
    }
  }
  state.counters["rel_err"] = worst;
  std::ostringstream os;
  os.precision(9);
  if (bitExact) {
    if (std::memcmp(got, ref.inOrder.data(), (size_t)n * sizeof(float)) == 0)
      return true;
    int64_t i = 0;
    while (std::memcmp(&got[i], &ref.inOrder[(size_t)i], sizeof(float)) == 0)
      ++i;
    os << what << "[" << i << "] = " << got[i] << ", expected "
       << ref.inOrder[(size_t)i] << " (bit for bit, in-order f32)";
  } else {
    if (worst <= kRelTol)
      return true;
    os << what << "[" << worstAt << "] = " << got[worstAt] << ", expected "
       << ref.exact[(size_t)worstAt] << " (f64) within relative " << kRelTol
       << ": off by " << worst;
  }
  state.SkipWithError(os.str().c_str());
  return false;
}

/// The common part of every row: `reset` (may be empty) restores the
/// inputs `run` changes; one call is checked, then `run` is timed.
void measure(benchmark::State &state, const Runner &run,
             const std::function<void()> &reset, const char *what,
             const float *out, const Reference &ref, bool bitExact,
             int64_t bytesPerCall) {
  if (reset)
    reset();
  if (affjit::Error err = run()) {
    state.SkipWithError(err.message().c_str());
    return;
  }
  if (!checkOutput(state, what, out, ref, bitExact))
    return;
  for (auto _ : state) {
    if (affjit::Error err = run()) {
      state.SkipWithError(err.message().c_str());
      break;
    }
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * bytesPerCall);
}

// ---------------------------------------------------------------------------
// Inputs, built once.

/// A 4096x4096 matrix and 4096-element vectors x and y (initial y), values
/// in [0, 1).
struct MatrixInputs {
  affjit::MemRef<float, 2> a{{kN, kN}};
  affjit::MemRef<float, 1> x{{kN}}, y{{kN}};
  MatrixInputs() {
    fill(a, 1);
    fill(x, 2);
    fill(y, 3);
  }
};

MatrixInputs &matrixInputs() {
  static MatrixInputs inputs;
  return inputs;
}

/// 16M-element vectors: x and y in [0, 1) (saxpy, streaming), u and v in
/// [-1, 1) (dot product).
struct VectorInputs {
  affjit::MemRef<float, 1> x{{kLen}}, y{{kLen}}, u{{kLen}}, v{{kLen}};
  VectorInputs() {
    fill(x, 4);
    fill(y, 5);
    fill(u, 6, true);
    fill(v, 7, true);
  }
};

VectorInputs &vectorInputs() {
  static VectorInputs inputs;
  return inputs;
}

/// `make()` once per call site (a function-local static per lambda type).
template <typename Make> const Reference &cached(Make make) {
  static const Reference ref = make();
  return ref;
}

// ---------------------------------------------------------------------------
// Column and row sums of a 4096x4096 matrix.

using SumFn = void (*)(const float *, float *);

void BM_ColSum(benchmark::State &state, Variant variant) {
  MatrixInputs &in = matrixInputs();
  const Reference &ref = cached([&in] {
    Reference r{std::vector<float>((size_t)kN, 0.0f),
                std::vector<double>((size_t)kN, 0.0)};
    // Row by row: each column still adds its elements in row order.
    for (int64_t i = 0; i < kN; ++i)
      for (int64_t j = 0; j < kN; ++j) {
        r.inOrder[(size_t)j] += in.a(i, j);
        r.exact[(size_t)j] += in.a(i, j);
      }
    return r;
  });
  affjit::MemRef<float, 1> out({kN});
  Runner run;
  if (!bindVariant<SumFn>(
          state, variant, "colsum", run,
          [&](affjit::Function f) -> Runner {
            return [f, &in, &out] { return f.call(in.a, out); };
          },
          [&](SumFn fn) -> Runner {
            return [fn, &in, &out] {
              fn(in.a.data(), out.data());
              return affjit::Error();
            };
          }))
    return;
  measure(state, run, nullptr, "out", out.data(), ref, variant.isExact(),
          (kN * kN + kN) * kF32);
}

void BM_RowSum(benchmark::State &state, Variant variant) {
  MatrixInputs &in = matrixInputs();
  const Reference &ref = cached([&in] {
    Reference r{std::vector<float>((size_t)kN, 0.0f),
                std::vector<double>((size_t)kN, 0.0)};
    for (int64_t i = 0; i < kN; ++i)
      for (int64_t j = 0; j < kN; ++j) {
        r.inOrder[(size_t)i] += in.a(i, j);
        r.exact[(size_t)i] += in.a(i, j);
      }
    return r;
  });
  affjit::MemRef<float, 1> out({kN});
  Runner run;
  if (!bindVariant<SumFn>(
          state, variant, "rowsum", run,
          [&](affjit::Function f) -> Runner {
            return [f, &in, &out] { return f.call(in.a, out); };
          },
          [&](SumFn fn) -> Runner {
            return [fn, &in, &out] {
              fn(in.a.data(), out.data());
              return affjit::Error();
            };
          }))
    return;
  measure(state, run, nullptr, "out", out.data(), ref, variant.isExact(),
          (kN * kN + kN) * kF32);
}

#define VECTORIZE_BENCH(fn, name, variant)                                     \
  BENCHMARK_CAPTURE(fn, name, variant)                                         \
      ->Unit(benchmark::kMillisecond)                                          \
      ->MinTime(kMinTime)

VECTORIZE_BENCH(BM_ColSum, affjit_none, kAffjitNone);
VECTORIZE_BENCH(BM_ColSum, affjit_default, kAffjitDefault);
VECTORIZE_BENCH(BM_ColSum, gcc12, kGcc12);
VECTORIZE_BENCH(BM_ColSum, clang19, kClang19);
VECTORIZE_BENCH(BM_ColSum, polly19, kPolly19);

VECTORIZE_BENCH(BM_RowSum, affjit_default, kAffjitDefault);
VECTORIZE_BENCH(BM_RowSum, affjit_default_fastmath, kAffjitFast);
VECTORIZE_BENCH(BM_RowSum, gcc12, kGcc12);
VECTORIZE_BENCH(BM_RowSum, clang19, kClang19);
VECTORIZE_BENCH(BM_RowSum, polly19, kPolly19);

// ---------------------------------------------------------------------------
// Streaming: the read (and copy) bandwidth over the same 64 MB.

void BM_StreamSum(benchmark::State &state) {
  VectorInputs &in = vectorInputs();
  const Reference &ref = cached([&in] {
    Reference r{{0.0f}, {0.0}};
    for (int64_t i = 0; i < kLen; ++i) {
      r.inOrder[0] += in.x(i);
      r.exact[0] += in.x(i);
    }
    return r;
  });
  std::string error;
  auto fn = peerFunction<float (*)(const float *)>(Impl::Clang19, "stream_sum",
                                                   error);
  if (!fn) {
    state.SkipWithError(error.c_str());
    return;
  }
  float got = 0;
  Runner run = [&] {
    got = fn(in.x.data());
    return affjit::Error();
  };
  measure(state, run, nullptr, "sum", &got, ref, false, kLen * kF32);
}

void BM_StreamCopy(benchmark::State &state) {
  VectorInputs &in = vectorInputs();
  const Reference &ref = cached([&in] {
    Reference r{std::vector<float>(in.x.data(), in.x.data() + kLen),
                std::vector<double>(in.x.data(), in.x.data() + kLen)};
    return r;
  });
  std::string error;
  auto fn = peerFunction<void (*)(const float *, float *)>(
      Impl::Clang19, "stream_copy", error);
  if (!fn) {
    state.SkipWithError(error.c_str());
    return;
  }
  affjit::MemRef<float, 1> out({kLen});
  Runner run = [&] {
    fn(in.x.data(), out.data());
    return affjit::Error();
  };
  measure(state, run, nullptr, "copy", out.data(), ref, true, 2 * kLen * kF32);
}

BENCHMARK(BM_StreamSum)
    ->Name("BM_Stream/sum_clang19")
    ->Unit(benchmark::kMillisecond)
    ->MinTime(kMinTime);
BENCHMARK(BM_StreamCopy)
    ->Name("BM_Stream/copy_clang19")
    ->Unit(benchmark::kMillisecond)
    ->MinTime(kMinTime);

// ---------------------------------------------------------------------------
// Dot product, saxpy, matrix-vector products.

void BM_Dot(benchmark::State &state, Variant variant) {
  VectorInputs &in = vectorInputs();
  const Reference &ref = cached([&in] {
    Reference r{{0.0f}, {0.0}};
    for (int64_t i = 0; i < kLen; ++i) {
      r.inOrder[0] += roundedProduct(in.u(i), in.v(i));
      r.exact[0] += (double)in.u(i) * (double)in.v(i);
    }
    return r;
  });
  using DotFn = float (*)(const float *, const float *);
  float got = 0;
  Runner run;
  if (!bindVariant<DotFn>(
          state, variant, "dot", run,
          [&](affjit::Function f) -> Runner {
            return [f, &in, &got]() -> affjit::Error {
              affjit::Expected<float> r = f.call<float>(in.u, in.v);
              if (!r)
                return r.error();
              got = *r;
              return affjit::Error();
            };
          },
          [&](DotFn fn) -> Runner {
            return [fn, &in, &got] {
              got = fn(in.u.data(), in.v.data());
              return affjit::Error();
            };
          }))
    return;
  measure(state, run, nullptr, "dot", &got, ref, variant.isExact(),
          2 * kLen * kF32);
}

constexpr float kSaxpyA = 0.75f;

void BM_Saxpy(benchmark::State &state, Variant variant) {
  VectorInputs &in = vectorInputs();
  const Reference &ref = cached([&in] {
    Reference r{std::vector<float>((size_t)kLen),
                std::vector<double>((size_t)kLen)};
    for (int64_t i = 0; i < kLen; ++i) {
      r.inOrder[(size_t)i] = roundedProduct(kSaxpyA, in.x(i)) + in.y(i);
      r.exact[(size_t)i] = (double)kSaxpyA * in.x(i) + in.y(i);
    }
    return r;
  });
  // y is updated in place: reset to the input before the checked call.
  affjit::MemRef<float, 1> y({kLen});
  auto reset = [&] {
    std::memcpy(y.data(), in.y.data(), (size_t)kLen * sizeof(float));
  };
  using SaxpyFn = void (*)(float, const float *, float *);
  Runner run;
  if (!bindVariant<SaxpyFn>(
          state, variant, "saxpy", run,
          [&](affjit::Function f) -> Runner {
            return [f, &in, &y] { return f.call(kSaxpyA, in.x, y); };
          },
          [&](SaxpyFn fn) -> Runner {
            return [fn, &in, &y] {
              fn(kSaxpyA, in.x.data(), y.data());
              return affjit::Error();
            };
          }))
    return;
  measure(state, run, reset, "y", y.data(), ref, variant.isExact(),
          3 * kLen * kF32);
}

using MatVecFn = void (*)(const float *, const float *, float *);

/// y = y0 + A x (`transposed`: y = y0 + A^T x), computed in the loop order
/// of matvec_row / matvec_col.
Reference matVecReference(MatrixInputs &in, bool transposed) {
  Reference r{std::vector<float>(in.y.data(), in.y.data() + kN),
              std::vector<double>(in.y.data(), in.y.data() + kN)};
  for (int64_t i = 0; i < kN; ++i)
    for (int64_t j = 0; j < kN; ++j) {
      int64_t to = transposed ? j : i, from = transposed ? i : j;
      r.inOrder[(size_t)to] += roundedProduct(in.a(i, j), in.x(from));
      r.exact[(size_t)to] += (double)in.a(i, j) * in.x(from);
    }
  return r;
}

void matVec(benchmark::State &state, const Variant &variant, const char *kernel,
            const Reference &ref) {
  MatrixInputs &in = matrixInputs();
  affjit::MemRef<float, 1> y({kN});
  auto reset = [&] {
    std::memcpy(y.data(), in.y.data(), (size_t)kN * sizeof(float));
  };
  Runner run;
  if (!bindVariant<MatVecFn>(
          state, variant, kernel, run,
          [&](affjit::Function f) -> Runner {
            return [f, &in, &y] { return f.call(in.a, in.x, y); };
          },
          [&](MatVecFn fn) -> Runner {
            return [fn, &in, &y] {
              fn(in.a.data(), in.x.data(), y.data());
              return affjit::Error();
            };
          }))
    return;
  // A and x read, y read and written.
  measure(state, run, reset, "y", y.data(), ref, variant.isExact(),
          (kN * kN + 3 * kN) * kF32);
}

void BM_MatVecRow(benchmark::State &state, Variant variant) {
  const Reference &ref =
      cached([] { return matVecReference(matrixInputs(), false); });
  matVec(state, variant, "matvec_row", ref);
}

void BM_MatVecCol(benchmark::State &state, Variant variant) {
  const Reference &ref =
      cached([] { return matVecReference(matrixInputs(), true); });
  matVec(state, variant, "matvec_col", ref);
}

VECTORIZE_BENCH(BM_Dot, affjit_default_fastmath, kAffjitFast);
VECTORIZE_BENCH(BM_Dot, clang19, kClang19);
VECTORIZE_BENCH(BM_Saxpy, affjit_default, kAffjitDefault);
VECTORIZE_BENCH(BM_Saxpy, clang19, kClang19);
VECTORIZE_BENCH(BM_MatVecRow, affjit_default_fastmath, kAffjitFast);
VECTORIZE_BENCH(BM_MatVecRow, clang19, kClang19);
VECTORIZE_BENCH(BM_MatVecCol, affjit_default, kAffjitDefault);
VECTORIZE_BENCH(BM_MatVecCol, clang19, kClang19);

// ---------------------------------------------------------------------------
// Tails: rows of 20 f32 (y = 2x + 1) are one 16-lane vector and 4 elements
// more. `vectorize` runs those 4 in a scalar epilogue loop
// (short_rows.mlir, pipeline `vectorize`); the alternative is one more
// vector with its last 12 lanes masked off (short_rows_masked.mlir, written
// that way, pipeline `none`). These two rows are the measurement behind
// vectorize's choice of epilogue loops.

void BM_Tail(benchmark::State &state, const char *kernel,
             const char *pipeline) {
  constexpr int64_t kRows = 100000, kCols = 20;
  static affjit::MemRef<float, 2> x = [] {
    affjit::MemRef<float, 2> m({kRows, kCols});
    fill(m, 7);
    return m;
  }();
  const Reference &ref = cached([] {
    Reference r;
    for (int64_t i = 0; i < kRows * kCols; ++i) {
      float v = x.data()[i];
      r.inOrder.push_back(roundedProduct(v, 2.0f) + 1.0f);
      r.exact.push_back((double)v * 2.0 + 1.0);
    }
    return r;
  });
  affjit::MemRef<float, 2> y({kRows, kCols});
  affjit::Expected<affjit::Function> fn =
      compiledKernel(kernel, pipeline, false);
  if (!fn) {
    state.SkipWithError(fn.error().message().c_str());
    return;
  }
  affjit::Function f = *fn;
  Runner run = [f, &y] { return f.call(x, y); };
  measure(state, run, nullptr, "y", y.data(), ref, true,
          2 * kRows * kCols * kF32);
}

BENCHMARK_CAPTURE(BM_Tail, epilogue_loop, "short_rows", "vectorize")
    ->Unit(benchmark::kMicrosecond)
    ->MinTime(kMinTime);
BENCHMARK_CAPTURE(BM_Tail, masked_vector, "short_rows_masked", "none")
    ->Unit(benchmark::kMicrosecond)
    ->MinTime(kMinTime);

} // namespace
