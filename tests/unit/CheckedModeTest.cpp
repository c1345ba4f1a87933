// `affjit run --checked` and EngineOptions::checked: every memref access is
// checked against its descriptor's sizes, and a violation is reported with
// the access's source location instead of corrupting memory.
#include "affjit/Buffer.h"
#include "affjit/Engine.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

using namespace affjit::test;

namespace {

/// The program as written: the default pipeline would remove stores to a
/// buffer nothing reads, out-of-bounds ones included.
CommandResult runChecked(const std::string &program) {
  std::string path = writeTempFile(program);
  return runCommand(shellQuote(affjitBinary()) +
                    " run --checked --pipeline=none " + shellQuote(path));
}

TEST(CheckedMode, AffineStorePastTheEndIsReportedAtItsLocation) {
  CommandResult r = runChecked(R"(func.func @main() {
  %a = memref.alloc() : memref<4x8xf32>
  %z = arith.constant 1.0 : f32
  affine.for %i = 0 to 5 {
    affine.store %z, %a[%i, 2] : memref<4x8xf32>
  }
  return
}
)");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find(".mlir:5:5: error: out-of-bounds access to memref "
                       "dimension #0: index 4, size 4"),
            std::string::npos)
      << r.err;
}

TEST(CheckedMode, DynamicSizesAndNegativeIndicesAreChecked) {
  CommandResult r = runChecked(R"(func.func @main() {
  %c3 = arith.constant 3 : index
  %a = memref.alloc(%c3) : memref<2x?xi32>
  %c0 = arith.constant 0 : index
  %m1 = arith.constant -1 : index
  %v = memref.load %a[%c0, %m1] : memref<2x?xi32>
  return
}
)");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find(":6:8: error: out-of-bounds access to memref "
                       "dimension #1: index -1, size 3"),
            std::string::npos)
      << r.err;
}

TEST(CheckedMode, InBoundsProgramsRunAndPrintAsUsual) {
  CommandResult r = runChecked(R"(func.func @main() {
  %a = memref.alloc() : memref<4xf32>
  %s = arith.constant 0.0 : f32
  affine.for %i = 0 to 4 {
    %f = arith.constant 2.5 : f32
    affine.store %f, %a[%i] : memref<4xf32>
  }
  %t = affine.for %i = 0 to 4 iter_args(%acc = %s) -> (f32) {
    %v = affine.load %a[%i] : memref<4xf32>
    %n = arith.addf %acc, %v : f32
    affine.yield %n : f32
  }
  vector.print %t : f32
  return
}
)");
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out, "10\n");
}

TEST(CheckedModeDeathTest, TheApiOptionStopsAKernelReadingPastABuffer) {
  auto body = [] {
    affjit::Engine engine(affjit::EngineOptions{3, /*checked=*/true});
    affjit::Error err = engine.compile(R"(
func.func @first(%x: memref<?xf32>, %n: index) -> f32 {
  %z = arith.constant 0.0 : f32
  %s = affine.for %i = 0 to %n iter_args(%acc = %z) -> (f32) {
    %v = affine.load %x[%i] : memref<?xf32>
    %t = arith.addf %acc, %v : f32
    affine.yield %t : f32
  }
  return %s : f32
})",
                                       "kernel.mlir");
    if (err)
      std::exit(2);
    affjit::MemRef<float, 1> x({8});
    engine.call("first", x, affjit::Index{9});
    std::exit(0);
  };
  EXPECT_EXIT(body(), testing::ExitedWithCode(1),
              "kernel.mlir:5:10: error: out-of-bounds access to memref "
              "dimension #0: index 8, size 8");
}

} // namespace
