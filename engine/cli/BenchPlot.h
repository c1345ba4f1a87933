// `affjit bench --plot FILE.svg|FILE.png`: a box plot of the variants, per
// variant the interquartile range of its samples as a box and the median
// as a line and a label (time per call, or GFLOP/s), drawn by gnuplot (the
// Debian package gnuplot-nox), which the tool runs with a generated script
// on its standard input. Min..max whiskers are not drawn: one interrupted
// repetition would set their length and the axis. The title names the
// function, its arguments (problem size and element types), the CPU model,
// threads, flags and sample counts; a dashed line marks the time (or
// GFLOP/s) the measured memory bandwidth allows, when it was measured.
#pragma once

#include "affjit/Benchmark.h"
#include "engine/cli/BenchFacts.h"

#include <optional>
#include <string>

namespace affjit::cli {

enum class PlotMetric { Time, Gflops };

struct PlotRequest {
  std::string path;
  /// gnuplot's terminal for the file's extension (`svg`, `pngcairo`).
  std::string terminal;
  PlotMetric metric = PlotMetric::Time;
};

/// The request for `path` and `metric` (`time` or `gflops`); prints
/// `affjit: error: ...` and returns nullopt for an extension gnuplot is not
/// asked for (.svg and .png are) or an unknown metric.
std::optional<PlotRequest> makePlotRequest(const std::string &path,
                                           const std::string &metric);

/// The gnuplot script drawing `result` (benchmarked with `options`; facts
/// of the run in `facts`) as `request` says.
std::string plotScript(const BenchmarkResult &result,
                       const BenchmarkOptions &options, const BenchFacts &facts,
                       const PlotRequest &request);

/// Draws `result` (whose variants were timed) as `request` says; prints
/// `affjit: error: ...` and returns false when gnuplot is missing, fails,
/// or the metric is unknown for this function.
bool drawPlot(const BenchmarkResult &result, const BenchmarkOptions &options,
              const BenchFacts &facts, const PlotRequest &request);

} // namespace affjit::cli
