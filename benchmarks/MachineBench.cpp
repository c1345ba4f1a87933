// The machine's measured limits, the roof of scripts/bench-report.sh's
// roofline plot: BM_MachinePeakFlops (one core's float throughput, FMA
// chains in registers; counter FLOPS) and BM_MachineBandwidth (a triad over
// 3 x 64 MB; bytes_per_second counts 12 bytes an element). Both run C built
// by clang-19 -O3 -march=native (kernels/machine_peak.c, dlopened), so the
// host's widest vectors count; without clang-19 they skip themselves.
#include <benchmark/benchmark.h>

#include <dlfcn.h>

#include <cstddef>
#include <string>
#include <vector>

namespace {

using PeakFn = float (*)(long, float, float);
using TriadFn = void (*)(float *, const float *, const float *, float, size_t);

using FlopsPerRoundFn = long (*)();
constexpr long kRounds = 1 << 20;
/// Elements of each triad array: 64 MB, far beyond any cache.
constexpr size_t kTriadN = size_t(1) << 24;

/// `symbol` from the peer library, or null with `error` set.
void *peerSymbol(const char *symbol, std::string &error) {
  static void *lib = nullptr;
  static std::string loadError;
  static bool tried = false;
  if (!tried) {
    tried = true;
    const char *path = AFFJIT_MACHINE_PEER;
    if (!*path)
      loadError = "clang-19 was not found when affjit was configured";
    else if (!(lib = dlopen(path, RTLD_NOW | RTLD_LOCAL)))
      loadError = std::string("dlopen: ") + dlerror();
  }
  error = loadError;
  void *sym = lib ? dlsym(lib, symbol) : nullptr;
  if (lib && !sym)
    error = std::string("dlsym: ") + dlerror();
  return sym;
}

void BM_MachinePeakFlops(benchmark::State &state) {
  std::string error;
  auto peak = reinterpret_cast<PeakFn>(peerSymbol("machine_peak_fma", error));
  // Chains x lanes x 2 flops per round, lanes the peer's vector width.
  auto flopsPerRound = reinterpret_cast<FlopsPerRoundFn>(
      peak ? peerSymbol("machine_peak_flops_per_round", error) : nullptr);
  if (!peak || !flopsPerRound) {
    state.SkipWithError(error.c_str());
    return;
  }
  for (auto _ : state)
    benchmark::DoNotOptimize(peak(kRounds, 0.999999f, 1e-6f));
  state.counters["FLOPS"] = benchmark::Counter(
      (double)flopsPerRound() * kRounds * (double)state.iterations(),
      benchmark::Counter::kIsRate);
}
BENCHMARK(BM_MachinePeakFlops)->Unit(benchmark::kMillisecond)->MinTime(1.0);

void BM_MachineBandwidth(benchmark::State &state) {
  std::string error;
  auto triad = reinterpret_cast<TriadFn>(peerSymbol("machine_triad", error));
  if (!triad) {
    state.SkipWithError(error.c_str());
    return;
  }
  std::vector<float> a(kTriadN, 0.0f), b(kTriadN, 1.0f), c(kTriadN, 2.0f);
  for (auto _ : state) {
    triad(a.data(), b.data(), c.data(), 3.0f, kTriadN);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * (int64_t)(12 * kTriadN));
  state.counters["FLOPS"] = benchmark::Counter(
      2.0 * kTriadN * (double)state.iterations(), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_MachineBandwidth)->Unit(benchmark::kMillisecond)->MinTime(1.0);

} // namespace
