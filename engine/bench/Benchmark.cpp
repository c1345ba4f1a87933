// The C++ API's benchmark functions (affjit/Benchmark.h): MLIR text as the
// program source of the benchmark runner.
#include "affjit/Benchmark.h"

#include "engine/Pipeline.h"
#include "engine/bench/BenchmarkRunner.h"

#include <memory>

namespace affjit {

bool BenchmarkResult::agree() const {
  for (const BenchmarkVariant &v : variants)
    if (v.mismatch)
      return false;
  return true;
}

std::string BenchmarkMismatch::message(std::string_view variant,
                                       std::string_view reference) const {
  std::string where = argument;
  if (!indices.empty()) {
    where += "[";
    for (size_t i = 0; i < indices.size(); ++i)
      where += (i ? ", " : "") + std::to_string(indices[i]);
    where += "]";
  }
  std::string text = where + " = " + actual + " (" + std::string(variant) +
                     "), expected " + expected + " (" + std::string(reference) +
                     ")";
  if (ulps)
    text += *ulps == UINT64_MAX ? ", one of them NaN"
            : *ulps == 1        ? ", 1 ulp apart"
                                : ", " + std::to_string(*ulps) + " ulps apart";
  return text;
}

namespace {

/// `text` as a program source: parsed anew for every variant.
bench::ProgramSource textSource(std::string_view text,
                                const std::string &bufferName) {
  auto source = std::make_shared<SourceBuffer>(SourceBuffer{
      std::make_shared<const std::string>(bufferName), std::string(text)});
  bench::ProgramSource program;
  program.build = [source](DiagnosticEngine &diag) {
    return parseSource(*source, diag);
  };
  program.cacheKey = source->text + "\n" + bufferName;
  return program;
}

} // namespace

Expected<BenchmarkResult> benchmark(std::string_view mlirText,
                                    std::string_view function,
                                    const BenchmarkOptions &options) {
  return bench::runBenchmark(textSource(mlirText, options.bufferName), function,
                             std::nullopt, options);
}

Expected<BenchmarkResult>
benchmarkArguments(std::string_view mlirText, std::string_view function,
                   std::span<const detail::Argument> arguments,
                   const BenchmarkOptions &options) {
  return bench::runBenchmark(textSource(mlirText, options.bufferName), function,
                             arguments, options);
}

} // namespace affjit
