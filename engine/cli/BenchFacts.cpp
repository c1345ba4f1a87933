// Facts of a benchmark run (BenchFacts.h).
#include "engine/cli/BenchFacts.h"

#include "engine/bench/MachineInfo.h"

// The build may define AFFJIT_VERSION, as a string literal or as bare
// tokens (0.1.0); stringifying takes either.
#ifndef AFFJIT_VERSION
#define AFFJIT_VERSION "0.1.0"
#endif
#define AFFJIT_BENCH_STRINGIFY2(x) #x
#define AFFJIT_BENCH_STRINGIFY(x) AFFJIT_BENCH_STRINGIFY2(x)

namespace affjit::cli {

std::string affjitVersion() {
  std::string version = AFFJIT_BENCH_STRINGIFY(AFFJIT_VERSION);
  if (version.size() >= 2 && version.front() == '"' && version.back() == '"')
    version = version.substr(1, version.size() - 2);
  return version;
}

BenchFacts startFacts(unsigned threads) {
  BenchFacts facts;
  facts.version = affjitVersion();
  facts.timestamp = bench::utcTimestamp();
  facts.cpuModel = bench::cpuModelName();
  facts.onlineCpus = bench::onlineCpus();
  facts.threads = threads;
  facts.loadAverage = bench::loadAverage();
  return facts;
}

} // namespace affjit::cli
