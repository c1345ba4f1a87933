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

} // namespace

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

namespace {

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

Row variantRow(const BenchmarkResult &r, const BenchmarkVariant &v,
               const MeasuredBandwidth *bandwidth) {
  const BenchmarkTiming &t = v.time;
  Row row = {v.pipeline,
             formatSeconds(v.compileSeconds),
             formatSeconds(t.median),
             formatSeconds(t.min),
             formatSeconds(t.max),
             printed("%.1f%%", t.spread * 100),
             formatRate(v.gflops),
             formatRate(v.gbytesPerSecond)};
  if (bandwidth) {
    std::optional<double> fraction = bandwidthFraction(r, v, *bandwidth);
    row.push_back(fraction ? printed("%.0f%%", *fraction * 100) : "-");
  }
  row.push_back(printed("%.2fx", v.speedup));
  return row;
}

/// What `%BW` compares with: `%BW: GB/s over the best measured bandwidth,
/// copy 41.2 / triad 45.8 GB/s (STREAM-like, 3 x 16.4 kB arrays: the
/// arguments' footprint; 1 thread)`.
void printBandwidthLine(const BenchmarkResult &r, const MeasuredBandwidth &b,
                        std::ostream &os) {
  os << "%BW: GB/s over the best bandwidth measured, copy "
     << formatRate(b.copy) << " / triad " << formatRate(b.triad)
     << " GB/s (STREAM-like, 3 x " << formatAmount((double)b.arrayBytes, "B")
     << " arrays: the arguments' footprint; " << b.threads
     << (b.threads == 1 ? " thread" : " threads") << ")";
  if (bytesMoved(r).lowerBound)
    os << "; bytes unknown, so every argument counts once: a lower bound";
  os << '\n';
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
                std::ostream &os, const MeasuredBandwidth *bandwidth) {
  printHeader(r, os);
  Row header = {"pipeline", "compile", "median", "min",    "max",
                "spread",   "GFLOP/s", "GB/s",   "speedup"};
  if (bandwidth)
    header.insert(header.end() - 1, "%BW");
  std::vector<Row> rows = {header};
  for (const BenchmarkVariant &v : r.variants)
    rows.push_back(variantRow(r, v, bandwidth));
  printAligned(rows, os);
  if (!r.flops)
    os << "GFLOP/s unknown: " << r.flopsUnknownReason << '\n';
  if (!r.bytes)
    os << "GB/s unknown: " << r.bytesUnknownReason << '\n';
  if (bandwidth)
    printBandwidthLine(r, *bandwidth, os);
  printResultsLine(r, fastMath, maxUlps, os);
}

BytesMoved bytesMoved(const BenchmarkResult &r) {
  if (r.bytes)
    return {*r.bytes, false};
  return {argumentFootprint(r), true};
}

double argumentFootprint(const BenchmarkResult &r) {
  double bytes = 0;
  for (const BenchmarkArgument &a : r.arguments)
    if (a.isMemRef)
      bytes += (double)a.bytes;
  return bytes;
}

std::optional<double> bandwidthFraction(const BenchmarkResult &r,
                                        const BenchmarkVariant &v,
                                        const MeasuredBandwidth &b) {
  double bytes = bytesMoved(r).bytes;
  if (v.time.median <= 0 || b.best() <= 0 || bytes <= 0)
    return std::nullopt;
  return bytes / v.time.median / 1e9 / b.best();
}

std::optional<std::string> toleranceHint(const BenchmarkResult &r,
                                         bool fastMath, uint64_t maxUlps) {
  bool floatsDiffer = false;
  for (const BenchmarkVariant &v : r.variants)
    floatsDiffer |= v.mismatch && v.mismatch->ulps.has_value();
  if (!floatsDiffer)
    return std::nullopt;
  if (!fastMath)
    return std::string("without --fast-math floats must match bit for bit; "
                       "--fast-math compiles every variant with fast math "
                       "and accepts differences up to --ulps N (64)");
  return "the --fast-math tolerance is " + std::to_string(maxUlps) +
         " ulps at the largest magnitude of each memref (or of the terms "
         "its values sum, measured on the inputs' magnitudes); --ulps N "
         "changes it";
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
