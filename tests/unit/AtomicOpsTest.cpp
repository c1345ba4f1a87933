// memref.atomic_rmw, memref.generic_atomic_rmw and cf.assert beyond the
// corpus (tests/corpus/{run,roundtrip,invalid}): a failing cf.assert prints
// what mlir-cpu-runner prints and aborts; the corpus programs give the same
// output without passes; the atomic kinds MLIR 19 cannot lower match MLIR's
// run of a sequential twin; loops holding atomics are not made parallel or
// vector by the passes, while an affine.parallel of atomics runs on threads.
#include "support/MlirOracle.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <filesystem>

using namespace affjit::test;

namespace {

CommandResult affjit(const std::string &args, const std::string &path) {
  return runCommand(shellQuote(affjitBinary()) + " " + args + " " +
                    shellQuote(path));
}

bool haveRunMlir() {
  return mlirAvailable() && std::filesystem::exists(runMlirScript());
}

/// run-mlir with an unbuffered stdout: abort() drops stdio buffers, so
/// without it a failing assert's output never reaches the pipe.
CommandResult runMlirUnbuffered(const std::string &path) {
  return runCommand("stdbuf -o0 " + shellQuote(runMlirScript()) + " " +
                    shellQuote(path) + " '' 2>/dev/null");
}

const char *const kFailingAssert = R"(
func.func @main() {
  %c3 = arith.constant 3 : index
  affine.for %i = 0 to 10 {
    %ok = arith.cmpi ult, %i, %c3 : index
    cf.assert %ok, "index \"too\" large"
    %ii = arith.index_cast %i : index to i32
    vector.print %ii : i32
  }
  return
}
)";

TEST(AtomicOps, FailingAssertPrintsItsMessageAndAborts) {
  TempProgram program(kFailingAssert);
  const std::string expected = "0\n1\n2\nindex \"too\" large\n";
  for (const char *args : {"run", "run --pipeline=none", "run -O0"}) {
    CommandResult r = affjit(args, program.path);
    EXPECT_NE(r.exitCode, 0) << args;
    EXPECT_EQ(r.out, expected) << args << "\n" << r.err;
  }
  if (!haveRunMlir())
    GTEST_SKIP() << "run-mlir not available to compare with";
  CommandResult mlir = runMlirUnbuffered(program.path);
  EXPECT_NE(mlir.exitCode, 0);
  EXPECT_EQ(mlir.out, expected);
}

TEST(AtomicOps, HoldingAssertPrintsNothing) {
  TempProgram program(R"(
func.func @main() {
  %t = arith.constant true
  cf.assert %t, "never printed"
  %x = arith.constant 7 : i32
  vector.print %x : i32
  return
}
)");
  CommandResult r = affjit("run", program.path);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out, "7\n");
}

/// The corpus programs of these ops, without any pass: the lowering alone.
TEST(AtomicOps, CorpusProgramsRunWithoutPasses) {
  for (const char *name :
       {"memref_atomic_rmw_kinds", "memref_atomic_rmw_parallel",
        "memref_generic_atomic_rmw", "cf_assert_true"}) {
    std::string base =
        std::string(AFFJIT_SOURCE_DIR) + "/tests/corpus/run/" + name;
    std::string expected = readFile(base + ".out");
    for (const char *opt : {"-O0", "-O3"}) {
      CommandResult r =
          affjit(std::string("run --pipeline=none ") + opt, base + ".mlir");
      ASSERT_EQ(r.exitCode, 0) << name << " " << opt << "\n" << r.err;
      EXPECT_EQ(maskMemrefAddresses(r.out), maskMemrefAddresses(expected))
          << name << " " << opt;
    }
  }
}

/// MLIR 19 lowers neither mulf/muli/maxnumf/minnumf atomic_rmw nor a
/// generic_atomic_rmw on floats (its cmpxchg takes no float), so these run
/// against MLIR's run of the same updates as plain load/compute/store.
const char *const kUnloweredKinds = R"(
func.func @main() {
  %f = memref.alloc() : memref<4xf32>
  %n = memref.alloc() : memref<1xi32>
  %init = arith.constant 1.5 : f32
  affine.for %i = 0 to 4 {
    affine.store %init, %f[%i] : memref<4xf32>
  }
  %two = arith.constant 2 : i32
  affine.store %two, %n[0] : memref<1xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  affine.parallel (%i) = (0) to (6) {
    %ii = arith.index_cast %i : index to i32
    %x = arith.sitofp %ii : i32 to f32
    %h = arith.constant 0.5 : f32
    %y = arith.subf %x, %h : f32
    %a = memref.atomic_rmw mulf %y, %f[%c0] : (f32, memref<4xf32>) -> f32
    %b = memref.atomic_rmw maxnumf %y, %f[%c1] : (f32, memref<4xf32>) -> f32
    %c = memref.atomic_rmw minnumf %y, %f[%c2] : (f32, memref<4xf32>) -> f32
    %g = memref.generic_atomic_rmw %f[%c3] : memref<4xf32> {
    ^bb0(%cur: f32):
      %s = arith.addf %cur, %x : f32
      memref.atomic_yield %s : f32
    }
    %m = memref.atomic_rmw muli %two, %n[%c0] : (i32, memref<1xi32>) -> i32
  }
  affine.for %i = 0 to 4 {
    %v = affine.load %f[%i] : memref<4xf32>
    vector.print %v : f32
  }
  %r = affine.load %n[0] : memref<1xi32>
  vector.print %r : i32
  memref.dealloc %f : memref<4xf32>
  memref.dealloc %n : memref<1xi32>
  return
}
)";

const char *const kUnloweredKindsTwin = R"(
func.func @main() {
  %f = memref.alloc() : memref<4xf32>
  %n = memref.alloc() : memref<1xi32>
  %init = arith.constant 1.5 : f32
  affine.for %i = 0 to 4 {
    affine.store %init, %f[%i] : memref<4xf32>
  }
  %two = arith.constant 2 : i32
  affine.store %two, %n[0] : memref<1xi32>
  affine.for %i = 0 to 6 {
    %ii = arith.index_cast %i : index to i32
    %x = arith.sitofp %ii : i32 to f32
    %h = arith.constant 0.5 : f32
    %y = arith.subf %x, %h : f32
    %a = affine.load %f[0] : memref<4xf32>
    %a2 = arith.mulf %a, %y : f32
    affine.store %a2, %f[0] : memref<4xf32>
    %b = affine.load %f[1] : memref<4xf32>
    %b2 = arith.maxnumf %b, %y : f32
    affine.store %b2, %f[1] : memref<4xf32>
    %c = affine.load %f[2] : memref<4xf32>
    %c2 = arith.minnumf %c, %y : f32
    affine.store %c2, %f[2] : memref<4xf32>
    %g = affine.load %f[3] : memref<4xf32>
    %g2 = arith.addf %g, %x : f32
    affine.store %g2, %f[3] : memref<4xf32>
    %m = affine.load %n[0] : memref<1xi32>
    %m2 = arith.muli %m, %two : i32
    affine.store %m2, %n[0] : memref<1xi32>
  }
  affine.for %i = 0 to 4 {
    %v = affine.load %f[%i] : memref<4xf32>
    vector.print %v : f32
  }
  %r = affine.load %n[0] : memref<1xi32>
  vector.print %r : i32
  memref.dealloc %f : memref<4xf32>
  memref.dealloc %n : memref<1xi32>
  return
}
)";

TEST(AtomicOps, KindsMlirCannotLowerMatchTheirSequentialTwin) {
  if (!haveRunMlir())
    GTEST_SKIP() << "run-mlir not available";
  TempProgram program(kUnloweredKinds), twin(kUnloweredKindsTwin);
  CommandResult mlir =
      runCommand(shellQuote(runMlirScript()) + " " + shellQuote(twin.path));
  ASSERT_EQ(mlir.exitCode, 0) << mlir.err;
  for (const char *args :
       {"run", "run --pipeline=none", "run --threads=4", "run -O0"}) {
    CommandResult r = affjit(args, program.path);
    ASSERT_EQ(r.exitCode, 0) << args << "\n" << r.err;
    EXPECT_EQ(r.out, mlir.out) << args;
  }
}

/// Loops whose iterations update memory atomically: the analyses see a read
/// and a write they cannot place, so no pass makes such a loop parallel or
/// vector (MLIR's isLoopMemoryParallel refuses them too).
TEST(AtomicOps, PassesLeaveLoopsWithAtomicsSequential) {
  TempProgram program(R"(
func.func @f(%a: memref<1024xf32>, %s: memref<1xf32>, %h: memref<64x64xi32>) {
  %c0 = arith.constant 0 : index
  affine.for %i = 0 to 1024 {
    %v = affine.load %a[%i] : memref<1024xf32>
    %o = memref.atomic_rmw addf %v, %s[%c0] : (f32, memref<1xf32>) -> f32
  }
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %v = affine.load %h[%j, %i] : memref<64x64xi32>
      %o = memref.generic_atomic_rmw %h[%i, %j] : memref<64x64xi32> {
      ^bb0(%cur: i32):
        %t = arith.addi %cur, %v : i32
        memref.atomic_yield %t : i32
      }
    }
  }
  return
}
)");
  CommandResult r = affjit("opt --threads=4", program.path);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out.find("affine.parallel"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("vector"), std::string::npos) << r.out;
  EXPECT_EQ(countOccurrences(r.out, "affine.for"), 3u) << r.out;
  // The 2-d nest keeps its order (%i outer): interchange and tiling treat
  // the generic_atomic_rmw as an access they cannot analyse.
  EXPECT_NE(r.out.find("affine.for %arg4 = 0 to 64 {\n"
                       "      affine.for %arg5 = 0 to 64 {\n"
                       "        %3 = affine.load %arg2[%arg5, %arg4]"),
            std::string::npos)
      << r.out;
}

/// An affine.parallel of atomic updates runs on the threading runtime, as
/// atomic_rmw, acq_rel, and as a cmpxchg loop for generic_atomic_rmw.
TEST(AtomicOps, ParallelAtomicsRunOnThreads) {
  std::string file = std::string(AFFJIT_SOURCE_DIR) +
                     "/tests/corpus/run/memref_generic_atomic_rmw.mlir";
  CommandResult ir = affjit("llvm --threads=4", file);
  ASSERT_EQ(ir.exitCode, 0) << ir.err;
  EXPECT_NE(ir.out.find("@affjit_rt_parallel_for"), std::string::npos);
  EXPECT_NE(ir.out.find("cmpxchg ptr"), std::string::npos);
  file = std::string(AFFJIT_SOURCE_DIR) +
         "/tests/corpus/run/memref_atomic_rmw_parallel.mlir";
  ir = affjit("llvm --threads=4", file);
  ASSERT_EQ(ir.exitCode, 0) << ir.err;
  EXPECT_NE(ir.out.find("@affjit_rt_parallel_for"), std::string::npos);
  EXPECT_NE(ir.out.find("atomicrmw add ptr"), std::string::npos);
  EXPECT_NE(ir.out.find("atomicrmw fadd ptr"), std::string::npos);
  std::string expected = readFile(file.substr(0, file.size() - 5) + ".out");
  for (int round = 0; round < 3; ++round) {
    CommandResult r = affjit("run --threads=4", file);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(maskMemrefAddresses(r.out), maskMemrefAddresses(expected));
  }
}

} // namespace
