// Checking a variant's results against the first variant's: every memref
// argument element and every scalar result, bit for bit, or for floats
// within a number of units in the last place when the pipelines may
// reassociate (fast-math). A float's difference counts in ulps at the
// largest magnitude of its memref (or in its own ulps, if fewer), a
// norm-wise measure: a reassociated sum that lands near zero is off by many
// of its own ulps but by few of the values it sums. Under fast math the
// scale also takes the magnitude of the terms a value sums, when known:
// reassociating a sum of n terms may move it by up to about n * eps *
// sum|terms| (Higham), which for a long dot product is far more than ulps
// of its result or of its inputs. Reports the first element that differs
// too much and the largest difference.
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

/// A scalar result of one call: its kind and value.
using ScalarResult = std::pair<ScalarKind, detail::ScalarValue>;

struct CompareOptions {
  bool fastMath = false;
  uint64_t maxUlps = 0;
  /// The reference's outputs from inputs of the same magnitudes but all
  /// non-negative (ReferenceMagnitudes), or null: each float memref's (and
  /// result's) largest magnitude there joins the scale its differences are
  /// measured at. A sum of products of non-negative values is the sum of
  /// the magnitudes of its terms.
  const ArgumentSet *magnitudes = nullptr;
  const std::vector<ScalarResult> *magnitudeResults = nullptr;
};

struct CompareOutcome {
  /// The largest difference, in ulps at each memref's largest magnitude
  /// (or its terms', see CompareOptions::magnitudes).
  uint64_t maxUlps = 0;
  std::optional<BenchmarkMismatch> mismatch;
};

/// Compares `actual`'s memrefs and scalar results with `expected`'s.
CompareOutcome compareResults(const ArgumentSet &expected,
                              const std::vector<ScalarResult> &expectedResults,
                              const ArgumentSet &actual,
                              const std::vector<ScalarResult> &actualResults,
                              const CompareOptions &options);

} // namespace affjit::bench
