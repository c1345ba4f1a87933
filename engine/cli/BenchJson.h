// The JSON report of `affjit bench --json FILE` (nlohmann-json), in the
// format engine/cli/bench.schema.json documents: affjit's version, when
// and on what it ran, the settings, the arguments, the work per call, the
// measured bandwidth and, per variant, compile time, timing samples and
// summary, rates, speedup and how its results compared; and the warnings.
#pragma once

#include "affjit/Benchmark.h"
#include "engine/cli/BenchFacts.h"

#include <nlohmann/json.hpp>

#include <string>

namespace affjit::cli {

/// The report of `result`, benchmarked from `file` with `options`.
nlohmann::ordered_json benchJson(const BenchmarkResult &result,
                                 const BenchmarkOptions &options,
                                 const std::string &file,
                                 const BenchFacts &facts);

/// Writes `report` to `path`; prints `affjit: error: ...` and returns
/// false when it cannot.
bool writeJson(const nlohmann::ordered_json &report, const std::string &path);

} // namespace affjit::cli
