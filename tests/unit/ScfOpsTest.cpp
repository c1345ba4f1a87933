// The scf ops in affjit's IR: their memory effects are their bodies'
// (a region op with a store in it writes; one with only arithmetic is
// effect-free), their terminators end blocks, and their typed views read
// the generic form (scf.parallel's operand segments, scf.for's inits).
// Parsing, verification, printing and execution against MLIR 19 are
// checked by the corpus (tests/corpus/*/scf_*.mlir).
#include "frontend/ir/ScfOps.h"
#include "frontend/ir/MemoryEffects.h"
#include "support/BruteForceAccesses.h"

#include <gtest/gtest.h>

using namespace affjit;
using namespace affjit::test;

namespace {

const char *kProgram = R"(
func.func @f(%m: memref<8xf32>, %c: i1, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f0 = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%a = %f0) -> (f32) {
    %v = memref.load %m[%i] : memref<8xf32>
    %b = arith.addf %a, %v : f32
    scf.yield %b : f32
  }
  scf.if %c {
    memref.store %s, %m[%c0] : memref<8xf32>
  }
  %r = scf.if %c -> (f32) {
    %x = arith.addf %s, %s : f32
    scf.yield %x : f32
  } else {
    scf.yield %f0 : f32
  }
  %p = scf.parallel (%i, %j) = (%c0, %c1) to (%n, %n) step (%c1, %c1) init (%r) -> f32 {
    scf.reduce(%f0 : f32) {
    ^bb0(%l: f32, %rr: f32):
      %t = arith.addf %l, %rr : f32
      scf.reduce.return %t : f32
    }
  }
  return %p : f32
}
)";

std::vector<Operation *> topLevelOps(Operation *func, std::string_view name) {
  std::vector<Operation *> out;
  for (auto &op : func->getRegion(0).front().getOperations())
    if (op->getName() == name)
      out.push_back(op.get());
  return out;
}

TEST(ScfOps, RegionOpsHaveTheEffectsOfTheirBodies) {
  auto parsed = expectParsed(kProgram);
  ASSERT_TRUE(parsed);
  Operation *func = parsed->func();
  Operation *loop = topLevelOps(func, "scf.for")[0];
  std::vector<Operation *> ifs = topLevelOps(func, "scf.if");
  ASSERT_EQ(ifs.size(), 2u);
  EXPECT_TRUE(mayRead(loop));
  EXPECT_FALSE(mayWrite(loop));
  EXPECT_TRUE(getMemoryEffects(loop).empty());
  EXPECT_TRUE(mayWrite(ifs[0]));
  EXPECT_TRUE(hasNoMemoryEffect(ifs[1]));
  EXPECT_TRUE(hasNoMemoryEffect(topLevelOps(func, "scf.parallel")[0]));
}

TEST(ScfOps, TerminatorsEndTheirBlocks) {
  auto parsed = expectParsed(kProgram);
  ASSERT_TRUE(parsed);
  ScfForOp loop(topLevelOps(parsed->func(), "scf.for")[0]);
  ASSERT_NE(loop.getYield(), nullptr);
  EXPECT_EQ(loop.getYield()->getName(), "scf.yield");
  ScfParallelOp par(topLevelOps(parsed->func(), "scf.parallel")[0]);
  ASSERT_NE(par.getReduce(), nullptr);
  EXPECT_EQ(par.getReduce()->getName(), "scf.reduce");
  Block &reduction = par.getReduce()->getRegion(0).front();
  ASSERT_NE(reduction.getTerminator(), nullptr);
  EXPECT_EQ(reduction.getTerminator()->getName(), "scf.reduce.return");
}

TEST(ScfOps, ViewsReadTheGenericForm) {
  auto parsed = expectParsed(kProgram);
  ASSERT_TRUE(parsed);
  ScfForOp loop(topLevelOps(parsed->func(), "scf.for")[0]);
  EXPECT_EQ(loop.getInits().size(), 1u);
  EXPECT_EQ(loop.getRegionIterArgs().size(), 1u);
  EXPECT_TRUE(loop.getInductionVar()->getType().isIndex());
  ScfParallelOp par(topLevelOps(parsed->func(), "scf.parallel")[0]);
  EXPECT_EQ(par.getNumLoops(), 2u);
  EXPECT_EQ(par.getLowerBounds().size(), 2u);
  EXPECT_EQ(par.getUpperBounds().size(), 2u);
  EXPECT_EQ(par.getSteps().size(), 2u);
  ASSERT_EQ(par.getInits().size(), 1u);
  EXPECT_EQ(par.getIVs().size(), 2u);
}

} // namespace
