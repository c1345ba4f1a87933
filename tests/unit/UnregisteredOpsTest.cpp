// Ops of dialects affjit does not implement ("test.foo", "foo"), as
// mlir-opt reads them with --allow-unregistered-dialect: parsed in generic
// form, verified structurally, printed back so that mlir-opt re-parses the
// output, treated by every pass as touching any memory, and refused (with
// a location) only when the program is compiled. Unknown ops of affjit's
// own dialects stay errors.
#include "support/MlirOracle.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

using namespace affjit::test;

namespace {

CommandResult affjit(const std::string &args, const std::string &program) {
  std::string path = writeTempFile(program);
  return runCommand(shellQuote(affjitBinary()) + " " + args + " " +
                    shellQuote(path));
}

// A producer nest, an opaque op on its buffer, a consumer nest: fusing the
// two nests would move the consumer's reads before the opaque op.
const char *kOpaqueBetweenNests =
    R"(func.func @f(%A: memref<64xf32>, %B: memref<64xf32>) {
  %c = arith.constant 2.0 : f32
  affine.for %i = 0 to 64 {
    affine.store %c, %A[%i] : memref<64xf32>
  }
  "test.touch"(%A) : (memref<64xf32>) -> ()
  affine.for %i = 0 to 64 {
    %v = affine.load %A[%i] : memref<64xf32>
    affine.store %v, %B[%i] : memref<64xf32>
  }
  affine.for %i = 0 to 64 {
    %v = affine.load %B[%i] : memref<64xf32>
    %w = "test.op"(%v) : (f32) -> f32
    affine.store %w, %B[%i] : memref<64xf32>
  }
  return
}
)";

TEST(UnregisteredOps, PassesKeepTheirOrderAndMlirReparsesTheOutput) {
  CommandResult r = affjit("opt --opt-report", kOpaqueBetweenNests);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.err.find("not fused: nest at 3:3: the op at 6:3 between them "
                       "depends on the source nest"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("not vectorized: 0 to 64: 'test.op' has no vector "
                       "form here"),
            std::string::npos)
      << r.err;
  // The opaque op still sits between the producer's store and the
  // consumer's load in the optimized version.
  std::string body = r.out.substr(r.out.find("@f.optimized"));
  size_t store = body.find("vector_store");
  size_t touch = body.find("\"test.touch\"");
  size_t load = body.find("vector_load", store + 1);
  ASSERT_NE(touch, std::string::npos) << r.out;
  EXPECT_LT(store, touch) << body;
  EXPECT_LT(touch, load) << body;
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not found";
  std::string out = writeTempFile(r.out);
  CommandResult reparse =
      runCommand(shellQuote(mlirOpt()) + " --allow-unregistered-dialect " +
                 shellQuote(out) + " -o /dev/null");
  EXPECT_EQ(reparse.exitCode, 0) << reparse.err;
}

TEST(UnregisteredOps, RegionsAndTerminatorsAreTheirDialectsBusiness) {
  CommandResult r = affjit("opt --pipeline=none", R"(func.func @g(%n: index) {
  "test.region"() ({
    affine.for %i = 0 to %n {
      "foo"(%i) : (index) -> ()
    }
    "test.end"() : () -> ()
  }) : () -> ()
  "test.terminator"() : () -> ()
}
)");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("\"test.region\"() ({"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"foo\"(%arg1) : (index) -> ()"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"test.terminator\"() : () -> ()"), std::string::npos)
      << r.out;
}

TEST(UnregisteredOps, ModuleLevelValuesAreSymbolsInTheirRegions) {
  // The module is an affine scope, as in MLIR: %idx, defined at its top
  // level, indexes an affine.load in an unregistered op's region (MLIR's
  // own affine ops.mlir test). A value defined inside that region is not.
  const std::string atModuleLevel = R"(%idx = "test.foo"() : () -> (index)
"test.func"() ({
^bb0(%A : memref<?xf32>):
  %v = affine.load %A[%idx] : memref<?xf32>
  "terminate"() : () -> ()
}) : () -> ()
)";
  const std::string inTheRegion = R"("test.func"() ({
^bb0(%A : memref<?xf32>):
  %idx = "test.foo"() : () -> (index)
  %v = affine.load %A[%idx] : memref<?xf32>
  "terminate"() : () -> ()
}) : () -> ()
)";
  CommandResult r = affjit("opt --pipeline=none", atModuleLevel);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("affine.load %arg0[%0]"), std::string::npos) << r.out;
  CommandResult inner = affjit("opt --pipeline=none", inTheRegion);
  EXPECT_EQ(inner.exitCode, 1) << inner.out;
  EXPECT_NE(inner.err.find(":4:8: error: 'affine.load' op index must be a "
                           "dimension or symbol identifier"),
            std::string::npos)
      << inner.err;
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not found";
  auto mlirAccepts = [](const std::string &text) {
    return runCommand(shellQuote(mlirOpt()) + " --allow-unregistered-dialect " +
                      shellQuote(writeTempFile(text)) + " -o /dev/null")
               .exitCode == 0;
  };
  EXPECT_TRUE(mlirAccepts(atModuleLevel));
  EXPECT_TRUE(mlirAccepts(r.out));
  EXPECT_FALSE(mlirAccepts(inTheRegion));
}

TEST(UnregisteredOps, ALoopBodyStillEndsInItsOwnYield) {
  // Found by the parse fuzzer: with an opaque op last, printing the loop in
  // custom form added an affine.yield of no value behind it.
  CommandResult r = affjit("opt", R"(func.func @k(%m: memref<4xf32>) -> f32 {
  %s = "affine.parallel"() <{lowerBoundsGroups = dense<1> : tensor<1xi32>, lowerBoundsMap = affine_map<() -> (0)>, reductions = [0], steps = [1], upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = affine_map<() -> (4)>}> ({
  ^bb0(%i: index):
    %v = affine.load %m[%i] : memref<4xf32>
    "test.yield"(%v) : (f32) -> ()
  }) : () -> f32
  return %s : f32
}
)");
  EXPECT_EQ(r.exitCode, 1) << r.out;
  EXPECT_NE(r.err.find("block with no terminator"), std::string::npos) << r.err;
}

TEST(UnregisteredOps, CompilingOneIsAnErrorAtItsLocation) {
  CommandResult r = affjit("run -e f", kOpaqueBetweenNests);
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find(":6:3: error: failed to lower 'test.touch': no "
                       "lowering to LLVM IR"),
            std::string::npos)
      << r.err;
}

TEST(UnregisteredOps, UnknownOpsOfAffjitsDialectsAreErrors) {
  CommandResult r = affjit("opt", R"(func.func @h() {
  "affine.bogus"() : () -> ()
  return
}
)");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find(":2:3: error: unregistered operation 'affine.bogus' "
                       "found in dialect ('affine') that does not allow "
                       "unknown operations"),
            std::string::npos)
      << r.err;
}

} // namespace
