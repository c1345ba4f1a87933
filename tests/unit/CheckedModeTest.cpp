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
CommandResult runChecked(const std::string &program,
                         const std::string &pipeline = "none") {
  std::string path = writeTempFile(program);
  return runCommand(shellQuote(affjitBinary()) + " run --checked --pipeline=" +
                    pipeline + " " + shellQuote(path));
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

/// B[j] = j >= 2 ? A[j - 2] : 1, which vectorize turns into a load masked
/// by the condition: its first lanes' indices (-2, -1) are disabled, so not
/// accesses.
const char *kGuardedShift = R"(func.func @main() {
  %A = memref.alloc() : memref<32xf32>
  %B = memref.alloc() : memref<32xf32>
  %one = arith.constant 1.0 : f32
  affine.for %j = 0 to 32 {
    %f = arith.index_cast %j : index to i32
    %x = arith.sitofp %f : i32 to f32
    affine.store %x, %A[%j] : memref<32xf32>
  }
  affine.for %j = 0 to 32 {
    %v = affine.if affine_set<(d0) : (d0 - 2 >= 0)>(%j) -> f32 {
      %x = affine.load %A[%j - 2] : memref<32xf32>
      affine.yield %x : f32
    } else {
      affine.yield %one : f32
    }
    affine.store %v, %B[%j] : memref<32xf32>
  }
  %s = affine.for %j = 0 to 32 iter_args(%acc = %one) -> (f32) {
    %v = affine.load %B[%j] : memref<32xf32>
    %n = arith.addf %acc, %v : f32
    affine.yield %n : f32
  }
  vector.print %s : f32
  return
}
)";

TEST(CheckedMode, MaskedOffLanesOutsideTheMemrefAreNoAccess) {
  CommandResult none = runChecked(kGuardedShift);
  ASSERT_EQ(none.exitCode, 0) << none.err;
  EXPECT_EQ(none.out, "438\n"); // 1 + 2 * 1 + (0 + ... + 29)
  CommandResult vectorized = runChecked(kGuardedShift, "vectorize");
  EXPECT_EQ(vectorized.exitCode, 0) << vectorized.err;
  EXPECT_EQ(vectorized.out, none.out);
}

TEST(CheckedMode, EveryLaneOfAVectorAccessIsChecked) {
  // Lane 0 is at 6, inside; lanes 2 and 3 (8, 9) are past the end.
  CommandResult r = runChecked(R"(func.func @main() {
  %a = memref.alloc() : memref<8xf32>
  %v = affine.vector_load %a[6] : memref<8xf32>, vector<4xf32>
  vector.print %v : vector<4xf32>
  return
}
)");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find(":3:8: error: out-of-bounds access to memref "
                       "dimension #0: index 8, size 8"),
            std::string::npos)
      << r.err;
}

TEST(CheckedMode, AnEnabledLaneOfAMaskedTransferIsChecked) {
  // Lanes 0 and 2 are enabled; lane 2 is at index 9 of 8.
  CommandResult r = runChecked(R"(func.func @main() {
  %a = memref.alloc() : memref<8xf32>
  %c7 = arith.constant 7 : index
  %z = arith.constant 0.0 : f32
  %m = arith.constant dense<[true, false, true, false]> : vector<4xi1>
  %v = vector.transfer_read %a[%c7], %z, %m {in_bounds = [true]} : memref<8xf32>, vector<4xf32>
  vector.print %v : vector<4xf32>
  return
}
)");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find(":6:8: error: out-of-bounds access to memref "
                       "dimension #0: index 9, size 8"),
            std::string::npos)
      << r.err;
}

TEST(CheckedModeDeathTest, TheApiOptionStopsAKernelReadingPastABuffer) {
  auto body = [] {
    affjit::Engine engine(affjit::EngineOptions{{3, /*checked=*/true}});
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
    // The call never returns: the out-of-bounds access exits.
    (void)engine.call("first", x, affjit::Index{9});
    std::exit(0);
  };
  EXPECT_EXIT(body(), testing::ExitedWithCode(1),
              "kernel.mlir:5:10: error: out-of-bounds access to memref "
              "dimension #0: index 8, size 8");
}

} // namespace
