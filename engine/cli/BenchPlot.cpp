// gnuplot bar charts of benchmark variants (BenchPlot.h).
#include "engine/cli/BenchPlot.h"

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <sys/wait.h>

namespace affjit::cli {

namespace {

bool endsWith(const std::string &s, const std::string &suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

/// `text` as a gnuplot string literal: single quotes take everything
/// literally but a doubled quote.
std::string quoted(const std::string &text) {
  std::string out = "'";
  for (char c : text)
    out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

/// One bar: its label, height and the low..high range of its error bar.
struct Bar {
  std::string label;
  double value, low, high;
};

/// The unit that keeps the slowest variant's time between 1 and 1000.
std::pair<double, std::string> timeUnit(const BenchmarkResult &r) {
  double slowest = 0;
  for (const BenchmarkVariant &v : r.variants)
    slowest = std::max(slowest, v.time.max);
  if (slowest < 1e-6)
    return {1e9, "ns"};
  if (slowest < 1e-3)
    return {1e6, "us"};
  if (slowest < 1)
    return {1e3, "ms"};
  return {1, "s"};
}

std::vector<Bar> bars(const BenchmarkResult &r, PlotMetric metric,
                      std::string &axis) {
  std::vector<Bar> out;
  if (metric == PlotMetric::Gflops) {
    axis = "GFLOP/s (at the median; bars: slowest..fastest)";
    for (const BenchmarkVariant &v : r.variants)
      out.push_back({v.pipeline, *r.flops / v.time.median / 1e9,
                     *r.flops / v.time.max / 1e9, *r.flops / v.time.min / 1e9});
    return out;
  }
  auto [scale, unit] = timeUnit(r);
  axis = "time per call, " + unit + " (median; bars: min..max)";
  for (const BenchmarkVariant &v : r.variants)
    out.push_back({v.pipeline, v.time.median * scale, v.time.min * scale,
                   v.time.max * scale});
  return out;
}

std::string script(const BenchmarkResult &r, const PlotRequest &request) {
  std::string axis;
  std::vector<Bar> data = bars(r, request.metric, axis);
  std::ostringstream s;
  s.precision(9);
  s << "set terminal " << request.terminal
    << (request.terminal == "svg" ? " size 800,480 dynamic" : " size 800,480")
    << " font 'sans,11' noenhanced\n"
    << "set output " << quoted(request.path) << "\n"
    << "$data << EOD\n";
  // Data columns take double-quoted strings (pipeline names hold no quote).
  for (const Bar &b : data)
    s << '"' << b.label << "\" " << b.value << ' ' << b.low << ' ' << b.high
      << '\n';
  s << "EOD\n"
    << "set title " << quoted("@" + r.function + " per pass pipeline") << "\n"
    << "set ylabel " << quoted(axis) << "\n"
    << "set yrange [0:*]\nset style fill solid 0.6 border -1\n"
    << "set boxwidth 0.6\nset xtics nomirror\nset grid ytics\n"
    << "set key off\nset xrange [-0.6:" << data.size() - 0.4 << "]\n"
    << "plot $data using 0:2:xtic(1) with boxes lc rgb '#4a7ab5', "
       "$data using 0:2:3:4 with yerrorbars lc rgb 'black' ps 0, "
       "$data using 0:4:(sprintf('%.3g', $2)) with labels offset 0,1\n";
  return s.str();
}

} // namespace

std::optional<PlotRequest> makePlotRequest(const std::string &path,
                                           const std::string &metric) {
  PlotRequest request;
  request.path = path;
  if (endsWith(path, ".svg")) {
    request.terminal = "svg";
  } else if (endsWith(path, ".png")) {
    request.terminal = "pngcairo";
  } else {
    std::cerr << "affjit: error: --plot " << path
              << ": the file name must end in .svg or .png\n";
    return std::nullopt;
  }
  if (metric == "time") {
    request.metric = PlotMetric::Time;
  } else if (metric == "gflops") {
    request.metric = PlotMetric::Gflops;
  } else {
    std::cerr << "affjit: error: --plot-metric " << metric
              << ": expected time or gflops\n";
    return std::nullopt;
  }
  return request;
}

bool drawPlot(const BenchmarkResult &r, const PlotRequest &request) {
  if (request.metric == PlotMetric::Gflops && !r.flops) {
    std::cerr << "affjit: error: --plot-metric gflops: the flop count is "
                 "unknown ("
              << r.flopsUnknownReason << ")\n";
    return false;
  }
  std::filesystem::remove(request.path);
  FILE *gnuplot = popen("gnuplot", "w");
  if (!gnuplot) {
    std::cerr << "affjit: error: --plot: cannot run gnuplot\n";
    return false;
  }
  std::string text = script(r, request);
  std::fwrite(text.data(), 1, text.size(), gnuplot);
  int status = pclose(gnuplot);
  // The shell exits with 127 when it finds no gnuplot.
  if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
    std::cerr << "affjit: error: --plot needs gnuplot (Debian package "
                 "gnuplot-nox; scripts/deps.sh installs it)\n";
    return false;
  }
  std::error_code ec;
  if (status != 0 || std::filesystem::file_size(request.path, ec) == 0 || ec) {
    std::cerr << "affjit: error: gnuplot could not draw '" << request.path
              << "'\n";
    return false;
  }
  return true;
}

} // namespace affjit::cli
