// The fuse pass's incremental mode (kept nest summaries, the scan resumed
// at the last fusion's destination) against starting over after every
// fusion: the same fusions in the same order, hence the same IR, on the
// fusion generator's programs and on the scaling chain; with
// checkIncremental the kept state is compared with a from-scratch graph
// after every fusion. And the pass's budget: past it, fuse stops with a
// remark and leaves a correct, less fused function.
#include "frontend/ir/FuncOps.h"
#include "frontend/print/Printer.h"
#include "frontend/transform/LoopFusion.h"
#include "support/BruteForceAccesses.h"
#include "support/RandomFusionProgram.h"
#include "support/ScalingProgram.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace affjit;

namespace {

struct FuseResult {
  std::string ir;
  /// The remarks, without the one with the pass's timings.
  std::string report;
};

FuseResult fuse(const std::string &text, const LoopFusionOptions &options) {
  auto parsed = test::expectParsed(text);
  if (!parsed)
    return {};
  DiagnosticEngine diag;
  FuseResult result;
  PassContext context(diag, "fuse", [&](const PassRemark &r) {
    if (r.message.find(" fusion(s); analysis ") == std::string::npos)
      result.report += r.message + "\n";
  });
  fuseLoops(*parsed->module, context, options);
  std::ostringstream os;
  printModule(*parsed->module, os);
  result.ir = os.str();
  return result;
}

void expectSameAsStartingOver(const std::string &text) {
  LoopFusionOptions scratch;
  scratch.incremental = false;
  LoopFusionOptions incremental;
  incremental.checkIncremental = true;
  FuseResult a = fuse(text, scratch), b;
  ASSERT_NO_THROW(b = fuse(text, incremental)) << text;
  EXPECT_EQ(a.ir, b.ir) << text;
  EXPECT_EQ(a.report, b.report) << text;
}

TEST(FusionIncremental, SameFusionsAsStartingOverOnGeneratedPrograms) {
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    expectSameAsStartingOver(test::generateFusionProgram(seed));
  }
}

TEST(FusionIncremental, SameFusionsAsStartingOverOnScalingPrograms) {
  for (const char *shape : {"chain", "independent", "deep"})
    for (int n : {1, 7, 24}) {
      SCOPED_TRACE(std::string(shape) + " " + std::to_string(n));
      expectSameAsStartingOver(test::generateScalingProgram(shape, n));
    }
}

/// Many nests reading one input, none fusable with another (each writes
/// what the next reads back reversed): sibling pairs all over.
std::string manySiblings(int n) {
  std::string s = "func.func @main(%in: memref<64xf32>) {\n";
  for (int k = 0; k < n; ++k)
    s += "  %b" + std::to_string(k) + " = memref.alloc() : memref<64xf32>\n";
  for (int k = 0; k < n; ++k) {
    std::string out = "%b" + std::to_string(k);
    s += "  affine.for %i = 0 to 64 {\n"
         "    %v = affine.load %in[%i] : memref<64xf32>\n";
    if (k > 0)
      s += "    %u = affine.load %b" + std::to_string(k - 1) +
           "[63 - %i] : memref<64xf32>\n"
           "    %w = arith.addf %v, %u : f32\n";
    else
      s += "    %w = arith.addf %v, %v : f32\n";
    s += "    affine.store %w, " + out + "[%i] : memref<64xf32>\n  }\n";
  }
  s += "  %r = memref.cast %b" + std::to_string(n - 1) +
       " : memref<64xf32> to memref<*xf32>\n"
       "  call @printMemrefF32(%r) : (memref<*xf32>) -> ()\n"
       "  return\n}\n"
       "func.func private @printMemrefF32(memref<*xf32>)\n";
  return s;
}

TEST(FusionIncremental, BudgetStopsThePassWithARemark) {
  std::string text = manySiblings(12);
  LoopFusionOptions small;
  small.maxPairAnalyses = 5;
  FuseResult stopped = fuse(text, small);
  EXPECT_NE(stopped.report.find("@main: stopped early after 6 candidate "
                                "pair analyses (the budget)"),
            std::string::npos)
      << stopped.report;
  // Within the default budget the pass runs to its end.
  FuseResult whole = fuse(text, LoopFusionOptions{});
  EXPECT_EQ(whole.report.find("stopped early"), std::string::npos)
      << whole.report;
  // Stopping early leaves a verifiable module.
  EXPECT_TRUE(test::expectParsed(stopped.ir)) << stopped.ir;
}

} // namespace

namespace {

/// A chain of `n` elementwise nests, each reading the last one's buffer:
/// fused greedily, one nest of 2n accesses.
std::string elementwiseChain(int n) {
  std::string s = "func.func @main(%in: memref<64xf32>, %out: memref<64xf32>) "
                  "{\n  %c = arith.constant 1.0 : f32\n";
  for (int k = 1; k < n; ++k)
    s += "  %t" + std::to_string(k) + " = memref.alloc() : memref<64xf32>\n";
  for (int k = 0; k < n; ++k) {
    std::string in = k == 0 ? "%in" : "%t" + std::to_string(k);
    std::string out = k == n - 1 ? "%out" : "%t" + std::to_string(k + 1);
    s += "  affine.for %i = 0 to 64 {\n    %x = affine.load " + in +
         "[%i] : memref<64xf32>\n    %y = arith.addf %x, %c : f32\n"
         "    affine.store %y, " +
         out + "[%i] : memref<64xf32>\n  }\n";
  }
  return s + "  return\n}\n";
}

TEST(FusionSizeLimit, AChainIsFusedInPiecesOfTheLimitsSize) {
  std::string chain = elementwiseChain(40);
  LoopFusionOptions unlimited;
  FuseResult whole = fuse(chain, unlimited);
  EXPECT_EQ(test::countOccurrences(whole.ir, "affine.for"), 1u) << whole.ir;
  LoopFusionOptions limited;
  // Each nest holds one load and one store: pieces of about 10 nests.
  limited.maxFusedAccesses = 20;
  FuseResult pieces = fuse(chain, limited);
  size_t nests = test::countOccurrences(pieces.ir, "affine.for");
  EXPECT_GE(nests, 4u) << pieces.ir;
  EXPECT_LE(nests, 8u) << pieces.ir;
  EXPECT_NE(pieces.report.find("over the limit of 20"), std::string::npos)
      << pieces.report;
  // No nest holds more than the limit.
  size_t at = 0;
  for (size_t k = 0; k < nests; ++k) {
    size_t begin = pieces.ir.find("affine.for", at);
    size_t end = pieces.ir.find("affine.for", begin + 1);
    std::string nest = pieces.ir.substr(begin, end - begin);
    EXPECT_LE(test::countOccurrences(nest, "affine.load") +
                  test::countOccurrences(nest, "affine.store"),
              20u)
        << nest;
    at = begin + 1;
  }
}

} // namespace
