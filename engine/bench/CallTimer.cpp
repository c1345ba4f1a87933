// Timed repetitions of benchmarked calls (CallTimer.h).
#include "engine/bench/CallTimer.h"

#include <algorithm>
#include <chrono>

namespace affjit::bench {

namespace {

using Clock = std::chrono::steady_clock;

/// A repetition count that the timed loop never exceeds, so that a call
/// of nanoseconds still finishes.
constexpr int64_t kMaxRepetitions = 100000;
constexpr int64_t kMinRepetitions = 3;
constexpr int64_t kMaxCallsPerRepetition = int64_t(1) << 30;

/// Seconds for `calls` back-to-back calls.
double timeBatch(const std::function<void()> &call, int64_t calls) {
  auto start = Clock::now();
  for (int64_t i = 0; i < calls; ++i)
    call();
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// Doubles the calls per repetition until a repetition is long enough to
/// time; these repetitions warm up too.
int64_t chooseCallsPerRepetition(const std::function<void()> &call,
                                 const std::function<void()> &prepare,
                                 const TimerOptions &options) {
  if (options.singleCalls)
    return 1;
  int64_t calls = 1;
  for (;;) {
    prepare();
    if (timeBatch(call, calls) >= options.minRepetitionSeconds ||
        calls >= kMaxCallsPerRepetition)
      return calls;
    calls *= 2;
  }
}

bool wantMore(const TimerOptions &options, int64_t done, double total) {
  if (options.repetitions > 0)
    return done < options.repetitions;
  return done < kMaxRepetitions &&
         (done < kMinRepetitions || total < options.minTime);
}

/// The `q` quantile of sorted samples, interpolating between neighbours.
double quantile(const std::vector<double> &sorted, double q) {
  double at = q * (double)(sorted.size() - 1);
  size_t below = (size_t)at;
  if (below + 1 >= sorted.size())
    return sorted.back();
  double frac = at - (double)below;
  return sorted[below] * (1 - frac) + sorted[below + 1] * frac;
}

} // namespace

void summarize(BenchmarkTiming &t) {
  t.repetitions = (int64_t)t.seconds.size();
  if (t.seconds.empty())
    return;
  std::vector<double> sorted = t.seconds;
  std::sort(sorted.begin(), sorted.end());
  t.min = sorted.front();
  t.max = sorted.back();
  t.median = quantile(sorted, 0.5);
  if (t.median > 0)
    t.spread = (quantile(sorted, 0.75) - quantile(sorted, 0.25)) / t.median;
}

double quantileOf(std::vector<double> samples, double q) {
  if (samples.empty())
    return 0;
  std::sort(samples.begin(), samples.end());
  return quantile(samples, q);
}

BenchmarkTiming timeCalls(const std::function<void()> &call,
                          const std::function<void()> &prepare,
                          const TimerOptions &options) {
  BenchmarkTiming timing;
  timing.callsPerRepetition = chooseCallsPerRepetition(call, prepare, options);
  int64_t calls = timing.callsPerRepetition;
  for (int64_t i = 0; i < options.warmup; ++i) {
    prepare();
    timeBatch(call, calls);
  }
  double total = 0;
  while (wantMore(options, (int64_t)timing.seconds.size(), total)) {
    prepare();
    double seconds = timeBatch(call, calls);
    total += seconds;
    timing.seconds.push_back(seconds / (double)calls);
  }
  summarize(timing);
  return timing;
}

} // namespace affjit::bench
