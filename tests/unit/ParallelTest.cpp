// Parallel execution (issue 17): affine.parallel and the loops the
// `parallelize` pass proves parallel run on the OpenMP runtime, and must
// print what the sequential program prints:
//  - every run-corpus program and fusion hazard program, and generated
//    fusion-heavy programs, with `default,parallelize` at 1, 2 and 7 threads
//    (more threads than this machine's cores) and no grain threshold, against
//    the sequential run; the dependence tests' random programs (which do not
//    run) verify after the pass and parse in mlir-opt;
//  - a loop carrying a dependence (flow, anti, output, each direction of an
//    outer loop's distance vector, reductions through memory, iter_args that
//    are not reductions) is never parallelized;
//  - affine.parallel with each `reduce` kind MLIR accepts on signless types
//    (its verifier takes maxs/mins/maxu/minu on si/ui types only, and no
//    maxnumf/minnumf) on i32, i64, f32 and f64 prints
//    what MLIR's runner prints, at 1, 2 and 7 threads (floats in parallel
//    only with --fast-math, and their inputs chosen so every order of
//    combining is exact).
#include "support/FusionOracle.h"
#include "support/MlirOracle.h"
#include "support/RandomAffineProgram.h"
#include "support/RandomFusionProgram.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

using namespace affjit::test;

namespace {

constexpr const char *kThreadCounts[] = {"1", "2", "7"};

/// Every loop the pass proves parallel is converted, however small.
const std::string kNoGrain = "AFFJIT_PARALLEL_MIN_WORK=0 ";

ProgramOutput runAffjit(const std::string &path, const std::string &flags) {
  CommandResult r = runCommand(kNoGrain + shellQuote(affjitBinary()) + " run " +
                               shellQuote(path) + " " + flags);
  return ProgramOutput{r.exitCode, maskMemrefAddresses(r.out), r.err};
}

CommandResult optParallelize(const std::string &path,
                             const std::string &flags = "") {
  return runCommand(
      kNoGrain + shellQuote(affjitBinary()) + " opt " + shellQuote(path) +
      " --pipeline=parallelize --opt-report=parallelize " + flags);
}

/// The sequential output, then the parallel one at each thread count.
void expectParallelPrintsTheSame(const std::string &path) {
  ProgramOutput sequential = runAffjit(path, "--pipeline=none --threads 1");
  ASSERT_TRUE(sequential.ok()) << sequential.err;
  for (const char *threads : kThreadCounts) {
    ProgramOutput parallel =
        runAffjit(path, std::string("--verify-each --pipeline=default,"
                                    "parallelize --threads ") +
                            threads);
    ASSERT_TRUE(parallel.ok()) << threads << " threads: " << parallel.err;
    EXPECT_EQ(parallel.out, sequential.out) << threads << " threads";
  }
}

//===----------------------------------------------------------------------===//
// Parallel runs print what sequential runs print
//===----------------------------------------------------------------------===//

std::vector<std::string> parallelCorpus() {
  std::vector<std::string> files = listSourceFiles("tests/corpus/run", ".mlir");
  for (const std::string &f : listSourceFiles("tests/programs/fusion", ".mlir"))
    files.push_back(f);
  return files;
}

class ParallelCorpus : public testing::TestWithParam<std::string> {};

TEST_P(ParallelCorpus, PrintsWhatTheSequentialRunPrints) {
  expectParallelPrintsTheSame(GetParam());
}

INSTANTIATE_TEST_SUITE_P(Programs, ParallelCorpus,
                         testing::ValuesIn(parallelCorpus()),
                         [](const auto &info) {
                           return testNameForPath(info.param);
                         });

class ParallelFusionPrograms : public testing::TestWithParam<uint64_t> {};

TEST_P(ParallelFusionPrograms, PrintWhatTheSequentialRunPrints) {
  uint64_t seed = GetParam();
  TempProgram file(generateFusionProgram(seed));
  SCOPED_TRACE("affjit_gen_fusion_program " + std::to_string(seed));
  expectParallelPrintsTheSame(file.path);
}

INSTANTIATE_TEST_SUITE_P(Seeds, ParallelFusionPrograms,
                         testing::Range<uint64_t>(0, 24));

/// The dependence tests' generator (tests/support/RandomAffineProgram):
/// programs that do not run, but whose loops have every kind of bound and
/// subscript. Parallelized with no grain threshold, each must verify after
/// the pass and parse in mlir-opt; which loops are parallel is checked
/// against brute force by the loop analysis tests.
class ParallelizeRandomPrograms : public testing::TestWithParam<uint64_t> {};

TEST_P(ParallelizeRandomPrograms, VerifyAndParseInMlir) {
  uint64_t seed = GetParam();
  TempProgram file(generateAffineProgram(seed));
  SCOPED_TRACE("affjit_gen_program " + std::to_string(seed));
  CommandResult r = optParallelize(file.path, "--verify-each");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not installed";
  TempProgram out(r.out);
  std::string diagnostics;
  EXPECT_TRUE(mlirAccepts(out.path, &diagnostics)) << diagnostics << r.out;
}

INSTANTIATE_TEST_SUITE_P(Seeds, ParallelizeRandomPrograms,
                         testing::Range<uint64_t>(1, 61));

//===----------------------------------------------------------------------===//
// Carried dependences are never parallelized
//===----------------------------------------------------------------------===//

struct DependenceCase {
  const char *name;
  /// The body of @f(%A: memref<64x64xf32>, %s: memref<1xf32>), whose
  /// outermost loop carries a dependence.
  const char *body;
};

const DependenceCase kDependences[] = {
    {"FlowDistanceOne", R"(
    affine.for %i = 1 to 64 {
      %v = affine.load %A[%i - 1, 0] : memref<64x64xf32>
      affine.store %v, %A[%i, 0] : memref<64x64xf32>
    })"},
    {"AntiDistanceOne", R"(
    affine.for %i = 0 to 63 {
      %v = affine.load %A[%i + 1, 0] : memref<64x64xf32>
      affine.store %v, %A[%i, 0] : memref<64x64xf32>
    })"},
    {"OutputToOneElement", R"(
    affine.for %i = 0 to 64 {
      %v = affine.load %A[%i, 1] : memref<64x64xf32>
      affine.store %v, %A[0, 0] : memref<64x64xf32>
    })"},
    {"OuterCarriedInnerForward", R"(
    affine.for %i = 1 to 64 {
      affine.for %j = 1 to 64 {
        %v = affine.load %A[%i - 1, %j - 1] : memref<64x64xf32>
        affine.store %v, %A[%i, %j] : memref<64x64xf32>
      }
    })"},
    {"OuterCarriedInnerBackward", R"(
    affine.for %i = 1 to 64 {
      affine.for %j = 0 to 63 {
        %v = affine.load %A[%i - 1, %j + 1] : memref<64x64xf32>
        affine.store %v, %A[%i, %j] : memref<64x64xf32>
      }
    })"},
    {"OuterCarriedAntiBackward", R"(
    affine.for %i = 0 to 63 {
      affine.for %j = 1 to 64 {
        %v = affine.load %A[%i + 1, %j - 1] : memref<64x64xf32>
        affine.store %v, %A[%i, %j] : memref<64x64xf32>
      }
    })"},
    {"ReductionThroughMemory", R"(
    affine.for %i = 0 to 64 {
      %v = affine.load %A[%i, 0] : memref<64x64xf32>
      %s0 = affine.load %s[0] : memref<1xf32>
      %t = arith.addf %s0, %v : f32
      affine.store %t, %s[0] : memref<1xf32>
    })"},
    {"IterArgNotAReduction", R"(
    %zero = arith.constant 0.0 : f32
    %two = arith.constant 2.0 : f32
    %r = affine.for %i = 0 to 64 iter_args(%acc = %zero) -> (f32) {
      %v = affine.load %A[%i, 0] : memref<64x64xf32>
      %t = arith.addf %acc, %v : f32
      %u = arith.mulf %t, %two : f32
      affine.yield %u : f32
    }
    affine.store %r, %s[0] : memref<1xf32>)"},
};

class CarriedDependence : public testing::TestWithParam<DependenceCase> {};

TEST_P(CarriedDependence, KeepsTheLoopSequential) {
  std::string text =
      std::string("func.func @f(%A: memref<64x64xf32>, %s: memref<1xf32>) {") +
      GetParam().body + "\n  return\n}\n";
  TempProgram file(text);
  CommandResult r = optParallelize(file.path, "--fast-math");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  // The outermost loop stays an affine.for and the report says why.
  size_t firstLoop = r.out.find("affine.");
  while (firstLoop != std::string::npos &&
         r.out.compare(firstLoop, 10, "affine.for") != 0 &&
         r.out.compare(firstLoop, 15, "affine.parallel") != 0)
    firstLoop = r.out.find("affine.", firstLoop + 1);
  ASSERT_NE(firstLoop, std::string::npos) << r.out;
  EXPECT_EQ(r.out.compare(firstLoop, 10, "affine.for"), 0) << r.out;
  EXPECT_NE(r.err.find("not parallelized"), std::string::npos) << r.err;
  // Running it in parallel would be wrong; as compiled, it is not.
  EXPECT_EQ(r.out.find("affine.parallel (%arg2) = (1) to (64)"),
            std::string::npos)
      << r.out;
}

INSTANTIATE_TEST_SUITE_P(Directions, CarriedDependence,
                         testing::ValuesIn(kDependences),
                         [](const auto &info) { return info.param.name; });

TEST(Parallelize, ConvertsTheOutermostParallelLoopOnly) {
  TempProgram file(R"(
func.func @f(%A: memref<64x64xi32>, %B: memref<64x64xi32>) -> i32 {
  %zero = arith.constant 0 : i32
  %r = affine.for %i = 0 to 64 iter_args(%acc = %zero) -> (i32) {
    %row = affine.for %j = 0 to 64 iter_args(%a = %zero) -> (i32) {
      %v = affine.load %A[%i, %j] : memref<64x64xi32>
      affine.store %v, %B[%j, %i] : memref<64x64xi32>
      %t = arith.addi %a, %v : i32
      affine.yield %t : i32
    }
    %s = arith.addi %acc, %row : i32
    affine.yield %s : i32
  }
  return %r : i32
}
)");
  CommandResult r = optParallelize(file.path);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("affine.parallel (%arg2) = (0) to (64) reduce "
                       "(\"addi\") -> (i32)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("affine.for %arg3 = 0 to 64 iter_args"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.err.find("remark: [parallelize] parallelized: 0 to 64"),
            std::string::npos)
      << r.err;
  std::string diagnostics;
  TempProgram out(r.out);
  EXPECT_TRUE(mlirAccepts(out.path, &diagnostics)) << diagnostics;
}

TEST(Parallelize, LeavesSmallLoopsAndFloatReductionsAlone) {
  TempProgram file(R"(
func.func @f(%A: memref<8xf32>, %B: memref<4096xf32>) -> f32 {
  affine.for %i = 0 to 8 {
    %v = affine.load %A[%i] : memref<8xf32>
    affine.store %v, %A[%i] : memref<8xf32>
  }
  %zero = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 4096 iter_args(%acc = %zero) -> (f32) {
    %v = affine.load %B[%i] : memref<4096xf32>
    %t = arith.addf %acc, %v : f32
    affine.yield %t : f32
  }
  return %r : f32
}
)");
  CommandResult r =
      runCommand(shellQuote(affjitBinary()) + " opt " + shellQuote(file.path) +
                 " --pipeline=parallelize "
                 "--opt-report=parallelize");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out.find("affine.parallel"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("not parallelized: 0 to 8: too little work (16 op "
                       "instances, under 524288)"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("not parallelized: 0 to 4096: its float reduction "
                       "may not be reassociated"),
            std::string::npos)
      << r.err;
  CommandResult fast = optParallelize(file.path, "--fast-math");
  EXPECT_NE(fast.out.find("reduce (\"addf\")"), std::string::npos) << fast.out;
}

TEST(Parallelize, LooksIntoALoopThatRunsOnce) {
  TempProgram file(R"(
func.func @f(%A: memref<1x64x64xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %n = 0 to 1 {
    affine.for %c = 0 to 64 {
      affine.for %x = 0 to 64 {
        affine.store %one, %A[%n, %c, %x] : memref<1x64x64xf32>
      }
    }
  }
  return
}
)");
  CommandResult r = optParallelize(file.path);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.err.find("not parallelized: 0 to 1: it runs at most once"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.out.find("affine.parallel (%arg2) = (0) to (64)"),
            std::string::npos)
      << r.out;
}

TEST(Parallelize, LeavesVectorReductionsToTheirLoop) {
  // After `vectorize` a dot product's loop carries vector partial sums,
  // which affine.parallel cannot reduce: the module must still verify.
  CommandResult r = runCommand(
      shellQuote(affjitBinary()) + " opt " +
      shellQuote(std::string(AFFJIT_SOURCE_DIR) +
                 "/benchmarks/kernels/dot.mlir") +
      " --threads 2 --fast-math --verify-each --opt-report=parallelize");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out.find("affine.parallel"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("affine.parallel reduces scalars only"),
            std::string::npos)
      << r.err;
}

//===----------------------------------------------------------------------===//
// Each reduce kind, against MLIR's runner
//===----------------------------------------------------------------------===//

struct ReduceType {
  const char *type;
  std::vector<const char *> kinds;
};

const ReduceType kReduceTypes[] = {
    {"i32", {"addi", "muli", "ori", "andi"}},
    {"i64", {"addi", "muli", "ori", "andi"}},
    {"f32", {"addf", "mulf", "maximumf", "minimumf"}},
    {"f64", {"addf", "mulf", "maximumf", "minimumf"}},
};

/// Element %i of the input: integers spread over both signs; floats small
/// integers and powers of two, so sums and products are exact in any order.
std::string elementValue(const std::string &type) {
  bool isFloat = type[0] == 'f';
  std::ostringstream os;
  os << "      %k = affine.apply affine_map<(d0) -> ((d0 * 7919) mod 1009 - "
        "500)>(%i)\n"
     << "      %ki = arith.index_cast %k : index to "
     << (isFloat ? "i32" : type) << "\n";
  if (!isFloat) {
    os << "      %v = arith.addi %ki, %ki : " << type << "\n";
    return os.str();
  }
  // addf reads the integers; mulf reads 2^((i mod 3) - 1) * sign.
  os << "      %v = arith.sitofp %ki : i32 to " << type << "\n";
  return os.str();
}

/// A program that fills a buffer and reduces it with every kind of `t`,
/// over a 1-d band with a step and a 2-d band, printing each result.
std::string reduceProgram(const ReduceType &t) {
  std::string type = t.type;
  bool isFloat = type[0] == 'f';
  std::ostringstream os;
  os << "func.func @main() {\n"
     << "  %A = memref.alloc() : memref<1000x" << type << ">\n"
     << "  %M = memref.alloc() : memref<1000x" << type << ">\n"
     << "  affine.for %i = 0 to 1000 {\n"
     << elementValue(type) << "      affine.store %v, %A[%i] : memref<1000x"
     << type << ">\n";
  if (isFloat)
    os << "      %e = affine.apply affine_map<(d0) -> (d0 mod 3)>(%i)\n"
       << "      %ei = arith.index_cast %e : index to i32\n"
       << "      %one = arith.constant 1 : i32\n"
       << "      %sh = arith.shli %one, %ei : i32\n"
       << "      %p = arith.sitofp %sh : i32 to " << type << "\n"
       << "      %half = arith.constant 0.5 : " << type << "\n"
       << "      %m = arith.mulf %p, %half : " << type << "\n"
       << "      affine.store %m, %M[%i] : memref<1000x" << type << ">\n";
  else
    os << "      affine.store %v, %M[%i] : memref<1000x" << type << ">\n";
  os << "  }\n";
  for (const char *kind : t.kinds) {
    std::string source = std::string(kind).find("mul") == 0 ? "%M" : "%A";
    os << "  %r_" << kind << " = affine.parallel (%i) = (3) to (1000) step (2) "
       << "reduce (\"" << kind << "\") -> " << type << " {\n"
       << "    %x = affine.load " << source << "[%i] : memref<1000x" << type
       << ">\n"
       << "    affine.yield %x : " << type << "\n  }\n"
       << "  vector.print %r_" << kind << " : " << type << "\n"
       << "  %q_" << kind << " = affine.parallel (%i, %j) = (0, 0) to (37, 27) "
       << "reduce (\"" << kind << "\") -> " << type << " {\n"
       << "    %x = affine.load " << source << "[%i * 27 + %j] : memref<1000x"
       << type << ">\n"
       << "    affine.yield %x : " << type << "\n  }\n"
       << "  vector.print %q_" << kind << " : " << type << "\n";
  }
  os << "  memref.dealloc %A : memref<1000x" << type << ">\n"
     << "  memref.dealloc %M : memref<1000x" << type << ">\n"
     << "  return\n}\n";
  return os.str();
}

class ReduceKinds : public testing::TestWithParam<ReduceType> {};

TEST_P(ReduceKinds, PrintWhatMlirPrintsOnEveryThreadCount) {
  if (!runMlirAvailable())
    GTEST_SKIP() << "mlir-opt or run-mlir not found";
  std::string text = reduceProgram(GetParam());
  TempProgram file(text);
  ProgramOutput mlir = runWithMlir(file.path);
  ASSERT_TRUE(mlir.ok()) << mlir.err << text;
  bool isFloat = GetParam().type[0] == 'f';
  // Floats reduce on threads only with fast math; integers always.
  std::string fast = isFloat ? " --fast-math" : "";
  for (const char *threads : kThreadCounts) {
    std::string flags = std::string("--pipeline=none --threads ") + threads;
    ProgramOutput run = runAffjit(file.path, flags + fast);
    ASSERT_TRUE(run.ok()) << threads << ": " << run.err;
    EXPECT_EQ(run.out, mlir.out) << threads << " threads" << fast;
    ProgramOutput exact = runAffjit(file.path, flags);
    EXPECT_EQ(exact.out, mlir.out) << threads << " threads";
  }
  // The reductions do run on the runtime (and sequentially with 1 thread).
  for (const char *threads : {"1", "2"}) {
    CommandResult llvm = runCommand(
        shellQuote(affjitBinary()) + " llvm " + shellQuote(file.path) +
        " --pipeline=none --threads " + threads + fast);
    ASSERT_EQ(llvm.exitCode, 0) << llvm.err;
    bool onThreads =
        llvm.out.find("@affjit_rt_parallel_for") != std::string::npos;
    EXPECT_EQ(onThreads, std::string(threads) != "1") << threads;
  }
}

INSTANTIATE_TEST_SUITE_P(Types, ReduceKinds, testing::ValuesIn(kReduceTypes),
                         [](const auto &info) {
                           return std::string(info.param.type);
                         });

TEST(ParallelLowering, FloatReductionsStaySequentialWithoutFastMath) {
  TempProgram file(R"(
func.func @f(%A: memref<1000xf32>) -> f32 {
  %r = affine.parallel (%i) = (0) to (1000) reduce ("addf") -> f32 {
    %x = affine.load %A[%i] : memref<1000xf32>
    affine.yield %x : f32
  }
  return %r : f32
}
)");
  CommandResult r =
      runCommand(shellQuote(affjitBinary()) + " llvm " + shellQuote(file.path) +
                 " --pipeline=none --threads 4");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out.find("affjit_rt_parallel_for"), std::string::npos);
  CommandResult fast =
      runCommand(shellQuote(affjitBinary()) + " llvm " + shellQuote(file.path) +
                 " --pipeline=none --threads 4 --fast-math");
  EXPECT_NE(fast.out.find("affjit_rt_parallel_for"), std::string::npos);
}

/// An integer sum over an affine.parallel band (threads for any count).
constexpr const char *kIntegerBand = R"(
func.func @f(%A: memref<1000xi32>) -> i32 {
  %r = affine.parallel (%i) = (0) to (1000) reduce ("addi") -> i32 {
    %x = affine.load %A[%i] : memref<1000xi32>
    affine.yield %x : i32
  }
  return %r : i32
}
)";

TEST(ParallelCli, ThreadCountComesFromTheFlagOrTheEnvironment) {
  TempProgram file(kIntegerBand);
  auto llvmWith = [&](const std::string &prefix, const std::string &flags) {
    return runCommand(prefix + shellQuote(affjitBinary()) + " llvm " +
                      shellQuote(file.path) + " --pipeline=none " + flags)
        .out;
  };
  const std::string call = "@affjit_rt_parallel_for(";
  EXPECT_EQ(llvmWith("AFFJIT_NUM_THREADS=1 ", ""), llvmWith("", "--threads 1"));
  EXPECT_EQ(llvmWith("AFFJIT_NUM_THREADS=1 ", "").find(call),
            std::string::npos);
  EXPECT_NE(llvmWith("AFFJIT_NUM_THREADS=3 ", "").find("i64 1, i64 3)"),
            std::string::npos);
  // The flag wins over the environment.
  EXPECT_NE(
      llvmWith("AFFJIT_NUM_THREADS=3 ", "--threads 5").find("i64 1, i64 5)"),
      std::string::npos);
}

TEST(ParallelCli, BenchComparesVariantsOnThreads) {
  TempProgram file(R"(
func.func @rows(%A: memref<512x512xi32>, %B: memref<512x512xi32>) {
  affine.for %i = 0 to 512 {
    affine.for %j = 0 to 512 {
      %v = affine.load %A[%i, %j] : memref<512x512xi32>
      %w = arith.muli %v, %v : i32
      affine.store %w, %B[%i, %j] : memref<512x512xi32>
    }
  }
  return
}
)");
  CommandResult r = runCommand(shellQuote(affjitBinary()) + " bench " +
                               shellQuote(file.path) +
                               " --compare none,default --threads 2 "
                               "--repetitions 3");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("results: every variant leaves"), std::string::npos)
      << r.out;
  // The caller is not pinned: the runtime's threads would share its CPU.
  EXPECT_EQ(r.out.find("pinned to CPU"), std::string::npos) << r.out;
}

TEST(ParallelRepl, ACrashInAParallelLoopIsReportedAndTheSessionGoesOn) {
  TempProgram file(R"(
func.func @div(%A: memref<100000xi32>, %d: i32) {
  affine.parallel (%i) = (0) to (100000) {
    %v = affine.load %A[%i] : memref<100000xi32>
    %q = arith.divsi %v, %d : i32
    affine.store %q, %A[%i] : memref<100000xi32>
  }
  return
}
)");
  TempProgram session("%A = alloc memref<100000xi32> iota\n"
                      ":call @div(%A, 0)\n"
                      ":call @div(%A, 1)\n"
                      ":buffers\n");
  auto repl = [&](const char *threads) {
    return runCommand(shellQuote(affjitBinary()) + " repl " +
                      shellQuote(file.path) + " --threads " + threads + " < " +
                      shellQuote(session.path));
  };
  // On threads the call runs in a child process: its crash is reported
  // and the session goes on with %A as before the call.
  CommandResult parallel = repl("2");
  EXPECT_EQ(parallel.exitCode, 1);
  EXPECT_NE(parallel.err.find("@div crashed with SIGFPE"), std::string::npos)
      << parallel.err;
  EXPECT_EQ(parallel.err.find("inside a parallel loop"), std::string::npos);
  // Only the first call failed; dividing by 1 then changed nothing.
  EXPECT_EQ(splitLines(parallel.err).size(), 1u) << parallel.err;
  EXPECT_NE(parallel.out.find("bytes  iota\n"), std::string::npos)
      << parallel.out;
  // On one thread the guard catches it and the session goes on.
  CommandResult sequential = repl("1");
  EXPECT_NE(sequential.err.find("@div crashed with SIGFPE"), std::string::npos)
      << sequential.err;
  EXPECT_EQ(sequential.err.find("inside a parallel loop"), std::string::npos);
}

// 0 means automatic (EngineOptions::threads = 0; CliContractTest runs it).
TEST(ParallelCli, ThreadsMustBeInRange) {
  CommandResult r =
      runCommand(shellQuote(affjitBinary()) + " run x.mlir --threads 5000");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("--threads"), std::string::npos) << r.err;
}

} // namespace
