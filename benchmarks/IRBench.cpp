// IR edit costs that passes depend on: redirecting every use of a value
// (fusion points all accesses of a memref at a private buffer) and erasing
// users one by one. Both must grow linearly with the number of uses; read
// the BigO row that Google Benchmark fits over N = 1,000 .. 100,000.
#include "frontend/ir/Ops.h"

#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

namespace {

using namespace affjit;

/// A module with two index constants and `n` affine.apply ops using the
/// first one twice each.
struct UseGraph {
  Module module;
  Value *from = nullptr, *to = nullptr;
  std::vector<Operation *> users;

  explicit UseGraph(int64_t n) {
    OpBuilder b(&module.getBody());
    from = ConstantOp::createIndex(b, 1).getResult();
    to = ConstantOp::createIndex(b, 2).getResult();
    AffineMap sum =
        AffineMap::get(0, 2, {AffineExpr::symbol(0) + AffineExpr::symbol(1)});
    for (int64_t i = 0; i < n; ++i)
      users.push_back(
          AffineApplyOp::create(b, sum, {from, from}).getOperation());
  }
};

void BM_ReplaceAllUsesWith(benchmark::State &state) {
  std::unique_ptr<UseGraph> g;
  for (auto _ : state) {
    state.PauseTiming(); // building and tearing down are not measured
    g = std::make_unique<UseGraph>(state.range(0));
    state.ResumeTiming();
    g->from->replaceAllUsesWith(g->to);
    benchmark::DoNotOptimize(g->to->getNumUses());
  }
  state.SetComplexityN(state.range(0) * 2); // uses
}
BENCHMARK(BM_ReplaceAllUsesWith)
    ->RangeMultiplier(10)
    ->Range(1000, 100000)
    ->Complexity(benchmark::oN);

void BM_EraseUsersInReverse(benchmark::State &state) {
  std::unique_ptr<UseGraph> g;
  for (auto _ : state) {
    state.PauseTiming();
    g = std::make_unique<UseGraph>(state.range(0));
    state.ResumeTiming();
    // The last use first: a use list searched from the front would make
    // this quadratic.
    for (auto it = g->users.rbegin(); it != g->users.rend(); ++it)
      (*it)->erase();
    benchmark::DoNotOptimize(g->from->getNumUses());
  }
  state.SetComplexityN(state.range(0) * 2);
}
BENCHMARK(BM_EraseUsersInReverse)
    ->RangeMultiplier(10)
    ->Range(1000, 100000)
    ->Complexity(benchmark::oN);

} // namespace
