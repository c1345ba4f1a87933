// The text report of a benchmark, as `affjit bench` and the REPL's :bench
// print it: a header naming the function, its arguments and the work per
// call, an aligned table with one row per variant (compile time, median /
// min / max time per call, spread, GFLOP/s, GB/s, with a measured
// bandwidth the fraction of it the GB/s reach, speedup over the first
// variant), and a line saying how the results compared; or, when variants
// disagree, one line per variant that differs, naming the first element.
#pragma once

#include "affjit/Benchmark.h"
#include "engine/bench/MemoryBandwidth.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace affjit::bench {

/// `81.90 ms`, `3.125 us`: four significant digits in a fitting unit.
std::string formatSeconds(double seconds);

/// The header, the table and the results line, for agreeing variants;
/// with `bandwidth` a `%BW` column (bandwidthFraction) and a line saying
/// what was measured.
void printTable(const BenchmarkResult &result, bool fastMath, uint64_t maxUlps,
                std::ostream &os, const MeasuredBandwidth *bandwidth = nullptr);

/// `%a, %b: memref<16xf32>, %n: index = 4`: consecutive memrefs of one
/// type share it.
std::string argumentSummary(const BenchmarkResult &result);

/// The bytes one call moves: the work estimate's (each memref argument
/// read plus each written), or when that is unknown every memref argument
/// once, a lower bound (`lowerBound` true).
struct BytesMoved {
  double bytes = 0;
  bool lowerBound = false;
};
BytesMoved bytesMoved(const BenchmarkResult &result);

/// The bytes of all memref arguments together (their footprint).
double argumentFootprint(const BenchmarkResult &result);

/// The variant's GB/s at its median (bytesMoved) over the best bandwidth
/// measured, e.g. 0.62; nullopt when it was not timed or nothing measured.
std::optional<double> bandwidthFraction(const BenchmarkResult &result,
                                        const BenchmarkVariant &variant,
                                        const MeasuredBandwidth &bandwidth);

/// One line per variant that differs from the first: `pipeline 'fuse'
/// changes what @f computes: %out[3] = ...`.
std::vector<std::string> mismatchMessages(const BenchmarkResult &result);

/// For variants whose floats differ: how they were compared and which
/// options change it (--fast-math, --ulps); nullopt when no float differs.
std::optional<std::string> toleranceHint(const BenchmarkResult &result,
                                         bool fastMath, uint64_t maxUlps);

} // namespace affjit::bench
