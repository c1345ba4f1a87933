// The benchmark behind affjit::benchmark, `affjit bench` and the REPL's
// :bench, on a program from any source: text (parsed once per variant) or
// the REPL's definitions. Compiles the function once per pipeline, runs
// every variant once on a copy of the same inputs and compares its results
// with the first variant's, then (when all agree) times each variant.
#pragma once

#include "affjit/Benchmark.h"
#include "frontend/ir/Diagnostics.h"
#include "frontend/ir/IR.h"

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace affjit::bench {

/// Where the benchmarked program comes from.
struct ProgramSource {
  /// A fresh, parsed copy of the program (each variant's passes change
  /// their own); null with errors in `diag` (which also gets the source
  /// buffers for caret lines).
  std::function<std::unique_ptr<Module>(DiagnosticEngine &diag)> build;
  /// Names everything the program is built from, for the object cache.
  std::string cacheKey;
};

/// Benchmarks `function` of `source`. Without `arguments` the inputs are
/// generated from `options.inputs`; with them, each variant runs on copies
/// of the caller's arguments.
Expected<BenchmarkResult>
runBenchmark(const ProgramSource &source, std::string_view function,
             std::optional<std::span<const detail::Argument>> arguments,
             const BenchmarkOptions &options);

} // namespace affjit::bench
