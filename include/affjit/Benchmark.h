// affjit::benchmark: what `affjit bench` does, for a C++ program. One
// function of an MLIR module is compiled once per pass pipeline (`none`,
// `fuse`, `default`, ...), each variant runs on its own copy of the same
// inputs, every variant's memref arguments (and scalar results) must equal
// the first variant's, and then each variant is timed: warm-up,
// repetitions until a minimum time, median / min / max / spread, GFLOP/s and
// GB/s from the static work estimate, compile time, speedup.
//
//   affjit::BenchmarkOptions options;
//   options.pipelines = {"none", "fuse"};
//   options.inputs.dims = {{"x", 1024}};        // memref<?xf32> argument %x
//   affjit::Expected<affjit::BenchmarkResult> r =
//       affjit::benchmark(text, "kernel", options);
//   if (!r) { ... r.error().message() ... }       // bad input, compile error
//   if (!r->agree()) { ... r->variants[i].mismatch->message() ... }
//   double speedup = r->variants[1].speedup;
#pragma once

#include "affjit/CompileTimes.h"
#include "affjit/Engine.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace affjit {

/// How the arguments are made when the caller does not give them. An
/// argument is named by its SSA name without '%' (`x` for `%x`) or by its
/// position (`arg0`, `arg1`, ...).
struct BenchmarkInputs {
  /// Sizes of `?` dimensions: `{"x", 1024}` sets every `?` dimension of
  /// %x, `{"x.1", 512}` dimension 1 only.
  std::vector<std::pair<std::string, int64_t>> dims;
  /// Sizes of the `?` dimensions `dims` leaves open, in order of appearance
  /// (argument by argument, dimension by dimension).
  std::vector<int64_t> dynamicSizes;
  /// Scalar arguments: `NAME=VALUE`, or `VALUE` for the next scalar
  /// argument not named; every scalar argument needs one.
  std::vector<std::string> scalars;
  /// Memref elements are pseudo-random from this seed: the same seed gives
  /// the same inputs on every machine.
  uint64_t seed = 1;
  /// Floats are uniform in [floatMin, floatMax); integers in [0, 16), i1
  /// in {0, 1}.
  double floatMin = -1.0, floatMax = 1.0;
};

/// A memref argument's data after a variant's checked call.
struct BenchmarkBuffer {
  std::string name; // `%x`
  ScalarKind element;
  std::vector<int64_t> shape;
  /// Row-major, shape's product elements (i1 in one byte each).
  void *data = nullptr;
  size_t bytes = 0;
};

struct BenchmarkOptions {
  /// The variants, each a pipeline spec as `--pipeline` takes it; the first
  /// is the reference the others are checked and compared against.
  std::vector<std::string> pipelines{"none", "default"};
  /// How every variant is compiled, its `pipeline` replaced by the
  /// variant's. With `fastMath` (passes may reassociate floats, e.g.
  /// vectorize float reductions) floats may differ: they are compared
  /// within `maxUlps` units in the last place of the largest magnitude in
  /// their memref (or of the value itself, if that is less strict) instead
  /// of bit for bit. With more than one thread the calling thread is not
  /// pinned, as the runtime's threads would inherit its single CPU. The
  /// target must be one this host runs.
  CompileOptions compile{};
  BenchmarkInputs inputs;
  uint64_t maxUlps = 64;
  /// Timed repetitions continue until they add up to `minTime` seconds
  /// (at least 3); `repetitions` > 0 fixes their number instead.
  double minTime = 0.5;
  int64_t repetitions = 0;
  /// Untimed repetitions after the checked call.
  int64_t warmup = 1;
  /// Flush the memref arguments from the caches before every repetition
  /// (one call each), so each call starts from memory.
  bool cold = false;
  /// Keep the calling thread on the CPU it starts on while calls run.
  bool pinThread = true;
  /// For a variant that disagrees with the first, run the prefixes of its
  /// pipeline against the first variant too, on the same inputs, to find
  /// the pass after which the results first differ
  /// (BenchmarkVariant::firstDifferingPass).
  bool bisectMismatches = true;
  /// The module's name in diagnostics.
  std::string bufferName = "<input>";
  /// Told what happens next ("fuse: compiling", "fuse: timing"), e.g. for
  /// a progress line.
  std::function<void(const std::string &)> onProgress;
  /// Runs a call of JIT code; returns why it did not finish (a crash
  /// guard, as the command line tool and the REPL use), nullopt when it
  /// returned. Without it calls run directly.
  std::function<std::optional<std::string>(const std::function<void()> &)>
      runGuarded;
  /// Called with a variant's memref arguments after its checked call and
  /// before they are compared, to save or inspect them (tests change one
  /// element to see the check fail).
  std::function<void(size_t variant, std::span<BenchmarkBuffer> buffers)>
      onOutputs;
};

/// One argument as the variants were called with it.
struct BenchmarkArgument {
  std::string name; // `%x`
  /// The parameter type with its `?` sizes resolved (memref<1024xf32>).
  std::string type;
  bool isMemRef = false;
  std::vector<int64_t> shape;
  int64_t bytes = 0;
  /// A scalar's value as passed.
  std::string value;
};

/// Seconds per call of the timed repetitions.
struct BenchmarkTiming {
  int64_t repetitions = 0;
  /// Calls per repetition: short calls are repeated within one.
  int64_t callsPerRepetition = 1;
  std::vector<double> seconds;
  double median = 0, min = 0, max = 0;
  /// The relative spread: the interquartile range over the median (robust
  /// against the odd interrupted repetition that max shows).
  double spread = 0;
};

/// Where a variant first differs from the first variant.
struct BenchmarkMismatch {
  /// `%out`, or `result #0` for a scalar result.
  std::string argument;
  std::vector<int64_t> indices;
  /// Both values as text (shortest round-trip form).
  std::string expected, actual;
  /// Their distance in units in the last place (floats).
  std::optional<uint64_t> ulps;
  /// `%out[3, 7] = 1.5 (fuse), expected 1.25 (none), 2097152 ulps apart`.
  std::string message(std::string_view variant,
                      std::string_view reference) const;
};

struct BenchmarkVariant {
  std::string pipeline;
  /// Parse, passes, lowering and LLVM (an object-cache hit is fast).
  double compileSeconds = 0;
  /// Where compileSeconds went, phase by phase (as `--time-passes`).
  CompileTimes compileTimes;
  /// Empty when the variants do not agree (nothing is timed then).
  BenchmarkTiming time;
  /// At the median time; nullopt when the work is unknown.
  std::optional<double> gflops, gbytesPerSecond;
  /// The first variant's median time over this one's.
  double speedup = 0;
  /// The largest difference from the first variant over every float
  /// element and result, in ulps as `maxUlps` measures them (0 when bit
  /// for bit equal).
  uint64_t maxUlps = 0;
  std::optional<BenchmarkMismatch> mismatch;
  /// For a variant that disagrees (BenchmarkOptions::bisectMismatches):
  /// the first pass of its pipeline after which the results differ, and
  /// the pipeline up to it; empty when no prefix differs on its own.
  std::string firstDifferingPass, differingPrefix;
};

struct BenchmarkResult {
  std::string function;
  std::vector<BenchmarkArgument> arguments;
  /// One call's work (frontend/analysis/WorkEstimate.h), or why unknown.
  std::optional<double> flops, bytes;
  std::string flopsUnknownReason, bytesUnknownReason;
  std::vector<BenchmarkVariant> variants;
  std::string hostCpu;
  /// The CPU the calls ran on when pinned, else -1.
  int pinnedCpu = -1;
  /// True when every variant agrees with the first.
  bool agree() const;
};

/// Benchmarks `function` (without '@'; empty for the module's only
/// function) of `mlirText` with generated arguments (`options.inputs`). An
/// error for bad text (diagnostics as `name:line:col: error: ...`), an unknown
/// function or pipeline, arguments that are neither memrefs nor scalars,
/// missing sizes or scalars, and a call that crashes; variants that disagree
/// are a result, not an error.
Expected<BenchmarkResult> benchmark(std::string_view mlirText,
                                    std::string_view function,
                                    const BenchmarkOptions &options = {});

/// The same with the caller's arguments as the inputs: each variant runs
/// on copies of them, which stay unchanged.
Expected<BenchmarkResult>
benchmarkArguments(std::string_view mlirText, std::string_view function,
                   std::span<const detail::Argument> arguments,
                   const BenchmarkOptions &options = {});

/// `benchmarkWith(text, "f", options, a, b, 2.0f)` with MemRefs, spans,
/// vectors and scalars as Function::call takes them.
template <typename... Args>
  requires(detail::Passable<Args> && ...)
Expected<BenchmarkResult>
benchmarkWith(std::string_view mlirText, std::string_view function,
              const BenchmarkOptions &options, Args &&...args) {
  auto run = [&](std::span<const detail::Argument> packed) {
    return benchmarkArguments(mlirText, function, packed, options);
  };
  return detail::withArguments(run, detail::passed(args)...);
}

} // namespace affjit
