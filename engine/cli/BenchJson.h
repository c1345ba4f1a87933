// The JSON report of `affjit bench --json FILE` (nlohmann-json), in the
// format engine/cli/bench.schema.json documents: the settings, the
// arguments, the work per call and, per variant, compile time, timing
// samples and summary, rates, speedup and how its results compared.
#pragma once

#include "affjit/Benchmark.h"

#include <nlohmann/json.hpp>

#include <string>

namespace affjit::cli {

/// The report of `result`, benchmarked from `file` with `options`.
nlohmann::ordered_json benchJson(const BenchmarkResult &result,
                                 const BenchmarkOptions &options,
                                 const std::string &file);

/// Writes `report` to `path`; prints `affjit: error: ...` and returns
/// false when it cannot.
bool writeJson(const nlohmann::ordered_json &report, const std::string &path);

} // namespace affjit::cli
