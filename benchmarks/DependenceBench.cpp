// Dependence analysis throughput (seed 001, "MLIR Affine Analysis"): every
// ordered pair of affine.load/affine.store ops of one generated function
// with N accesses in 3-deep loop nests (tests/support/RandomAffineProgram,
// forBenchmark), checked at every depth from 1 to their common loops + 1,
// as `affjit deps` and `mlir-opt -test-memref-dependence-check` do. Rows:
//   BM_DependenceAllPairs/N        MLIR-compatible (Fourier-Motzkin) mode
//   BM_DependenceAllPairsExact/N   exact (Omega test) mode
//   BM_DependenceByDepth[Exact]    N = 250 in nests 1..4 (exact: 1..6)
//                                  deep: growth with the constraints
//   BM_DependenceReport/N          default mode plus the remark text
//   BM_MlirOptDependenceCheck/N    the peer: mlir-opt on the same file
//                                  (process start-up and parsing included;
//                                  N <= AFFJIT_BENCH_MLIR_MAX_N, 250)
//   BM_MlirOptParseOnly/N          mlir-opt's start-up and parsing alone
// Counters: accesses, pairs (checks made), checks_per_s, rows (average
// constraints of an access relation: domain rows plus subscripts), failed
// (checks that gave up). The N^2 fit shows how cost grows with the number of
// accesses.
#include "frontend/analysis/DependenceReport.h"
#include "frontend/parse/Parser.h"
#include "frontend/verify/Verifier.h"
#include "support/RandomAffineProgram.h"

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace affjit;

constexpr uint64_t kSeed = 1;

/// A parsed benchmark program with its accesses in program order.
struct Workload {
  std::string text, path;
  SourceBuffer source;
  std::unique_ptr<Module> module;
  std::vector<MemRefAccess> accesses;
  double averageRows = 0;
};

double averageRelationRows(const std::vector<MemRefAccess> &accesses) {
  double rows = 0;
  unsigned counted = 0;
  for (const MemRefAccess &a : accesses) {
    std::optional<AccessRelation> rel = getAccessRelation(a);
    if (!rel)
      continue;
    rows += rel->domain.getNumConstraints() + rel->subscripts.size();
    ++counted;
  }
  return counted ? rows / counted : 0;
}

/// The program with `n` accesses in nests `depth` deep, parsed once per
/// process and written to a file for mlir-opt.
const Workload &workload(int n, int depth = 3) {
  static std::map<std::pair<int, int>, std::unique_ptr<Workload>> cache;
  std::unique_ptr<Workload> &w = cache[{n, depth}];
  if (w)
    return *w;
  w = std::make_unique<Workload>();
  test::GeneratorOptions options = test::GeneratorOptions::forBenchmark(n);
  options.minDepth = options.maxDepth = options.maxLoopsPerNest = depth;
  w->text = test::generateAffineProgram(kSeed, options);
  w->path = "/tmp/affjit-bench-deps-" + std::to_string(n) + "-" +
            std::to_string(depth) + ".mlir";
  std::ofstream(w->path) << w->text;
  w->source = {std::make_shared<const std::string>(w->path), w->text};
  DiagnosticEngine diag;
  w->module = parseModule(w->source, diag);
  if (!w->module || !verifyModule(*w->module, diag)) {
    w->module.reset();
    return *w;
  }
  w->module->getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isAffineLoadOrStore(op))
      w->accesses.push_back(getMemRefAccesses(op).front());
  });
  w->averageRows = averageRelationRows(w->accesses);
  return *w;
}

struct PairCounts {
  uint64_t checks = 0, failures = 0;
};

/// The analysis `affjit deps` runs, without the printing.
PairCounts checkAllPairs(const std::vector<MemRefAccess> &accesses,
                         DependenceChecker &checker) {
  PairCounts counts;
  for (const MemRefAccess &src : accesses)
    for (const MemRefAccess &dst : accesses) {
      unsigned common = getNumCommonSurroundingLoops(src.op, dst.op);
      for (unsigned d = 1; d <= common + 1; ++d) {
        DependenceResult r = checker.check(src, dst, d);
        ++counts.checks;
        counts.failures += r.kind == DependenceResult::Failure;
      }
    }
  return counts;
}

void setCounters(benchmark::State &state, const Workload &w,
                 const PairCounts &counts) {
  state.counters["accesses"] = (double)w.accesses.size();
  state.counters["pairs"] = (double)counts.checks;
  state.counters["rows"] = w.averageRows;
  state.counters["failed"] = (double)counts.failures;
  state.counters["checks_per_s"] = benchmark::Counter(
      (double)counts.checks, benchmark::Counter::kIsIterationInvariantRate);
  state.SetComplexityN((int64_t)w.accesses.size());
}

void runAllPairs(benchmark::State &state, bool exact, int depth = 3) {
  const Workload &w = workload((int)state.range(0), depth);
  if (!w.module) {
    state.SkipWithError("the generated program does not parse");
    return;
  }
  DependenceOptions options;
  options.exact = exact;
  PairCounts counts;
  for (auto _ : state) {
    DependenceChecker checker(options); // relations are rebuilt every time
    counts = checkAllPairs(w.accesses, checker);
    benchmark::DoNotOptimize(counts.checks);
  }
  setCounters(state, w, counts);
}

void BM_DependenceAllPairs(benchmark::State &state) {
  runAllPairs(state, false);
}
void BM_DependenceAllPairsExact(benchmark::State &state) {
  runAllPairs(state, true);
}

/// Growth with the constraints: 250 accesses in nests 1 to 6 deep (each
/// loop adds a column and two or more rows to every access relation).
void BM_DependenceByDepth(benchmark::State &state) {
  runAllPairs(state, false, (int)state.range(1));
}
void BM_DependenceByDepthExact(benchmark::State &state) {
  runAllPairs(state, true, (int)state.range(1));
}

/// What `affjit deps` does: the checks plus MLIR's remark text.
void BM_DependenceReport(benchmark::State &state) {
  const Workload &w = workload((int)state.range(0));
  if (!w.module) {
    state.SkipWithError("the generated program does not parse");
    return;
  }
  for (auto _ : state) {
    std::ostringstream out, errs;
    printDependenceReport(w.module->getOperation(), out, errs);
    benchmark::DoNotOptimize(out.tellp());
  }
  state.counters["accesses"] = (double)w.accesses.size();
  state.SetComplexityN((int64_t)w.accesses.size());
}

/// Times one run of `command` per iteration.
void timeCommand(benchmark::State &state, const std::string &command) {
  for (auto _ : state) {
    auto t0 = std::chrono::steady_clock::now();
    if (std::system(command.c_str()) != 0) {
      state.SkipWithError("mlir-opt failed (is mlir-19-tools installed?)");
      return;
    }
    auto t1 = std::chrono::steady_clock::now();
    state.SetIterationTime(std::chrono::duration<double>(t1 - t0).count());
  }
}

const char *const kMlirOpt = "/usr/lib/llvm-19/bin/mlir-opt";

/// The peer: MLIR's test pass checks the same pairs at the same depths and
/// emits one remark each (sent to /dev/null).
void BM_MlirOptDependenceCheck(benchmark::State &state) {
  const Workload &w = workload((int)state.range(0));
  timeCommand(state, std::string(kMlirOpt) +
                         " --mlir-disable-threading "
                         "-test-memref-dependence-check " +
                         w.path + " -o /dev/null 2>/dev/null");
  state.counters["accesses"] = (double)w.accesses.size();
  state.SetComplexityN((int64_t)w.accesses.size());
}

/// mlir-opt's start-up and parsing, to subtract from the row above.
void BM_MlirOptParseOnly(benchmark::State &state) {
  const Workload &w = workload((int)state.range(0));
  timeCommand(state, std::string(kMlirOpt) + " --mlir-disable-threading " +
                         w.path + " -o /dev/null 2>/dev/null");
}

void sizes(benchmark::internal::Benchmark *b) {
  for (int n : {125, 250, 500, 1000})
    b->Arg(n);
  b->Unit(benchmark::kMillisecond);
}

void depths(benchmark::internal::Benchmark *b, int maxDepth) {
  for (int depth = 1; depth <= maxDepth; ++depth)
    b->Args({250, depth});
  b->ArgNames({"N", "depth"})->Unit(benchmark::kMillisecond);
}

/// mlir-opt's test pass grows about as N^3 (12 minutes at N = 1000), so
/// the peer runs up to AFFJIT_BENCH_MLIR_MAX_N accesses (default 250).
void mlirSizes(benchmark::internal::Benchmark *b) {
  const char *env = std::getenv("AFFJIT_BENCH_MLIR_MAX_N");
  int maxN = env ? std::atoi(env) : 250;
  for (int n : {125, 250, 500, 1000})
    if (n <= maxN)
      b->Arg(n);
  b->Unit(benchmark::kMillisecond);
}

BENCHMARK(BM_DependenceAllPairs)
    ->Apply(sizes)
    ->Complexity(benchmark::oNSquared);
BENCHMARK(BM_DependenceAllPairsExact)
    ->Apply(sizes)
    ->Complexity(benchmark::oNSquared);
// From depth 5 on, a few MLIR-compatible projections (Fourier-Motzkin
// without redundancy removal, as MLIR does it) hit the elimination row
// budget and those checks fail (counter `failed`); the Omega test prunes
// its rows by bounds and answers them all.
BENCHMARK(BM_DependenceByDepth)->Apply([](auto *b) { depths(b, 6); });
BENCHMARK(BM_DependenceByDepthExact)->Apply([](auto *b) { depths(b, 6); });
BENCHMARK(BM_DependenceReport)->Apply(sizes)->Complexity(benchmark::oNSquared);
BENCHMARK(BM_MlirOptDependenceCheck)
    ->Apply(mlirSizes)
    ->UseManualTime()
    ->Complexity(benchmark::oNSquared);
BENCHMARK(BM_MlirOptParseOnly)->Apply(mlirSizes)->UseManualTime();

} // namespace
