// Text reports of benchmarks (BenchTable.h).
#include "engine/bench/BenchTable.h"

#include <algorithm>
#include <cstdio>

namespace affjit::bench {

namespace {

std::string printed(const char *format, double value) {
  char text[64];
  std::snprintf(text, sizeof(text), format, value);
  return text;
}

/// A rate with three significant digits, "-" when unknown.
std::string formatRate(const std::optional<double> &rate) {
  if (!rate)
    return "-";
  return printed(*rate >= 100 ? "%.0f" : "%.3g", *rate);
}

/// 67.1 M, 268 G: an amount with a decimal prefix.
std::string formatAmount(double amount, const char *unit) {
  const char *prefixes[] = {"", "k", "M", "G", "T", "P"};
  int p = 0;
  while (amount >= 1000 && p < 5) {
    amount /= 1000;
    ++p;
  }
  return printed("%.3g", amount) + " " + prefixes[p] + unit;
}

/// `%a, %b: memref<16xf32>, %n: index = 4`: consecutive memrefs of one
/// type share it.
std::string argumentSummary(const BenchmarkResult &r) {
  std::string text;
  for (size_t i = 0; i < r.arguments.size(); ++i) {
    const BenchmarkArgument &a = r.arguments[i];
    text += a.name;
    bool last = i + 1 == r.arguments.size();
    if (!a.isMemRef)
      text += ": " + a.type + " = " + a.value;
    else if (last || !r.arguments[i + 1].isMemRef ||
             r.arguments[i + 1].type != a.type)
      text += ": " + a.type;
    if (!last)
      text += ", ";
  }
  return text;
}

using Row = std::vector<std::string>;

void printAligned(const std::vector<Row> &rows, std::ostream &os) {
  std::vector<size_t> widths(rows.front().size(), 0);
  for (const Row &row : rows)
    for (size_t c = 0; c < row.size(); ++c)
      widths[c] = std::max(widths[c], row[c].size());
  for (const Row &row : rows) {
    std::string line;
    for (size_t c = 0; c < row.size(); ++c) {
      std::string pad(widths[c] - row[c].size(), ' ');
      // The pipeline column reads left-aligned, numbers right-aligned.
      line += c == 0 ? row[c] + pad : "  " + pad + row[c];
    }
    line.erase(line.find_last_not_of(' ') + 1);
    os << line << '\n';
  }
}

Row variantRow(const BenchmarkVariant &v) {
  const BenchmarkTiming &t = v.time;
  return {v.pipeline,
          formatSeconds(v.compileSeconds),
          formatSeconds(t.median),
          formatSeconds(t.min),
          formatSeconds(t.max),
          printed("%.1f%%", t.spread * 100),
          formatRate(v.gflops),
          formatRate(v.gbytesPerSecond),
          printed("%.2fx", v.speedup)};
}

void printHeader(const BenchmarkResult &r, std::ostream &os) {
  os << "@" << r.function << "(" << argumentSummary(r) << ")\n";
  os << "work per call: "
     << (r.flops ? formatAmount(*r.flops, "FLOP") : "FLOP unknown") << ", "
     << (r.bytes ? formatAmount(*r.bytes, "B") : "bytes unknown")
     << " of arguments; " << (r.hostCpu.empty() ? "host" : r.hostCpu);
  if (r.pinnedCpu >= 0)
    os << ", pinned to CPU " << r.pinnedCpu;
  os << '\n';
}

void printResultsLine(const BenchmarkResult &r, bool fastMath, uint64_t maxUlps,
                      std::ostream &os) {
  const std::string &first = r.variants.front().pipeline;
  if (r.variants.size() == 1) {
    os << "results: one variant, nothing to compare\n";
    return;
  }
  if (!fastMath) {
    os << "results: every variant leaves the memref arguments (and results) "
          "bit for bit as "
       << first << " does\n";
    return;
  }
  os << "results: every variant within " << maxUlps << " ulps of " << first
     << "; largest difference:";
  for (size_t i = 1; i < r.variants.size(); ++i)
    os << (i > 1 ? "," : "") << " " << r.variants[i].pipeline << " "
       << r.variants[i].maxUlps
       << (r.variants[i].maxUlps == 1 ? " ulp" : " ulps");
  os << '\n';
}

} // namespace

std::string formatSeconds(double s) {
  const char *unit = "s";
  if (s < 1e-6) {
    s *= 1e9;
    unit = "ns";
  } else if (s < 1e-3) {
    s *= 1e6;
    unit = "us";
  } else if (s < 1) {
    s *= 1e3;
    unit = "ms";
  }
  const char *format = s < 10 ? "%.3f %s" : s < 100 ? "%.2f %s" : "%.1f %s";
  char text[64];
  std::snprintf(text, sizeof(text), format, s, unit);
  return text;
}

void printTable(const BenchmarkResult &r, bool fastMath, uint64_t maxUlps,
                std::ostream &os) {
  printHeader(r, os);
  std::vector<Row> rows = {{"pipeline", "compile", "median", "min", "max",
                            "spread", "GFLOP/s", "GB/s", "speedup"}};
  for (const BenchmarkVariant &v : r.variants)
    rows.push_back(variantRow(v));
  printAligned(rows, os);
  if (!r.flops)
    os << "GFLOP/s unknown: " << r.flopsUnknownReason << '\n';
  if (!r.bytes)
    os << "GB/s unknown: " << r.bytesUnknownReason << '\n';
  printResultsLine(r, fastMath, maxUlps, os);
}

std::vector<std::string> mismatchMessages(const BenchmarkResult &r) {
  std::vector<std::string> lines;
  const std::string &first = r.variants.front().pipeline;
  for (const BenchmarkVariant &v : r.variants)
    if (v.mismatch) {
      lines.push_back("pipeline '" + v.pipeline + "' changes what @" +
                      r.function +
                      " computes: " + v.mismatch->message(v.pipeline, first));
      if (!v.firstDifferingPass.empty())
        lines.push_back("the results first differ after pass '" +
                        v.firstDifferingPass +
                        "' (--pipeline=" + v.differingPrefix + ")");
    }
  return lines;
}

} // namespace affjit::bench
