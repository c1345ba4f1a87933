// Timing of repeated calls for the REPL's :time (Timing.h).
#include "engine/repl/Timing.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>

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

/// Seconds for `calls` back-to-back calls.
double timeBatch(const std::function<void()> &call, int64_t calls) {
  auto start = Clock::now();
  for (int64_t i = 0; i < calls; ++i)
    call();
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// How many runs fit in the target time.
int64_t autoRunCount(double runSeconds, double targetSeconds) {
  double fit = targetSeconds / std::max(runSeconds, 1e-9);
  return std::clamp<int64_t>((int64_t)fit, 3, 100000);
}

std::string formatSeconds(double s) {
  char text[32];
  if (s >= 1)
    std::snprintf(text, sizeof(text), "%.3f s", s);
  else if (s >= 1e-3)
    std::snprintf(text, sizeof(text), "%.3f ms", s * 1e3);
  else if (s >= 1e-6)
    std::snprintf(text, sizeof(text), "%.3f us", s * 1e6);
  else
    std::snprintf(text, sizeof(text), "%.3f ns", s * 1e9);
  return text;
}

std::string formatRate(std::optional<double> amount, double seconds,
                       const char *unit, const std::string &unknownReason) {
  if (!amount)
    return std::string(unit) + " unknown (" + unknownReason + ")";
  double rate = *amount / seconds / 1e9;
  char text[64];
  // Three significant digits, without an exponent for the usual range.
  std::snprintf(text, sizeof(text), rate >= 100 ? "%.0f %s" : "%.3g %s", rate,
                unit);
  return text;
}

} // namespace

void timeRuns(const std::function<void()> &call, const TimingOptions &options,
              TimingResult &result) {
  result.seconds.clear();
  // The warm-up doubles the batch until a batch is long enough to time.
  int64_t calls = 1;
  double batch = timeBatch(call, calls);
  while (batch < options.minRunSeconds && calls < (int64_t(1) << 30)) {
    calls *= 2;
    batch = timeBatch(call, calls);
  }
  result.callsPerRun = calls;
  int64_t runs = options.runs > 0 ? options.runs
                                  : autoRunCount(batch, options.targetSeconds);
  for (int64_t i = 0; i < runs; ++i)
    result.seconds.push_back(timeBatch(call, calls) / (double)calls);
}

std::string formatTiming(const TimingResult &result, const WorkEstimate &work) {
  double best = result.min();
  std::string runs = std::to_string(result.seconds.size()) + " runs";
  if (result.callsPerRun > 1)
    runs += " of " + std::to_string(result.callsPerRun) + " calls";
  return runs + ": min " + formatSeconds(best) + ", median " +
         formatSeconds(result.median()) + "; " +
         formatRate(work.flops, best, "GFLOP/s", work.flopsUnknownReason) +
         ", " + formatRate(work.bytes, best, "GB/s", work.bytesUnknownReason) +
         " at the minimum";
}

} // namespace affjit::repl
