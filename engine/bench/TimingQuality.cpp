// Warnings about untrustworthy timings (TimingQuality.h).
#include "engine/bench/TimingQuality.h"

#include <algorithm>
#include <cstdio>

namespace affjit::bench {

namespace {

std::string percent(double fraction) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.1f%%", fraction * 100);
  return text;
}

std::optional<std::string> spreadWarning(const BenchmarkResult &r,
                                         double limit) {
  std::string noisy;
  for (const BenchmarkVariant &v : r.variants)
    if (spreadIsHigh(v.time, limit))
      noisy += (noisy.empty() ? "" : ", ") + v.pipeline + " " +
               percent(v.time.spread);
  if (noisy.empty())
    return std::nullopt;
  return "the times per call spread more than " + percent(limit) +
         " (interquartile range over the median): " + noisy +
         "; other work on the machine, frequency changes or too few "
         "repetitions may have disturbed them, so their medians may not "
         "repeat (a longer --min-time or more --repetitions, on a quiet "
         "machine, helps)";
}

} // namespace

bool spreadIsHigh(const BenchmarkTiming &timing, double limit) {
  return timing.repetitions > 0 && timing.spread > limit;
}

bool machineIsLoaded(double load, unsigned cpus) {
  return load >= std::max(1.0, 0.5 * (double)cpus);
}

std::vector<std::string> timingWarnings(const BenchmarkResult &r,
                                        std::optional<double> load,
                                        unsigned cpus, double limit) {
  std::vector<std::string> warnings;
  if (load && machineIsLoaded(*load, cpus)) {
    char text[160];
    std::snprintf(text, sizeof(text),
                  "the machine was busy when the benchmark started (load "
                  "average %.2f on %u CPU%s): ",
                  *load, cpus, cpus == 1 ? "" : "s");
    warnings.push_back(std::string(text) +
                       "other processes may have slowed down and spread the "
                       "timings");
  }
  if (std::optional<std::string> spread = spreadWarning(r, limit))
    warnings.push_back(*spread);
  return warnings;
}

} // namespace affjit::bench
