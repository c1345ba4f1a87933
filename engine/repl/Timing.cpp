// Timing of repeated calls for the REPL's :time (Timing.h).
#include "engine/repl/Timing.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace affjit::repl {

double TimingResult::min() const {
  return *std::min_element(seconds.begin(), seconds.end());
}

double TimingResult::median() const {
  std::vector<double> sorted = seconds;
  std::sort(sorted.begin(), sorted.end());
  size_t n = sorted.size();
  return n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

namespace {

using Clock = std::chrono::steady_clock;

std::optional<std::string>
timeOne(const std::function<std::optional<std::string>()> &runOnce,
        double &seconds) {
  auto start = Clock::now();
  auto failure = runOnce();
  seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return failure;
}

/// How many runs fit in the target time, judged by the warm-up run.
int64_t autoRunCount(double warmupSeconds, double targetSeconds) {
  double fit = targetSeconds / std::max(warmupSeconds, 1e-9);
  return std::clamp<int64_t>((int64_t)fit, 3, 100000);
}

std::string formatSeconds(double s) {
  char text[32];
  if (s >= 1)
    std::snprintf(text, sizeof(text), "%.3f s", s);
  else if (s >= 1e-3)
    std::snprintf(text, sizeof(text), "%.3f ms", s * 1e3);
  else
    std::snprintf(text, sizeof(text), "%.3f us", s * 1e6);
  return text;
}

std::string formatRate(std::optional<double> amount, double seconds,
                       const char *unit, const std::string &unknownReason) {
  if (!amount)
    return std::string(unit) + " unknown (" + unknownReason + ")";
  char text[64];
  std::snprintf(text, sizeof(text), "%.2f %s", *amount / seconds / 1e9, unit);
  return text;
}

} // namespace

std::optional<std::string>
timeRuns(const std::function<std::optional<std::string>()> &runOnce,
         const TimingOptions &options, TimingResult &result) {
  result.seconds.clear();
  double warmup;
  if (auto failure = timeOne(runOnce, warmup))
    return failure;
  int64_t runs = options.runs > 0 ? options.runs
                                  : autoRunCount(warmup, options.targetSeconds);
  for (int64_t i = 0; i < runs; ++i) {
    double s;
    if (auto failure = timeOne(runOnce, s))
      return failure;
    result.seconds.push_back(s);
  }
  return std::nullopt;
}

std::string formatTiming(const TimingResult &result, const WorkEstimate &work) {
  double best = result.min();
  return std::to_string(result.seconds.size()) + " runs: min " +
         formatSeconds(best) + ", median " + formatSeconds(result.median()) +
         "; " +
         formatRate(work.flops, best, "GFLOP/s", work.flopsUnknownReason) +
         ", " + formatRate(work.bytes, best, "GB/s", work.bytesUnknownReason) +
         " at the minimum";
}

} // namespace affjit::repl
