// Checking a variant's results against the first variant's: every memref
// argument element and every scalar result, bit for bit, or for floats
// within a number of units in the last place when the pipelines may
// reassociate (fast-math). A float's difference counts in ulps at the
// largest magnitude of its memref (or in its own ulps, if fewer), a
// norm-wise measure: a reassociated sum that lands near zero is off by many
// of its own ulps but by few of the values it sums. Reports the first
// element that differs too much and the largest difference.
#pragma once

#include "affjit/Benchmark.h"
#include "engine/bench/ArgumentSet.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace affjit::bench {

/// Distance of two floats in units in the last place (0 for +0 and -0 and
/// for two NaNs; UINT64_MAX when only one is a NaN).
uint64_t ulpDistance(float a, float b);
uint64_t ulpDistance(double a, double b);

struct CompareOptions {
  bool fastMath = false;
  uint64_t maxUlps = 0;
};

struct CompareOutcome {
  /// The largest difference, in ulps at each memref's largest magnitude.
  uint64_t maxUlps = 0;
  std::optional<BenchmarkMismatch> mismatch;
};

/// A scalar result of one call: its kind and value.
using ScalarResult = std::pair<ScalarKind, detail::ScalarValue>;

/// Compares `actual`'s memrefs and scalar results with `expected`'s.
CompareOutcome compareResults(const ArgumentSet &expected,
                              const std::vector<ScalarResult> &expectedResults,
                              const ArgumentSet &actual,
                              const std::vector<ScalarResult> &actualResults,
                              const CompareOptions &options);

} // namespace affjit::bench
