// gnuplot box plots of benchmark variants (BenchPlot.h).
#include "engine/cli/BenchPlot.h"

#include "engine/bench/BenchTable.h"
#include "engine/bench/CallTimer.h"

#include <algorithm>
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

/// Lines joined into one gnuplot double-quoted literal, in which "\n"
/// breaks the line (so backslashes and quotes of the text are escaped).
std::string multiline(const std::vector<std::string> &lines) {
  std::string out = "\"";
  for (size_t i = 0; i < lines.size(); ++i) {
    if (i)
      out += "\\n";
    for (char c : lines[i]) {
      if (c == '\\' || c == '"')
        out += '\\';
      out += c;
    }
  }
  return out + "\"";
}

/// `text` cut to `width` characters with "..." where it was cut: a long
/// signature would run off the picture.
std::string fitted(const std::string &text, size_t width) {
  if (text.size() <= width)
    return text;
  return text.substr(0, width - 3) + "...";
}

std::string formatted(const char *format, double value) {
  char text[64];
  std::snprintf(text, sizeof(text), format, value);
  return text;
}

/// One box: its label, the first quartile, the median and the third.
struct Box {
  std::string label;
  double low, median, high;
};

/// The unit that keeps the slowest variant's upper quartile between 1 and
/// 1000.
std::pair<double, std::string> timeUnit(const BenchmarkResult &r) {
  double slowest = 0;
  for (const BenchmarkVariant &v : r.variants)
    slowest = std::max(slowest, bench::quantileOf(v.time.seconds, 0.75));
  if (slowest < 1e-6)
    return {1e9, "ns"};
  if (slowest < 1e-3)
    return {1e6, "us"};
  if (slowest < 1)
    return {1e3, "ms"};
  return {1, "s"};
}

/// The boxes of `metric`, its axis label, and in `roofline` the value the
/// measured bandwidth allows (0 when unknown), in the axis' unit.
std::vector<Box> boxes(const BenchmarkResult &r, PlotMetric metric,
                       const BenchFacts &facts, std::string &axis,
                       double &roofline) {
  std::vector<Box> out;
  double bytes = bench::bytesMoved(r).bytes;
  double bandwidth = facts.bandwidth ? facts.bandwidth->best() * 1e9 : 0;
  // The fastest a call moving `bytes` can be at the measured bandwidth.
  double boundSeconds = bandwidth > 0 && bytes > 0 ? bytes / bandwidth : 0;
  if (metric == PlotMetric::Gflops) {
    axis = "GFLOP/s (box: interquartile range; line: median)";
    for (const BenchmarkVariant &v : r.variants) {
      const std::vector<double> &s = v.time.seconds;
      out.push_back({v.pipeline, *r.flops / bench::quantileOf(s, 0.75) / 1e9,
                     *r.flops / v.time.median / 1e9,
                     *r.flops / bench::quantileOf(s, 0.25) / 1e9});
    }
    roofline = boundSeconds > 0 ? *r.flops / boundSeconds / 1e9 : 0;
    return out;
  }
  auto [scale, unit] = timeUnit(r);
  axis = "time per call, " + unit + " (box: interquartile range; line: median)";
  for (const BenchmarkVariant &v : r.variants) {
    const std::vector<double> &s = v.time.seconds;
    out.push_back({v.pipeline, bench::quantileOf(s, 0.25) * scale,
                   v.time.median * scale, bench::quantileOf(s, 0.75) * scale});
  }
  roofline = boundSeconds * scale;
  return out;
}

/// "Intel(R) Xeon(R) ... (sapphirerapids), 2 CPUs; 1 thread, pinned to CPU
/// 0".
std::string machineLine(const BenchmarkResult &r, const BenchFacts &facts) {
  std::string line = facts.cpuModel.empty() ? "CPU" : facts.cpuModel;
  if (!r.hostCpu.empty())
    line += " (" + r.hostCpu + ")";
  line += ", " + std::to_string(facts.onlineCpus) +
          (facts.onlineCpus == 1 ? " CPU; " : " CPUs; ") +
          std::to_string(facts.threads) +
          (facts.threads == 1 ? " thread" : " threads");
  if (r.pinnedCpu >= 0)
    line += ", pinned to CPU " + std::to_string(r.pinnedCpu);
  if (facts.bandwidth)
    line += "; measured bandwidth " +
            formatted("%.3g", facts.bandwidth->best()) + " GB/s";
  return line;
}

/// "-O3 --fast-math --ulps 64 --cold; 25-31 samples per variant (--min-time
/// 0.5 s), 1-4096 calls each".
std::string settingsLine(const BenchmarkResult &r, const BenchmarkOptions &o) {
  std::string line = "-O" + std::to_string(o.compile.optLevel);
  if (o.compile.fastMath)
    line += " --fast-math --ulps " + std::to_string(o.maxUlps);
  if (o.cold)
    line += " --cold";
  if (o.compile.checked)
    line += " --checked";
  int64_t fewest = INT64_MAX, most = 0, fewestCalls = INT64_MAX, mostCalls = 0;
  for (const BenchmarkVariant &v : r.variants) {
    fewest = std::min(fewest, v.time.repetitions);
    most = std::max(most, v.time.repetitions);
    fewestCalls = std::min(fewestCalls, v.time.callsPerRepetition);
    mostCalls = std::max(mostCalls, v.time.callsPerRepetition);
  }
  auto range = [](int64_t lo, int64_t hi) {
    return lo == hi ? std::to_string(lo)
                    : std::to_string(lo) + "-" + std::to_string(hi);
  };
  line += "; " + range(fewest, most) + " samples per variant";
  line += o.repetitions > 0
              ? " (--repetitions)"
              : " (--min-time " + formatted("%g", o.minTime) + " s)";
  line += ", each the mean of " + range(fewestCalls, mostCalls) +
          (mostCalls == 1 ? " call" : " calls");
  return line;
}

std::string titleText(const BenchmarkResult &r, const BenchmarkOptions &o,
                      const BenchFacts &facts) {
  constexpr size_t kWidth = 110;
  return multiline({"@" + r.function + " per pass pipeline",
                    fitted(bench::argumentSummary(r), kWidth),
                    fitted(machineLine(r, facts), kWidth),
                    fitted(settingsLine(r, o), kWidth)});
}

} // namespace

std::string plotScript(const BenchmarkResult &r, const BenchmarkOptions &o,
                       const BenchFacts &facts, const PlotRequest &request) {
  std::string axis;
  double roofline = 0;
  std::vector<Box> data = boxes(r, request.metric, facts, axis, roofline);
  std::ostringstream s;
  s.precision(9);
  s << "set terminal " << request.terminal
    << (request.terminal == "svg" ? " size 960,600 dynamic" : " size 960,600")
    << " font 'sans,11' noenhanced\n"
    << "set output " << quoted(request.path) << "\n"
    << "$data << EOD\n";
  // Data columns take double-quoted strings (pipeline names hold no quote).
  for (const Box &b : data)
    s << '"' << b.label << "\" " << b.low << ' ' << b.median << ' ' << b.high
      << '\n';
  double top = roofline;
  for (const Box &b : data)
    top = std::max(top, b.high);
  s << "EOD\n"
    << "set title " << titleText(r, o, facts) << "\n"
    << "set xlabel 'pass pipeline (variant)'\n"
    << "set ylabel " << quoted(axis)
    << "\n"
    // Room above the tallest box for its label.
    << "set yrange [0:" << top * 1.15 << "]\n"
    << "set style fill solid 0.6 border -1\n"
    << "set boxwidth 0.5\nset xtics nomirror\nset grid ytics\n"
    << "set key top right\nset xrange [-0.6:" << data.size() - 0.4 << "]\n"
    << "set label 1 "
    << quoted("affjit " + facts.version + ", " + facts.timestamp)
    << " at screen 0.99,0.02 right font ',8'\n"
    << "plot $data using 0:2:2:4:4:xtic(1) with candlesticks "
       "lc rgb '#4a7ab5' notitle, "
       // The median: a line across the box.
       "$data using ($0-0.25):3:(0.5):(0) with vectors nohead "
       "lc rgb 'black' lw 3 notitle, "
       "$data using 0:4:(sprintf('%.3g', $3)) with labels offset 0,1 "
       "notitle";
  if (roofline > 0)
    s << ", " << roofline << " with lines dt 2 lc rgb '#c03030' title "
      << quoted(request.metric == PlotMetric::Time
                    ? "at the measured bandwidth"
                    : "GFLOP/s the measured bandwidth allows");
  s << "\n";
  return s.str();
}

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

bool drawPlot(const BenchmarkResult &r, const BenchmarkOptions &options,
              const BenchFacts &facts, const PlotRequest &request) {
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
  std::string text = plotScript(r, options, facts, request);
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
