// The raise-scf pass on its own: scf matmul, stencil and reduction nests
// become affine loops, loads and stores (no scf.for left), and what it
// must not raise (integer IVs, run-time steps, gathers, conditions that
// are not one integer set, bounds from inside an scf.while, reductions
// affine.parallel has no kind for) stays scf or memref with a remark
// saying why. The raised IR must verify; the corpus programs
// tests/corpus/run/scf_*.mlir check that it computes what MLIR computes.
#include "frontend/print/Printer.h"
#include "frontend/transform/PassPipeline.h"
#include "frontend/transform/RaiseScfToAffine.h"
#include "frontend/verify/Verifier.h"
#include "support/BruteForceAccesses.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

using namespace affjit;
using namespace affjit::test;

namespace {

struct Raised {
  std::string ir;
  std::vector<std::string> remarks;
  bool verifies = false;

  bool contains(const std::string &s) const {
    return ir.find(s) != std::string::npos;
  }
  /// True if some remark contains all of `parts`.
  bool remarked(const std::vector<std::string> &parts) const {
    for (const std::string &r : remarks) {
      bool all = true;
      for (const std::string &p : parts)
        all &= r.find(p) != std::string::npos;
      if (all)
        return true;
    }
    return false;
  }
};

/// Parses `text`, runs raise-scf with remarks on, verifies and prints.
Raised raise(const std::string &text) {
  Raised out;
  auto parsed = expectParsed(text);
  if (!parsed)
    return out;
  DiagnosticEngine diag;
  PassContext context(diag, "raise-scf", [&](const PassRemark &r) {
    out.remarks.push_back(r.message);
  });
  raiseScfToAffine(*parsed->module, context);
  out.verifies = verifyModule(*parsed->module, diag) && !diag.hadError();
  std::ostringstream os;
  printModule(*parsed->module, os);
  out.ir = os.str();
  return out;
}

const char *kMatmul = R"(
func.func @matmul(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c1 {
    scf.for %j = %c0 to %c48 step %c1 {
      %init = memref.load %C[%i, %j] : memref<64x48xf32>
      %acc = scf.for %k = %c0 to %c32 step %c1 iter_args(%s = %init) -> (f32) {
        %a = memref.load %A[%i, %k] : memref<64x32xf32>
        %b = memref.load %B[%k, %j] : memref<32x48xf32>
        %p = arith.mulf %a, %b : f32
        %n = arith.addf %s, %p : f32
        scf.yield %n : f32
      }
      memref.store %acc, %C[%i, %j] : memref<64x48xf32>
    }
  }
  return
}
)";

TEST(RaiseScf, MatmulBecomesAnAffineNest) {
  Raised r = raise(kMatmul);
  EXPECT_TRUE(r.verifies) << r.ir;
  EXPECT_TRUE(r.contains("affine.for")) << r.ir;
  EXPECT_TRUE(r.contains("iter_args")) << r.ir;
  EXPECT_FALSE(r.contains("scf.")) << r.ir;
  EXPECT_FALSE(r.contains("memref.load")) << r.ir;
  EXPECT_FALSE(r.contains("memref.store")) << r.ir;
  EXPECT_TRUE(r.contains("affine.load %arg1[%arg5, %arg4]")) << r.ir;
}

TEST(RaiseScf, StencilSubscriptsAndBoundsBecomeAffine) {
  Raised r = raise(R"(
func.func @stencil(%in: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = memref.dim %in, %c0 : memref<?xf32>
  %ub = arith.subi %n, %c1 : index
  scf.for %i = %c1 to %ub step %c2 {
    %im1 = arith.subi %i, %c1 : index
    %ip1 = arith.addi %i, %c1 : index
    %a = memref.load %in[%im1] : memref<?xf32>
    %b = memref.load %in[%ip1] : memref<?xf32>
    %s = arith.addf %a, %b : f32
    %lt = arith.cmpi slt, %i, %c2 : index
    scf.if %lt {
      memref.store %s, %out[%i] : memref<?xf32>
    }
  }
  return
}
)");
  EXPECT_TRUE(r.verifies) << r.ir;
  EXPECT_FALSE(r.contains("scf.")) << r.ir;
  EXPECT_TRUE(r.contains("step 2")) << r.ir;
  EXPECT_TRUE(r.contains("affine.load %arg0[%arg2 - 1]")) << r.ir;
  EXPECT_TRUE(r.contains("affine.load %arg0[%arg2 + 1]")) << r.ir;
  EXPECT_TRUE(r.contains("affine.if")) << r.ir;
}

/// A float sum over a 2-D scf.parallel from `init` (an f32 literal).
std::string parallelSumFrom(const std::string &init) {
  return R"(
func.func @sum(%m: memref<8x16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %init = arith.constant )" +
         init + R"( : f32
  %r = scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c16) step (%c1, %c1) init (%init) -> f32 {
    %v = memref.load %m[%i, %j] : memref<8x16xf32>
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}
)";
}

TEST(RaiseScf, ParallelReductionBecomesAffineParallel) {
  Raised r = raise(parallelSumFrom("0.0"));
  EXPECT_TRUE(r.verifies) << r.ir;
  EXPECT_TRUE(r.contains("affine.parallel")) << r.ir;
  EXPECT_TRUE(r.contains("reduce (\"addf\")")) << r.ir;
  EXPECT_FALSE(r.contains("scf.")) << r.ir;
}

TEST(RaiseScf, ARoundingReductionFromAnotherInitIsKept) {
  // affine.parallel reduces from the identity and combines the init last;
  // for a float sum from 1.0 (or -0.0) that rounds differently from
  // scf.parallel's in-order sum.
  for (const char *init : {"1.0", "-0.0"}) {
    Raised r = raise(parallelSumFrom(init));
    EXPECT_TRUE(r.verifies) << r.ir;
    EXPECT_FALSE(r.contains("affine.parallel")) << r.ir;
    EXPECT_TRUE(r.contains("scf.parallel")) << r.ir;
  }
}

TEST(RaiseScf, ConjunctionsAndFloorDivisionsAreAffine) {
  Raised r = raise(R"(
func.func @f(%A: memref<64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c60 = arith.constant 60 : index
  %f = arith.constant 1.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    %lo = arith.cmpi sge, %i, %c1 : index
    %hi = arith.cmpi slt, %i, %c60 : index
    %in = arith.andi %lo, %hi : i1
    scf.if %in {
      %q = arith.floordivsi %i, %c4 : index
      %c = arith.ceildivsi %i, %c4 : index
      memref.store %f, %A[%q] : memref<64xf32>
      memref.store %f, %A[%c] : memref<64xf32>
    }
  }
  return
}
)");
  EXPECT_TRUE(r.verifies) << r.ir;
  EXPECT_FALSE(r.contains("scf.")) << r.ir;
  EXPECT_TRUE(r.contains("affine_set<(d0) : (d0 - 1 >= 0, -d0 + 59 >= 0)>"))
      << r.ir;
  EXPECT_FALSE(r.contains("arith.andi")) << r.ir;
  EXPECT_TRUE(r.contains("[%arg2 floordiv 4]")) << r.ir;
  EXPECT_TRUE(r.contains("[%arg2 ceildiv 4]")) << r.ir;
}

/// A function storing to %A[X] inside `scf.for %i = -8 to 8`, where X is
/// computed by `body` from %i with the constants %c0, %c1, %cm1 and %c4.
std::string storeAtComputedIndex(const std::string &body) {
  return R"(
func.func @f(%A: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cm1 = arith.constant -1 : index
  %c4 = arith.constant 4 : index
  %c3 = arith.constant 3 : index
  %lo = arith.constant -8 : index
  %hi = arith.constant 8 : index
  %f = arith.constant 1.0 : f32
  scf.for %i = %lo to %hi step %c1 {
)" + body +
         R"(
    memref.store %f, %A[%x] : memref<64xf32>
  }
  return
}
)";
}

// The sequences of MLIR 19's lower-affine (AffineApplyExpander) for
// `i mod 4`, `i floordiv 4` and `i ceildiv 4`.
const char *kLoweredMod = R"(
    %r = arith.remsi %i, %c4 : index
    %neg = arith.cmpi slt, %r, %c0 : index
    %adj = arith.addi %r, %c4 : index
    %x = arith.select %neg, %adj, %r : index)";
const char *kLoweredFloorDiv = R"(
    %neg = arith.cmpi slt, %i, %c0 : index
    %m = arith.subi %cm1, %i : index
    %d = arith.select %neg, %m, %i : index
    %q = arith.divsi %d, %c4 : index
    %mq = arith.subi %cm1, %q : index
    %x = arith.select %neg, %mq, %q : index)";
const char *kLoweredCeilDiv = R"(
    %np = arith.cmpi sle, %i, %c0 : index
    %n = arith.subi %c0, %i : index
    %dec = arith.subi %i, %c1 : index
    %d = arith.select %np, %n, %dec : index
    %q = arith.divsi %d, %c4 : index
    %nq = arith.subi %c0, %q : index
    %iq = arith.addi %q, %c1 : index
    %x = arith.select %np, %nq, %iq : index)";

TEST(RaiseScf, LowerAffineDivisionsAndRemaindersAreReadBack) {
  for (auto [body, want] : {std::pair{kLoweredMod, "[%arg1 mod 4]"},
                            std::pair{kLoweredFloorDiv, "[%arg1 floordiv 4]"},
                            std::pair{kLoweredCeilDiv, "[%arg1 ceildiv 4]"}}) {
    Raised r = raise(storeAtComputedIndex(body));
    EXPECT_TRUE(r.verifies) << r.ir;
    EXPECT_TRUE(r.contains("affine.store")) << r.ir;
    EXPECT_TRUE(r.contains(want)) << want << " in\n" << r.ir;
  }
}

/// Replaces the first `from` in `text` by `to`.
std::string replaced(std::string text, const std::string &from,
                     const std::string &to) {
  size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

TEST(RaiseScf, SequencesThatOnlyLookLikeDivisionsStayScf) {
  // Each one computes something else than the affine operation for some
  // negative %i (or a non-positive divisor), so it must stay a memref
  // access.
  const std::vector<std::string> nearMisses = {
      // plain truncating division and remainder
      "    %x = arith.divsi %i, %c4 : index",
      "    %x = arith.remsi %i, %c4 : index",
      // mod corrected by another constant than the divisor
      replaced(kLoweredMod, "%adj = arith.addi %r, %c4",
               "%adj = arith.addi %r, %c3"),
      // mod with the wrong comparison
      replaced(kLoweredMod, "cmpi slt, %r", "cmpi sle, %r"),
      // mod selecting the other way round
      replaced(kLoweredMod, "select %neg, %adj, %r", "select %neg, %r, %adj"),
      // floordiv without the correction of the dividend
      replaced(kLoweredFloorDiv, "select %neg, %m, %i", "select %neg, %i, %i"),
      // floordiv with -1 - q replaced by 0 - q
      replaced(kLoweredFloorDiv, "subi %cm1, %q", "subi %c0, %q"),
      // floordiv by a negative divisor
      replaced(kLoweredFloorDiv, "divsi %d, %c4", "divsi %d, %cm1"),
      // ceildiv testing i < 0 instead of i <= 0
      replaced(kLoweredCeilDiv, "cmpi sle, %i", "cmpi slt, %i"),
      // ceildiv adding 1 to the wrong value
      replaced(kLoweredCeilDiv, "addi %q, %c1", "addi %d, %c1"),
  };
  for (const std::string &body : nearMisses) {
    Raised r = raise(storeAtComputedIndex(body));
    EXPECT_TRUE(r.verifies) << r.ir;
    EXPECT_TRUE(r.contains("memref.store")) << body << "\n" << r.ir;
    EXPECT_TRUE(r.remarked({"memref.store not raised", "subscript"})) << body;
  }
}

TEST(RaiseScf, MaxAndMinBoundsBecomeBoundMaps) {
  // A tiled loop's point loop, as --lower-affine writes affine.for's
  // max/min bounds.
  Raised r = raise(R"(
func.func @f(%A: memref<100xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %f = arith.constant 1.0 : f32
  scf.for %t = %c0 to %n step %c32 {
    %lo = arith.maxsi %t, %c1 : index
    %e = arith.addi %t, %c32 : index
    %hi = arith.minsi %e, %n : index
    scf.for %i = %lo to %hi step %c1 {
      memref.store %f, %A[%i] : memref<100xf32>
    }
  }
  return
}
)");
  EXPECT_TRUE(r.verifies) << r.ir;
  EXPECT_FALSE(r.contains("scf.")) << r.ir;
  EXPECT_TRUE(r.contains("= max affine_map<(d0) -> (d0, 1)>")) << r.ir;
  EXPECT_TRUE(r.contains("min affine_map<(d0)[s0] -> (d0 + 32, s0)>")) << r.ir;
}

TEST(RaiseScf, ReductionLoopWithIterArgsIsRaised) {
  Raised r = raise(R"(
func.func @rowsum(%m: memref<8x16xf32>, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %z = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c8 step %c1 {
    %s = scf.for %j = %c0 to %c16 step %c1 iter_args(%a = %z) -> (f32) {
      %v = memref.load %m[%i, %j] : memref<8x16xf32>
      %n = arith.addf %a, %v : f32
      scf.yield %n : f32
    }
    memref.store %s, %out[%i] : memref<8xf32>
  }
  return
}
)");
  EXPECT_TRUE(r.verifies) << r.ir;
  EXPECT_FALSE(r.contains("scf.for")) << r.ir;
  EXPECT_TRUE(r.contains("affine.yield")) << r.ir;
}

TEST(RaiseScf, LeavesWhatIsNotAffineWithARemark) {
  Raised r = raise(R"(
func.func @f(%v: memref<8xf32>, %idx: memref<8xindex>, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %lo = arith.constant 0 : i32
  %hi = arith.constant 8 : i32
  %one = arith.constant 1 : i32
  scf.for %k = %lo to %hi step %one : i32 {
  }
  %step = memref.load %idx[%c0] : memref<8xindex>
  scf.for %i = %c0 to %c8 step %step {
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %k = memref.load %idx[%i] : memref<8xindex>
    %g = memref.load %v[%k] : memref<8xf32>
    %ne = arith.cmpi ne, %i, %c1 : index
    scf.if %ne {
      memref.store %g, %v[%i] : memref<8xf32>
    }
  }
  %w = scf.while (%n = %c1) : (index) -> index {
    %go = arith.cmpi slt, %n, %c8 : index
    scf.condition(%go) %n : index
  } do {
  ^bb0(%n2: index):
    %ub = arith.addi %n2, %c1 : index
    scf.for %j = %c0 to %ub step %c1 {
    }
    %n3 = arith.addi %n2, %n2 : index
    scf.yield %n3 : index
  }
  %m = scf.parallel (%i) = (%c0) to (%c8) step (%c1) init (%lo) -> i32 {
    scf.reduce(%one : i32) {
    ^bb0(%a: i32, %b: i32):
      %s = arith.maxsi %a, %b : i32
      scf.reduce.return %s : i32
    }
  }
  return
}
)");
  EXPECT_TRUE(r.verifies) << r.ir;
  EXPECT_TRUE(r.contains("scf.for %arg3 = %3 to %4 step %5 : i32")) << r.ir;
  EXPECT_TRUE(r.remarked({"scf.for not raised", "not an index"}));
  EXPECT_TRUE(r.remarked({"scf.for not raised", "not a positive constant"}));
  EXPECT_TRUE(r.remarked({"scf.if not raised", "not eq, slt"}));
  EXPECT_TRUE(r.remarked({"scf.for not raised", "upper bound"}));
  EXPECT_TRUE(r.remarked({"scf.parallel not raised", "reduction #0"}));
  EXPECT_TRUE(
      r.remarked({"memref.load not raised", "subscript is not an affine"}));
  // The gather stays a memref.load; the loop around it is raised.
  EXPECT_TRUE(r.contains("memref.load %arg0[")) << r.ir;
  EXPECT_TRUE(r.contains("scf.while")) << r.ir;
  EXPECT_TRUE(r.contains("scf.if")) << r.ir;
  EXPECT_TRUE(r.contains("scf.parallel")) << r.ir;
  EXPECT_TRUE(r.contains("affine.for")) << r.ir;
}

TEST(RaiseScf, RemarksWhatItRaised) {
  Raised r = raise(kMatmul);
  EXPECT_TRUE(r.remarked({"scf.for raised to affine.for"}));
}

TEST(RaiseScf, IsFirstInTheDefaultPipeline) {
  const PassRegistry &registry = passRegistry();
  ASSERT_FALSE(registry.defaultPipeline.empty());
  EXPECT_EQ(registry.defaultPipeline.front().pass, "raise-scf");
  EXPECT_NE(findPass("raise-scf", registry), nullptr);
}

} // namespace
