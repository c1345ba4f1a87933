// The REPL's :time: repeated calls of a kernel after a warm-up, summarized
// by the minimum and median time, and throughput from the function's static
// work estimate (frontend/analysis/WorkEstimate.h) when it is known.
#pragma once

#include "frontend/analysis/WorkEstimate.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace affjit::repl {

struct TimingOptions {
  /// Timed runs; 0 picks a count that takes about `targetSeconds`
  /// (at least 3 runs, at most 100000).
  int64_t runs = 0;
  double targetSeconds = 0.5;
};

struct TimingResult {
  std::vector<double> seconds; // one per timed run, in run order
  double min() const;
  double median() const;
};

/// Calls `runOnce` once to warm up, then the timed runs. `runOnce` returns
/// an error message to stop early; that message is returned.
std::optional<std::string>
timeRuns(const std::function<std::optional<std::string>()> &runOnce,
         const TimingOptions &options, TimingResult &result);

/// "N runs: min 1.23 ms, median 1.30 ms; 12.3 GFLOP/s, 4.5 GB/s at the
/// minimum" (or why the rates are unknown).
std::string formatTiming(const TimingResult &result, const WorkEstimate &work);

} // namespace affjit::repl
