// Loop fusion: what the `fuse` pass buys, measured as ratios within one run.
//
// - BM_EltwiseChain/{unfused,fused,default,clang_hand_fused}: the three-loop
//   elementwise chain of kernels/eltwise_chain.mlir on 16M f32 (two 64 MB
//   temporaries allocated and freed per call) compiled with
//   `--pipeline=none`, `fuse` and `default`, against the same chain fused
//   by hand in C (kernels/eltwise_chain_hand_fused.c, clang-19 -O3
//   -march=native, dlopened). bytes_per_second counts the essential
//   traffic only (a, b, c read, out written: 256 MB a call) for every
//   variant, so its ratio is the speed-up; fused should approach the C peer.
//   fused_vectorized runs `fuse,vectorize` (an error row until the vectorize
//   pass exists).
// - BM_Seed002Chain/{unfused,fused,fused_vectorized,default}: seed 002's
//   chained matmul
//   (kernels/seed002_kernel.mlir), same inputs every call (the accumulated
//   arguments are reset outside the timed region).
//
// Every run row reports its work as counters for scripts/bench-report.sh's
// roofline: FLOPS (float operations a second) and bytes_per_second, both
// from the work one call does as affjit's WorkEstimate counts it.
// - BM_CompileSeed002Pipeline/{none,default}: compile latency of seed 002 in
//   a fresh Engine with unique text (no object-cache hits): the cost of the
//   passes in `default`.
//
// Each run variant is compiled once, outside the timed loop, then checked
// after one call: bit for bit against a scalar C++ reference (eltwise) or
// the unfused result (seed 002). A mismatch, a missing C peer or a
// pipeline the engine does not know shows as an error row, not a crash.
// Names carry google-benchmark's /min_time suffix; read rows with the same
// prefix as one comparison.
#include "affjit/Engine.h"

#include <benchmark/benchmark.h>

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
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
#include <vector>

namespace {

const std::string kEltwiseFile =
    std::string(AFFJIT_SOURCE_DIR) + "/benchmarks/kernels/eltwise_chain.mlir";
const std::string kSeed002File =
    std::string(AFFJIT_SOURCE_DIR) + "/benchmarks/kernels/seed002_kernel.mlir";

/// Elements of each eltwise_chain operand (memref<16777216xf32>).
constexpr int64_t kEltwiseN = 16777216;

/// The pipeline argument that selects the hand-fused C peer.
constexpr const char *kHandFusedC = nullptr;

std::string readFile(const std::string &path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// A deterministic value in [-1, 1) for element `i` of input `seed`
/// (splitmix64; 24 bits, so exact in f32).
float inputValue(uint64_t seed, uint64_t i) {
  uint64_t z = (seed << 40) + i + 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  z ^= z >> 31;
  return float(int64_t(z >> 40) - (int64_t(1) << 23)) / float(1 << 23);
}

template <int Rank> void fill(affjit::MemRef<float, Rank> &m, uint64_t seed) {
  float *p = m.data();
  for (int64_t i = 0, n = m.numElements(); i < n; ++i)
    p[i] = inputValue(seed, (uint64_t)i);
}

/// `fn` in `file` compiled with `pipeline`. Each (file, pipeline) is compiled
/// once per process and its Engine kept alive; a compile error (such as an
/// unknown pass name) comes back as the Error.
affjit::Expected<affjit::Function> compiledKernel(const std::string &file,
                                                  const std::string &pipeline,
                                                  const std::string &fn) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<affjit::Engine>> engines;
  std::lock_guard<std::mutex> lock(mutex);
  std::string key = file + "\n" + pipeline;
  auto it = engines.find(key);
  if (it == engines.end()) {
    std::string text = readFile(file);
    if (text.empty())
      return affjit::Error("cannot read " + file);
    affjit::EngineOptions options;
    options.pipeline = pipeline;
    // One thread, like the C peers: ParallelBench measures threads.
    options.threads = 1;
    auto engine = std::make_unique<affjit::Engine>(options);
    if (affjit::Error err = engine->compile(text, file))
      return err;
    it = engines.emplace(key, std::move(engine)).first;
  }
  return it->second->lookup(fn);
}

/// Reports `flops` and `bytes` per call as rates (counters FLOPS and
/// bytes_per_second).
void setWork(benchmark::State &state, double flops, int64_t bytes) {
  state.counters["FLOPS"] = benchmark::Counter(
      flops * (double)state.iterations(), benchmark::Counter::kIsRate);
  state.SetBytesProcessed(state.iterations() * bytes);
}

/// True if `got` equals `expected` bit for bit; otherwise skips `state`
/// with the first differing element.
bool sameBits(benchmark::State &state, const char *what, const float *got,
              const float *expected, int64_t n) {
  if (std::memcmp(got, expected, (size_t)n * sizeof(float)) == 0)
    return true;
  int64_t i = 0;
  while (std::memcmp(&got[i], &expected[i], sizeof(float)) == 0)
    ++i;
  std::ostringstream os;
  os.precision(9);
  os << what << "[" << i << "] = " << got[i] << ", expected " << expected[i]
     << " (bit for bit)";
  state.SkipWithError(os.str().c_str());
  return false;
}

// ---------------------------------------------------------------------------
// Elementwise chain.

struct EltwiseInputs {
  affjit::MemRef<float, 1> a{{kEltwiseN}}, b{{kEltwiseN}}, c{{kEltwiseN}};
  /// out of the chain, computed by scalar C++ with one rounding per
  /// operation (no contraction), like the MLIR and the C peer.
  std::vector<float> expected;

  EltwiseInputs() : expected((size_t)kEltwiseN) {
    fill(a, 1);
    fill(b, 2);
    fill(c, 3);
    for (int64_t i = 0; i < kEltwiseN; ++i) {
      volatile float t1 = a(i) * b(i);
      volatile float t2 = t1 + c(i);
      volatile float sq = t2 * t2;
      expected[(size_t)i] = sq - a(i);
    }
  }
};

EltwiseInputs &eltwiseInputs() {
  static EltwiseInputs inputs;
  return inputs;
}

using HandFusedFn = void (*)(const float *, const float *, const float *,
                             float *, size_t);

/// The C peer from the shared object built at build time, or null with
/// `error` set.
HandFusedFn loadHandFused(std::string &error) {
  static std::string loadError;
  static HandFusedFn fn = []() -> HandFusedFn {
    const char *path = AFFJIT_FUSION_PEER;
    if (!*path) {
      loadError = "clang-19 was not found when affjit was configured";
      return nullptr;
    }
    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
      loadError = std::string("dlopen: ") + dlerror();
      return nullptr;
    }
    void *sym = dlsym(lib, "eltwise_chain_hand_fused");
    if (!sym) {
      loadError = std::string("dlsym: ") + dlerror();
      return nullptr;
    }
    return reinterpret_cast<HandFusedFn>(sym);
  }();
  error = loadError;
  return fn;
}

/// One variant of the chain: `pipeline` for affjit, kHandFusedC for C.
void BM_EltwiseChain(benchmark::State &state, const char *pipeline) {
  EltwiseInputs &in = eltwiseInputs();
  affjit::MemRef<float, 1> out({kEltwiseN});

  std::function<affjit::Error()> run;
  if (pipeline == kHandFusedC) {
    std::string error;
    HandFusedFn peer = loadHandFused(error);
    if (!peer) {
      state.SkipWithError(error.c_str());
      return;
    }
    run = [&in, &out, peer] {
      peer(in.a.data(), in.b.data(), in.c.data(), out.data(),
           (size_t)kEltwiseN);
      return affjit::Error();
    };
  } else {
    affjit::Expected<affjit::Function> fn =
        compiledKernel(kEltwiseFile, pipeline, "eltwise_chain");
    if (!fn) {
      state.SkipWithError(fn.error().message().c_str());
      return;
    }
    run = [&in, &out, f = *fn] { return f.call(in.a, in.b, in.c, out); };
  }

  if (affjit::Error err = run()) {
    state.SkipWithError(err.message().c_str());
    return;
  }
  if (!sameBits(state, "out", out.data(), in.expected.data(), kEltwiseN))
    return;

  for (auto _ : state) {
    if (affjit::Error err = run()) {
      state.SkipWithError(err.message().c_str());
      break;
    }
    benchmark::ClobberMemory();
  }
  // mul, add, mul, sub per element; a, b, c read and out written: the same
  // work for every variant.
  setWork(state, 4.0 * kEltwiseN, 4 * kEltwiseN * (int64_t)sizeof(float));
}

BENCHMARK_CAPTURE(BM_EltwiseChain, unfused, "none")
    ->Unit(benchmark::kMillisecond)
    ->MinTime(1.0);
BENCHMARK_CAPTURE(BM_EltwiseChain, fused, "fuse")
    ->Unit(benchmark::kMillisecond)
    ->MinTime(1.0);
BENCHMARK_CAPTURE(BM_EltwiseChain, fused_vectorized, "fuse,vectorize")
    ->Unit(benchmark::kMillisecond)
    ->MinTime(1.0);
BENCHMARK_CAPTURE(BM_EltwiseChain, default, "default")
    ->Unit(benchmark::kMillisecond)
    ->MinTime(1.0);
BENCHMARK_CAPTURE(BM_EltwiseChain, clang_hand_fused, kHandFusedC)
    ->Unit(benchmark::kMillisecond)
    ->MinTime(1.0);

// ---------------------------------------------------------------------------
// Seed 002's chained matmul: @main(A, B, C, D, E) does C += A*B, E += C*D.

struct Seed002Inputs {
  affjit::MemRef<float, 3> a{{8, 128, 384}}, b{{8, 384, 512}}, c{{8, 128, 512}},
      d{{8, 512, 64}}, e{{8, 128, 64}};
  /// C and E after one unfused call, once computed.
  std::vector<float> expectedC, expectedE;
  std::string error;

  Seed002Inputs() {
    fill(a, 11);
    fill(b, 12);
    fill(c, 13);
    fill(d, 14);
    fill(e, 15);
  }
};

Seed002Inputs &seed002Inputs() {
  static Seed002Inputs inputs;
  return inputs;
}

/// Working copies of the accumulated arguments C and E.
struct Seed002Outputs {
  affjit::MemRef<float, 3> c{{8, 128, 512}}, e{{8, 128, 64}};
  void reset(Seed002Inputs &in) {
    std::memcpy(c.data(), in.c.data(), c.numElements() * sizeof(float));
    std::memcpy(e.data(), in.e.data(), e.numElements() * sizeof(float));
  }
};

/// The reference results, from the unfused kernel on the shared inputs;
/// false with `error` set if that cannot be computed.
bool seed002Expected(Seed002Inputs &in, std::string &error) {
  static std::once_flag once;
  std::call_once(once, [&in] {
    affjit::Expected<affjit::Function> fn =
        compiledKernel(kSeed002File, "none", "main");
    if (!fn) {
      in.error = fn.error().message();
      return;
    }
    Seed002Outputs out;
    out.reset(in);
    if (affjit::Error err = fn->call(in.a, in.b, out.c, in.d, out.e)) {
      in.error = err.message();
      return;
    }
    in.expectedC.assign(out.c.data(), out.c.data() + out.c.numElements());
    in.expectedE.assign(out.e.data(), out.e.data() + out.e.numElements());
  });
  error = in.error;
  return error.empty();
}

void BM_Seed002Chain(benchmark::State &state, const char *pipeline) {
  Seed002Inputs &in = seed002Inputs();
  std::string error;
  if (!seed002Expected(in, error)) {
    state.SkipWithError(("unfused reference: " + error).c_str());
    return;
  }
  affjit::Expected<affjit::Function> fn =
      compiledKernel(kSeed002File, pipeline, "main");
  if (!fn) {
    state.SkipWithError(fn.error().message().c_str());
    return;
  }
  Seed002Outputs out;
  out.reset(in);
  if (affjit::Error err = fn->call(in.a, in.b, out.c, in.d, out.e)) {
    state.SkipWithError(err.message().c_str());
    return;
  }
  if (!sameBits(state, "C", out.c.data(), in.expectedC.data(),
                out.c.numElements()) ||
      !sameBits(state, "E", out.e.data(), in.expectedE.data(),
                out.e.numElements()))
    return;

  for (auto _ : state) {
    state.PauseTiming();
    out.reset(in);
    state.ResumeTiming();
    if (affjit::Error err = fn->call(in.a, in.b, out.c, in.d, out.e)) {
      state.SkipWithError(err.message().c_str());
      break;
    }
    benchmark::ClobberMemory();
  }
  // C += A * B, E += C * D; A, B, D read, C and E read and written.
  double flops = 2.0 * 8 * 128 * 384 * 512 + 2.0 * 8 * 128 * 512 * 64;
  int64_t bytes =
      (in.a.numElements() + in.b.numElements() + 2 * out.c.numElements() +
       in.d.numElements() + 2 * out.e.numElements()) *
      (int64_t)sizeof(float);
  setWork(state, flops, bytes);
}

BENCHMARK_CAPTURE(BM_Seed002Chain, unfused, "none")
    ->Unit(benchmark::kMillisecond)
    ->MinTime(2.0);
BENCHMARK_CAPTURE(BM_Seed002Chain, fused, "fuse")
    ->Unit(benchmark::kMillisecond)
    ->MinTime(2.0);
BENCHMARK_CAPTURE(BM_Seed002Chain, fused_vectorized, "fuse,vectorize")
    ->Unit(benchmark::kMillisecond)
    ->MinTime(2.0);
BENCHMARK_CAPTURE(BM_Seed002Chain, default, "default")
    ->Unit(benchmark::kMillisecond)
    ->MinTime(2.0);

// ---------------------------------------------------------------------------
// Compile latency of seed 002 per pipeline.

/// A tag no other compile in this process, or an earlier process sharing an
/// on-disk cache (AFFJIT_CACHE_DIR), has used: it makes the text unique.
std::string uniqueTag() {
  static const std::string run =
      std::to_string(getpid()) + "." +
      std::to_string(
          std::chrono::steady_clock::now().time_since_epoch().count());
  static std::atomic<uint64_t> counter{0};
  return run + "." + std::to_string(counter++);
}

void BM_CompileSeed002Pipeline(benchmark::State &state, const char *pipeline) {
  std::string text = readFile(kSeed002File);
  if (text.empty()) {
    state.SkipWithError(("cannot read " + kSeed002File).c_str());
    return;
  }
  affjit::EngineOptions options;
  options.pipeline = pipeline;
  // The fuse pass's summary remark says how long its analyses and its
  // rewriting took: reported as counters (ms per compile).
  double analysisMs = 0, rewriteMs = 0;
  options.optReport = "fuse";
  options.onRemark = [&](const affjit::Remark &r) {
    auto at = r.message.find("; analysis ");
    if (at == std::string::npos)
      return;
    analysisMs += std::strtod(r.message.c_str() + at + 11, nullptr);
    auto rw = r.message.find("rewriting ", at);
    if (rw != std::string::npos)
      rewriteMs += std::strtod(r.message.c_str() + rw + 10, nullptr);
  };
  for (auto _ : state) {
    std::string source = text + "// " + uniqueTag() + "\n";
    affjit::Engine engine(options);
    if (affjit::Error err = engine.compile(source, kSeed002File)) {
      state.SkipWithError(err.message().c_str());
      break;
    }
  }
  double n = std::max<double>(1, (double)state.iterations());
  state.counters["fuse_analysis_ms"] = analysisMs / n;
  state.counters["fuse_rewrite_ms"] = rewriteMs / n;
}

BENCHMARK_CAPTURE(BM_CompileSeed002Pipeline, none, "none")
    ->Unit(benchmark::kMillisecond)
    ->MinTime(1.0);
BENCHMARK_CAPTURE(BM_CompileSeed002Pipeline, default, "default")
    ->Unit(benchmark::kMillisecond)
    ->MinTime(1.0);

} // namespace
