// Timing repeated calls for `affjit bench`: after warm-up repetitions, timed
// repetitions continue until they add up to a minimum time (at least
// three), or a fixed count. Calls shorter than a clock can resolve well are
// repeated within a repetition, as Google Benchmark does; before every
// repetition an untimed `prepare` step restores the inputs (and may flush
// the caches), so each repetition computes on the same data.
#pragma once

#include "affjit/Benchmark.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace affjit::bench {

struct TimerOptions {
  double minTime = 0.5;
  /// > 0: exactly this many timed repetitions.
  int64_t repetitions = 0;
  int64_t warmup = 1;
  /// One call per repetition, whatever its length (a cold call).
  bool singleCalls = false;
  /// A repetition of short calls lasts at least this long.
  double minRepetitionSeconds = 50e-6;
};

/// Times `call`, running `prepare` (untimed) before every repetition.
BenchmarkTiming timeCalls(const std::function<void()> &call,
                          const std::function<void()> &prepare,
                          const TimerOptions &options);

/// Median, min and max of `timing.seconds` into its fields.
void summarize(BenchmarkTiming &timing);

/// The `q` quantile (0..1) of `samples`, interpolating between neighbours
/// as summarize() does; 0 for no samples.
double quantileOf(std::vector<double> samples, double q);

} // namespace affjit::bench
