// The text report of a benchmark, as `affjit bench` and the REPL's :bench
// print it: a header naming the function, its arguments and the work per
// call, an aligned table with one row per variant (compile time, median /
// min / max time per call, spread, GFLOP/s, GB/s, speedup over the first
// variant), and a line saying how the results compared; or, when variants
// disagree, one line per variant that differs, naming the first element.
#pragma once

#include "affjit/Benchmark.h"

#include <ostream>
#include <string>
#include <vector>

namespace affjit::bench {

/// `81.90 ms`, `3.125 us`: four significant digits in a fitting unit.
std::string formatSeconds(double seconds);

/// The header, the table and the results line, for agreeing variants.
void printTable(const BenchmarkResult &result, bool fastMath, uint64_t maxUlps,
                std::ostream &os);

/// One line per variant that differs from the first: `pipeline 'fuse'
/// changes what @f computes: %out[3] = ...`.
std::vector<std::string> mismatchMessages(const BenchmarkResult &result);

} // namespace affjit::bench
