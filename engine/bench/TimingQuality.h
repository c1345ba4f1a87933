// Whether `affjit bench`'s timings deserve trust: a variant whose samples
// spread widely (interquartile range over the median above 5%) or a
// machine already busy when the benchmark started (load average against
// the CPUs online) gets a warning, since a median from such samples may
// not repeat on the next run.
#pragma once

#include "affjit/Benchmark.h"

#include <optional>
#include <string>
#include <vector>

namespace affjit::bench {

/// The relative spread (interquartile range over the median) above which
/// timings count as noisy.
constexpr double kHighSpread = 0.05;

/// True when `timing` (summarized: BenchmarkTiming::spread) spreads more
/// than `limit`.
bool spreadIsHigh(const BenchmarkTiming &timing, double limit = kHighSpread);

/// True when a 1-minute load average of `load` on `cpus` CPUs means other
/// work competes for them: at least half the CPUs busy, and at least one.
bool machineIsLoaded(double load, unsigned cpus);

/// The warnings for `result` (one line each, without "warning: "): the
/// variants whose timings spread more than `limit`, and a machine loaded
/// at the start (`load`: its 1-minute load average, if known).
std::vector<std::string> timingWarnings(const BenchmarkResult &result,
                                        std::optional<double> load,
                                        unsigned cpus,
                                        double limit = kHighSpread);

} // namespace affjit::bench
