// Parallel loops: what running on all cores buys, and what a parallel
// region costs, measured as ratios within one run.
//
// Rows:
// - BM_EmptyParallelRegion/{openmp,tbb}/threads:N: one parallel region
//   whose N chunks do nothing: affjit_rt_parallel_for on LLVM's OpenMP
//   runtime (what affjit uses), and the same through oneTBB (a task_arena of
//   N threads and parallel_for with a static partitioner; only when TBB was
//   found at configure time), the two runtimes the choice was made between.
//   BM_EmptyParallelRegion/jit/threads:N: a JIT-compiled affine.parallel
//   with an empty body, called from C++.
// - BM_ShortRegion/{sequential,openmp,tbb}/work:W: two chunks of W
//   dependent additions (about 2.5 us, 25 us and 2.5 ms for W = 2000,
//   20000 and 2000000), run back to back and as a 2-thread region on each
//   runtime; with chunks of milliseconds any runtime should halve the
//   time when a second core is free, so that row tells a busy machine
//   from slow parallel code.
// - BM_Parallel/KERNEL/threads:T: a kernel compiled with `default` and
//   EngineOptions::threads = T (with more than one thread `default` ends
//   with `parallelize`), T = 1 and every available core. The all-core row's
//   counter `speedup` is the 1-thread row's time over its own (run the 1
//   thread row first, as the default order does). Kernels:
//   every kernel of benchmarks/kernels/ (saxpy, dot, eltwise_chain,
//   matvec_row, matvec_col, colsum, rowsum, seed002_kernel) and the three
//   written for this file: gemm, softmax and jacobi2d_step, whose rows time
//   one full jacobi-2d time step (two calls, A -> B and B -> A); and the
//   PolyBench-style kernels of KernelBench.cpp (poly/gemm, poly/2mm, ...,
//   their @kernel functions on random inputs, alpha 2 and beta 1.5). A kernel
//   `parallelize` leaves alone (dot's float reduction, matvec_col's
//   accumulation into y along the outer loop) shows what it costs not to. Every
//   variant's outputs after one call on fresh inputs must equal the 1-thread
//   variant's bit for bit (nothing is reassociated without fast math), or
//   the row is an error.
// - BM_Grain/N/threads:T: saxpy over N floats with every parallel loop
//   parallelized (AFFJIT_PARALLEL_MIN_WORK=0): where the all-core row
//   overtakes the 1-thread row is the work a parallel region needs to pay,
//   the basis of TargetModel::parallelMinWork (saxpy runs about 5 op
//   instances per element).
//
// The bench pins nothing: the runtime's threads inherit the caller's CPU
// mask. On a machine shared with other work, compare rows of one run.
#include "affjit/Buffer.h"
#include "affjit/Engine.h"
#include "affjit/Runtime.h"

#include <benchmark/benchmark.h>

#ifdef AFFJIT_HAVE_TBB
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#endif

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::string readKernel(const std::string &name) {
  std::ifstream in(std::string(AFFJIT_SOURCE_DIR) + "/benchmarks/kernels/" +
                   name + ".mlir");
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

int64_t allThreads() { return affjit_rt_available_cores(); }

//===----------------------------------------------------------------------===//
// Empty parallel regions
//===----------------------------------------------------------------------===//

void emptyBody(void *, int64_t, int64_t, int64_t) {}

void BM_EmptyParallelRegionOpenMP(benchmark::State &state) {
  int64_t n = state.range(0);
  for (auto _ : state)
    affjit_rt_parallel_for(emptyBody, nullptr, 0, n, 1, n);
}

#ifdef AFFJIT_HAVE_TBB
void BM_EmptyParallelRegionTBB(benchmark::State &state) {
  int n = (int)state.range(0);
  // TBB caps its workers at the core count unless told otherwise.
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                            (size_t)n);
  tbb::task_arena arena(n);
  for (auto _ : state)
    arena.execute([&] {
      tbb::parallel_for(
          tbb::blocked_range<int64_t>(0, n, 1),
          [](const tbb::blocked_range<int64_t> &r) {
            benchmark::DoNotOptimize(r.begin());
          },
          tbb::static_partitioner());
    });
}
#endif

/// `iterations` dependent float additions: a chunk of known length.
void spin(int64_t iterations) {
  double x = 0;
  for (int64_t i = 0; i < iterations; ++i)
    x += (double)i * 0.5;
  benchmark::DoNotOptimize(x);
}

void spinBody(void *context, int64_t, int64_t, int64_t) {
  spin(*static_cast<int64_t *>(context));
}

/// Two chunks of `state.range(0)` spin iterations each: one thread runs
/// them back to back, two should take half as long.
void BM_ShortRegionSequential(benchmark::State &state) {
  int64_t work = state.range(0);
  for (auto _ : state) {
    spin(work);
    spin(work);
  }
}

void BM_ShortRegionOpenMP(benchmark::State &state) {
  int64_t work = state.range(0);
  for (auto _ : state)
    affjit_rt_parallel_for(spinBody, &work, 0, 2, 1, 2);
}

#ifdef AFFJIT_HAVE_TBB
void BM_ShortRegionTBB(benchmark::State &state) {
  int64_t work = state.range(0);
  tbb::task_arena arena(2);
  for (auto _ : state)
    arena.execute([&] {
      tbb::parallel_for(
          tbb::blocked_range<int64_t>(0, 2, 1),
          [&](const tbb::blocked_range<int64_t> &r) {
            for (int64_t c = r.begin(); c < r.end(); ++c)
              spin(work);
          },
          tbb::static_partitioner());
    });
}
#endif

void BM_EmptyParallelRegionJit(benchmark::State &state) {
  int64_t n = state.range(0);
  affjit::EngineOptions options;
  options.threads = (unsigned)n;
  options.pipeline = "none";
  affjit::Engine engine(options);
  std::string text = "func.func @empty() {\n  affine.parallel (%i) = (0) to (" +
                     std::to_string(n) + ") {\n  }\n  return\n}\n";
  if (affjit::Error err = engine.compile(text)) {
    state.SkipWithError(err.message().c_str());
    return;
  }
  affjit::Expected<affjit::Function> fn = engine.lookup("empty");
  if (!fn) {
    state.SkipWithError(fn.error().message().c_str());
    return;
  }
  for (auto _ : state)
    if (affjit::Error err = fn->call()) {
      state.SkipWithError(err.message().c_str());
      return;
    }
}

//===----------------------------------------------------------------------===//
// Kernels on 1 and all threads
//===----------------------------------------------------------------------===//

/// An f32 memref argument of rank 1 to 4, filled deterministically.
class Buffer {
public:
  explicit Buffer(std::vector<int64_t> shape) : shape(shape) {
    if (shape.size() == 1)
      m1 = std::make_unique<affjit::MemRef<float, 1>>(
          std::array<int64_t, 1>{shape[0]});
    else if (shape.size() == 2)
      m2 = std::make_unique<affjit::MemRef<float, 2>>(
          std::array<int64_t, 2>{shape[0], shape[1]});
    else if (shape.size() == 3)
      m3 = std::make_unique<affjit::MemRef<float, 3>>(
          std::array<int64_t, 3>{shape[0], shape[1], shape[2]});
    else
      m4 = std::make_unique<affjit::MemRef<float, 4>>(
          std::array<int64_t, 4>{shape[0], shape[1], shape[2], shape[3]});
  }
  float *data() {
    return m1 ? m1->data() : m2 ? m2->data() : m3 ? m3->data() : m4->data();
  }
  int64_t size() const {
    int64_t n = 1;
    for (int64_t s : shape)
      n *= s;
    return n;
  }
  affjit::detail::Argument argument() {
    return m1   ? affjit::detail::makeArgument(*m1)
           : m2 ? affjit::detail::makeArgument(*m2)
           : m3 ? affjit::detail::makeArgument(*m3)
                : affjit::detail::makeArgument(*m4);
  }
  /// Values in [0, 1) with 24 bits, from the element index and `seed`.
  void fill(uint64_t seed) {
    float *p = data();
    for (int64_t i = 0, n = size(); i < n; ++i) {
      uint64_t z = (seed << 40) + (uint64_t)i + 0x9e3779b97f4a7c15ull;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      p[i] = float((z ^ (z >> 31)) >> 40) / float(1 << 24);
    }
  }

private:
  std::vector<int64_t> shape;
  std::unique_ptr<affjit::MemRef<float, 1>> m1;
  std::unique_ptr<affjit::MemRef<float, 2>> m2;
  std::unique_ptr<affjit::MemRef<float, 3>> m3;
  std::unique_ptr<affjit::MemRef<float, 4>> m4;
};

struct Kernel {
  const char *file, *function;
  /// Shapes of the memref arguments, in order (after `scalar`, if any).
  std::vector<std::vector<int64_t>> shapes;
  /// Leading f32 arguments (saxpy's a; gemm's alpha and beta).
  unsigned scalars = 0;
  /// Each timed iteration calls twice, the second time with the two
  /// memrefs swapped (a jacobi-2d time step).
  bool swapped = false;
};

const std::map<std::string, Kernel> &kernels() {
  static const std::map<std::string, Kernel> k = {
      {"saxpy", {"saxpy", "saxpy", {{16777216}, {16777216}}, 1}},
      {"matvec_row",
       {"matvec_row", "matvec_row", {{4096, 4096}, {4096}, {4096}}}},
      {"colsum", {"colsum", "colsum", {{4096, 4096}, {4096}}}},
      {"rowsum", {"rowsum", "rowsum", {{4096, 4096}, {4096}}}},
      {"matvec_col",
       {"matvec_col", "matvec_col", {{4096, 4096}, {4096}, {4096}}}},
      {"dot", {"dot", "dot", {{16777216}, {16777216}}}},
      {"eltwise_chain",
       {"eltwise_chain",
        "eltwise_chain",
        {{16777216}, {16777216}, {16777216}, {16777216}}}},
      {"gemm", {"gemm", "gemm", {{512, 512}, {512, 512}, {512, 512}}}},
      {"jacobi2d_step",
       {"jacobi2d_step",
        "jacobi2d_step",
        {{2048, 2048}, {2048, 2048}},
        0,
        true}},
      {"softmax", {"softmax", "softmax", {{2048, 2048}, {2048, 2048}}}},
      {"seed002_chain",
       {"seed002_kernel",
        "main",
        {{8, 128, 384},
         {8, 384, 512},
         {8, 128, 512},
         {8, 512, 64},
         {8, 128, 64}}}},
      // The PolyBench-style kernels of KernelBench.cpp.
      {"poly/gemm",
       {"poly/gemm", "kernel", {{1024, 1024}, {1024, 1024}, {1024, 1024}}, 2}},
      {"poly/2mm",
       {"poly/2mm",
        "kernel",
        {{512, 544}, {512, 576}, {576, 544}, {544, 608}, {512, 608}},
        2}},
      {"poly/3mm",
       {"poly/3mm",
        "kernel",
        {{448, 480},
         {448, 512},
         {512, 480},
         {480, 544},
         {480, 576},
         {576, 544},
         {448, 544}}}},
      {"poly/atax",
       {"poly/atax", "kernel", {{3840, 4096}, {4096}, {4096}, {3840}}}},
      {"poly/bicg",
       {"poly/bicg", "kernel", {{4096, 3840}, {3840}, {4096}, {3840}, {4096}}}},
      {"poly/mvt",
       {"poly/mvt", "kernel", {{4096}, {4096}, {4096}, {4096}, {4096, 4096}}}},
      {"poly/gesummv",
       {"poly/gesummv",
        "kernel",
        {{4096, 4096}, {4096, 4096}, {4096}, {4096}, {4096}},
        2}},
      {"poly/jacobi-2d",
       {"poly/jacobi-2d", "kernel", {{1024, 1024}, {1024, 1024}}}},
      {"poly/seidel-2d", {"poly/seidel-2d", "kernel", {{1024, 1024}}}},
      {"poly/conv2d-nchw",
       {"poly/conv2d-nchw",
        "kernel",
        {{1, 64, 58, 58}, {96, 64, 3, 3}, {1, 96, 56, 56}}}},
      {"poly/softmax",
       {"poly/softmax", "kernel", {{2048, 1024}, {2048, 1024}}}},
      {"poly/layernorm",
       {"poly/layernorm",
        "kernel",
        {{2048, 1024}, {1024}, {1024}, {2048, 1024}}}},
  };
  return k;
}

/// One call's outputs on fresh inputs and the time per iteration of the
/// 1-thread variant, per kernel.
struct Baseline {
  std::vector<std::vector<float>> outputs;
  double seconds = 0;
};
std::map<std::string, Baseline> &baselines() {
  static std::map<std::string, Baseline> b;
  return b;
}

std::vector<affjit::detail::Argument>
argumentsOf(const Kernel &k, std::vector<Buffer> &buffers, bool swap) {
  std::vector<affjit::detail::Argument> args;
  for (unsigned i = 0; i < k.scalars; ++i)
    args.push_back(affjit::detail::makeArgument(2.0f - 0.5f * (float)i));
  for (size_t i = 0; i < buffers.size(); ++i) {
    size_t at = swap && buffers.size() == 2 ? 1 - i : i;
    args.push_back(buffers[at].argument());
  }
  return args;
}

/// Fills the buffers, calls once and compares with (or records) the
/// 1-thread outputs; false with an error on the state if they differ.
bool checkOutputs(benchmark::State &state, const std::string &name,
                  const Kernel &k, affjit::Function &fn,
                  std::vector<Buffer> &buffers, unsigned threads) {
  for (size_t i = 0; i < buffers.size(); ++i)
    buffers[i].fill(i + 1);
  if (affjit::Error err = fn.invoke(argumentsOf(k, buffers, false))) {
    state.SkipWithError(err.message().c_str());
    return false;
  }
  std::vector<std::vector<float>> outputs;
  for (Buffer &b : buffers)
    outputs.emplace_back(b.data(), b.data() + b.size());
  Baseline &base = baselines()[name];
  if (threads == 1) {
    base.outputs = std::move(outputs);
    return true;
  }
  if (base.outputs.empty())
    return true; // the 1-thread row did not run: nothing to compare with
  for (size_t i = 0; i < outputs.size(); ++i)
    if (std::memcmp(outputs[i].data(), base.outputs[i].data(),
                    outputs[i].size() * sizeof(float)) != 0) {
      state.SkipWithError(("argument " + std::to_string(i) +
                           " differs from the 1-thread result")
                              .c_str());
      return false;
    }
  return true;
}

void BM_Parallel(benchmark::State &state, std::string name) {
  const Kernel &k = kernels().at(name);
  unsigned threads = (unsigned)state.range(0);
  affjit::EngineOptions options;
  options.threads = threads;
  affjit::Engine engine(options);
  if (affjit::Error err = engine.compile(readKernel(k.file), k.file)) {
    state.SkipWithError(err.message().c_str());
    return;
  }
  affjit::Expected<affjit::Function> fn = engine.lookup(k.function);
  if (!fn) {
    state.SkipWithError(fn.error().message().c_str());
    return;
  }
  std::vector<Buffer> buffers;
  for (const std::vector<int64_t> &shape : k.shapes)
    buffers.emplace_back(shape);
  if (!checkOutputs(state, name, k, *fn, buffers, threads))
    return;
  std::vector<affjit::detail::Argument> args = argumentsOf(k, buffers, false);
  std::vector<affjit::detail::Argument> back = argumentsOf(k, buffers, true);
  int64_t iterations = 0;
  auto start = std::chrono::steady_clock::now();
  for (auto _ : state) {
    if (affjit::Error err = fn->invoke(args)) {
      state.SkipWithError(err.message().c_str());
      return;
    }
    if (k.swapped)
      (void)fn->invoke(back);
    ++iterations;
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count() /
      (double)std::max<int64_t>(1, iterations);
  Baseline &base = baselines()[name];
  if (threads == 1)
    base.seconds = seconds;
  else if (base.seconds > 0)
    state.counters["speedup"] = base.seconds / seconds;
}

//===----------------------------------------------------------------------===//
// Grain: saxpy of growing size, every loop parallelized
//===----------------------------------------------------------------------===//

std::string saxpyOf(int64_t n) {
  std::string t = "memref<" + std::to_string(n) + "xf32>";
  return "func.func @saxpy(%a: f32, %x: " + t + ", %y: " + t +
         ") {\n  affine.for %i = 0 to " + std::to_string(n) +
         " {\n    %xi = affine.load %x[%i] : " + t +
         "\n    %yi = affine.load %y[%i] : " + t +
         "\n    %p = arith.mulf %a, %xi : f32\n    %s = arith.addf %p, %yi : "
         "f32\n    affine.store %s, %y[%i] : " +
         t + "\n  }\n  return\n}\n";
}

void BM_Grain(benchmark::State &state) {
  int64_t n = state.range(0);
  affjit::EngineOptions options;
  options.threads = (unsigned)state.range(1);
  options.pipeline = "default,parallelize";
  // Parallelize whatever is parallel: the point is to see when it pays.
  setenv("AFFJIT_PARALLEL_MIN_WORK", "0", 1);
  affjit::Engine engine(options);
  affjit::Error err = engine.compile(saxpyOf(n));
  unsetenv("AFFJIT_PARALLEL_MIN_WORK");
  if (err) {
    state.SkipWithError(err.message().c_str());
    return;
  }
  affjit::Expected<affjit::Function> fn = engine.lookup("saxpy");
  if (!fn) {
    state.SkipWithError(fn.error().message().c_str());
    return;
  }
  Buffer x({n}), y({n});
  x.fill(1);
  y.fill(2);
  std::vector<affjit::detail::Argument> args{affjit::detail::makeArgument(0.5f),
                                             x.argument(), y.argument()};
  for (auto _ : state)
    if (affjit::Error e = fn->invoke(args)) {
      state.SkipWithError(e.message().c_str());
      return;
    }
  state.counters["op_instances"] = 5.0 * (double)n;
}

void registerAll() {
  std::vector<int64_t> counts{1, 2, allThreads()};
  if (allThreads() <= 2)
    counts = {1, 2};
  for (int64_t n : counts) {
    benchmark::RegisterBenchmark("BM_EmptyParallelRegion/openmp",
                                 BM_EmptyParallelRegionOpenMP)
        ->ArgName("threads")
        ->Arg(n);
#ifdef AFFJIT_HAVE_TBB
    benchmark::RegisterBenchmark("BM_EmptyParallelRegion/tbb",
                                 BM_EmptyParallelRegionTBB)
        ->ArgName("threads")
        ->Arg(n);
#endif
    benchmark::RegisterBenchmark("BM_EmptyParallelRegion/jit",
                                 BM_EmptyParallelRegionJit)
        ->ArgName("threads")
        ->Arg(n);
  }
  // Regions of two chunks of about 2.5 us, 25 us and 2.5 ms each (the
  // last shows whether the machine has a second core free at all).
  for (int64_t work : {2000, 20000, 2000000}) {
    benchmark::RegisterBenchmark("BM_ShortRegion/sequential",
                                 BM_ShortRegionSequential)
        ->ArgName("work")
        ->Arg(work)
        ->UseRealTime();
    benchmark::RegisterBenchmark("BM_ShortRegion/openmp", BM_ShortRegionOpenMP)
        ->ArgName("work")
        ->Arg(work)
        ->UseRealTime();
#ifdef AFFJIT_HAVE_TBB
    benchmark::RegisterBenchmark("BM_ShortRegion/tbb", BM_ShortRegionTBB)
        ->ArgName("work")
        ->Arg(work)
        ->UseRealTime();
#endif
  }
  std::vector<int64_t> threads{1};
  if (allThreads() > 1)
    threads.push_back(allThreads());
  for (const auto &[name, kernel] : kernels())
    for (int64_t t : threads)
      benchmark::RegisterBenchmark(("BM_Parallel/" + name).c_str(), BM_Parallel,
                                   name)
          ->ArgName("threads")
          ->Arg(t)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
  for (int64_t n = 1024; n <= (1 << 20); n *= 4)
    for (int64_t t : threads)
      benchmark::RegisterBenchmark("BM_Grain", BM_Grain)
          ->ArgNames({"n", "threads"})
          ->Args({n, t})
          ->Unit(benchmark::kMicrosecond)
          ->UseRealTime();
}

const bool registered = (registerAll(), true);

} // namespace
