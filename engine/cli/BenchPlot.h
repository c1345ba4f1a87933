// `affjit bench --plot FILE.svg|FILE.png`: a bar chart of the variants,
// median time per call (or GFLOP/s) with min..max bars, drawn by gnuplot
// (the Debian package gnuplot-nox), which the tool runs with a generated
// script on its standard input.
#pragma once

#include "affjit/Benchmark.h"

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

/// Draws `result` (whose variants were timed) as `request` says; prints
/// `affjit: error: ...` and returns false when gnuplot is missing, fails,
/// or the metric is unknown for this function.
bool drawPlot(const BenchmarkResult &result, const PlotRequest &request);

} // namespace affjit::cli
