// What `affjit bench` knows about a run beyond affjit::BenchmarkResult: the
// tool's version, when and where it ran (CPU model, CPUs online, load
// average at the start, threads, the target model compiled for), the bandwidth
// it measured as a roofline, and the warnings about its timings. The JSON
// report and the plot show them; the warnings also go to stderr.
#pragma once

#include "engine/bench/MemoryBandwidth.h"
#include "frontend/target/TargetModel.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace affjit::cli {

struct BenchFacts {
  std::string version;
  /// ISO 8601, UTC, at the start.
  std::string timestamp;
  /// /proc/cpuinfo's model name (empty when unknown).
  std::string cpuModel;
  unsigned onlineCpus = 1;
  /// The threads parallel loops ran on (--threads, resolved).
  unsigned threads = 1;
  /// 1, 5 and 15 minute load averages at the start.
  std::optional<std::array<double, 3>> loadAverage;
  /// Unless --no-bandwidth, or nothing was timed.
  std::optional<bench::MeasuredBandwidth> bandwidth;
  std::vector<std::string> warnings;
  /// The machine the variants were compiled for.
  TargetModel target;
};

/// affjit's version: the build's AFFJIT_VERSION, else "0.1.0".
std::string affjitVersion();

/// The facts known at the start of a run on `threads` threads.
BenchFacts startFacts(unsigned threads);

} // namespace affjit::cli
