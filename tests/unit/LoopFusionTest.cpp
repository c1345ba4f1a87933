// The fuse pass through its C++ entry point: the slice and legality it
// computes on seed 002's chain (the walk-through's depths), and the
// cache-aware depth choice with cache sizes given as options: the same
// program fuses at the depth that recomputes nothing while its rows fit the
// cache, and one level deeper (recomputing a little) when they do not.
#include "frontend/transform/LoopFusion.h"
#include "frontend/analysis/ComputationSlice.h"
#include "frontend/analysis/FusionLegality.h"
#include "frontend/ir/FuncOps.h"
#include "support/BruteForceAccesses.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

using namespace affjit;

namespace {

std::string readSource(const std::string &relative) {
  std::ifstream in(std::string(AFFJIT_SOURCE_DIR) + "/" + relative);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<Operation *> topLevelLoops(Operation *func) {
  std::vector<Operation *> loops;
  for (auto &op : cast<FuncOp>(func).getBody()->getOperations())
    if (isa<AffineForOp>(op.get()))
      loops.push_back(op.get());
  return loops;
}

/// Producer stores x consumer loads of the same memref.
std::vector<std::pair<Operation *, Operation *>> rawPairs(Operation *src,
                                                          Operation *dst) {
  std::vector<Operation *> stores, loads;
  src->walk([&](Operation *op) {
    if (op->isa("affine.store"))
      stores.push_back(op);
  });
  dst->walk([&](Operation *op) {
    if (op->isa("affine.load"))
      loads.push_back(op);
  });
  std::vector<std::pair<Operation *, Operation *>> pairs;
  for (Operation *s : stores)
    for (Operation *l : loads)
      if (s->getOperand(1) == l->getOperand(0))
        pairs.push_back({s, l});
  return pairs;
}

TEST(LoopFusion, Seed002SlicesAndLegalityPerDepth) {
  auto parsed = test::parseModuleText(
      readSource("benchmarks/kernels/seed002_kernel.mlir"));
  ASSERT_TRUE(parsed);
  auto loops = topLevelLoops(parsed->func());
  ASSERT_EQ(loops.size(), 2u);
  auto srcLoops = getSliceableLoops(loops[0]);
  auto dstLoops = getSliceableLoops(loops[1]);
  ASSERT_EQ(srcLoops.size(), 4u);
  ASSERT_EQ(dstLoops.size(), 4u);
  auto pairs = rawPairs(loops[0], loops[1]);
  const char *expected[] = {"(d0) -> [d0, all, all, all]",
                            "(d0, d1) -> [d0, d1, all, all]",
                            "(d0, d1, d2) -> [d0, d1, all, all]",
                            "(d0, d1, d2, d3) -> [d0, d1, d3, all]"};
  for (unsigned depth = 1; depth <= 4; ++depth) {
    std::vector<AffineForOp> outer(dstLoops.begin(), dstLoops.begin() + depth);
    auto slice = computeSliceUnion(srcLoops, outer, pairs);
    ASSERT_TRUE(slice) << depth;
    EXPECT_EQ(slice->describe(), expected[depth - 1]);
    FusionLegality legal =
        checkFusionLegality(*slice, loops[0], loops[1], pairs);
    // The producer accumulates into %arg2: repeating its iterations (depths
    // 3 and 4 run each one for every d2) would add twice.
    EXPECT_EQ(legal.legal, depth <= 2) << depth << ": " << legal.reason;
    if (depth <= 2) {
      EXPECT_TRUE(legal.coversSource);
    }
  }
}

/// A cheap producer and a consumer with much arithmetic reading t[i][j]
/// and t[i][j+1]: fusing per row recomputes nothing; per element, each
/// producer element runs twice (~10% more work).
constexpr const char *kRowOrElement = R"(
func.func @f(%in: memref<32x33xf32>, %out: memref<32x32xf32>) {
  %t = memref.alloc() : memref<32x33xf32>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 33 {
      %v = affine.load %in[%i, %j] : memref<32x33xf32>
      affine.store %v, %t[%i, %j] : memref<32x33xf32>
    }
  }
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %a = affine.load %t[%i, %j] : memref<32x33xf32>
      %b = affine.load %t[%i, %j + 1] : memref<32x33xf32>
      %c = arith.addf %a, %b : f32
      %d = arith.mulf %c, %c : f32
      %e = arith.mulf %d, %c : f32
      %f = arith.addf %e, %d : f32
      %g = arith.mulf %f, %e : f32
      %h = arith.addf %g, %f : f32
      %k = arith.mulf %h, %g : f32
      %l = arith.addf %k, %h : f32
      %m = arith.mulf %l, %k : f32
      %n = arith.addf %m, %l : f32
      %o = arith.mulf %n, %m : f32
      %p = arith.addf %o, %n : f32
      affine.store %p, %out[%i, %j] : memref<32x32xf32>
    }
  }
  memref.dealloc %t : memref<32x33xf32>
  return
}
)";

/// The depth the fuse pass chose, read from its report.
int fusedDepth(const CacheSizes &caches, std::string &report) {
  auto parsed = test::parseModuleText(kRowOrElement);
  if (!parsed)
    return -1;
  DiagnosticEngine diag;
  int depth = 0;
  PassContext context(diag, "fuse", [&](const PassRemark &r) {
    report += r.message + "\n";
    auto at = r.message.find("into this nest at depth ");
    if (at != std::string::npos)
      depth = std::atoi(r.message.c_str() + at + 24);
  });
  LoopFusionOptions options;
  options.caches = caches;
  fuseLoops(*parsed->module, context, options);
  return depth;
}

TEST(LoopFusion, CacheSizesDecideBetweenRowAndElement) {
  std::string report;
  // Rows fit: no recomputation wins (MLIR would take depth 2 for its
  // larger storage reduction).
  EXPECT_EQ(fusedDepth(CacheSizes{32 * 1024, 1024 * 1024}, report), 1)
      << report;
  EXPECT_NE(report.find("depth 2: slice (d0, d1) -> [d0, d1 to d1 + 2]"),
            std::string::npos)
      << report;
  // A row of each buffer spills a 256-byte "L2": the element depth, whose
  // working set fits, wins despite its recomputation.
  report.clear();
  EXPECT_EQ(fusedDepth(CacheSizes{64, 256}, report), 2) << report;
  EXPECT_NE(report.find("exceeds L2"), std::string::npos) << report;
}

} // namespace
