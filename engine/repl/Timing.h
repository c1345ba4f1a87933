// The REPL's :time: repeated calls of a kernel after a warm-up, summarized
// by the minimum and median time per call, and throughput from the
// function's static work estimate (frontend/analysis/WorkEstimate.h) when it
// is known. Calls shorter than the clock can resolve are timed in batches,
// as Google Benchmark does, so a tiny kernel is not measured as clock
// overhead.
#pragma once

#include "frontend/analysis/WorkEstimate.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace affjit::repl {

struct TimingOptions {
  /// Timed runs (samples); 0 picks a count that takes about
  /// `targetSeconds` (at least 3 runs, at most 100000).
  int64_t runs = 0;
  double targetSeconds = 0.5;
  /// A run lasts at least this long: short calls are repeated within it.
  double minRunSeconds = 20e-6;
};

struct TimingResult {
  /// Calls per run (1 unless calls are shorter than minRunSeconds).
  int64_t callsPerRun = 1;
  /// Seconds per call of each run, in run order.
  std::vector<double> seconds;
  double min() const;
  double median() const;
};

/// Calls `call` to warm up and choose the batch size, then times the runs.
void timeRuns(const std::function<void()> &call, const TimingOptions &options,
              TimingResult &result);

/// "N runs: min 1.23 ms, median 1.30 ms; 12.3 GFLOP/s, 4.5 GB/s at the
/// minimum" (or why the rates are unknown); "N runs of K calls" when batched.
std::string formatTiming(const TimingResult &result, const WorkEstimate &work);

} // namespace affjit::repl
