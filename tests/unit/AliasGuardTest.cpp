// The alias guard (frontend/transform/AliasGuard.h): one buffer passed as
// two memref arguments computes what the program says, through the C++ API
// (also on 8 threads, where a wrongly parallel loop would race), the command
// line and mlir-opt, while distinct buffers take the optimized code. Results
// are compared with the same computation done in C++ and with
// `--pipeline=none`; tests/corpus/run/alias_*.mlir compare with MLIR 19.
#include "affjit/Engine.h"
#include "support/FusionOracle.h"
#include "support/MlirOracle.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <vector>

using namespace affjit::test;

namespace {

/// y[i + 1] = x[i] + 1 over n - 1 elements: with x and y one buffer, a
/// running count; with two, a shifted copy.
std::string shiftAdd(const std::string &type) {
  return "func.func @shift_add(%x: " + type + ", %y: " + type + R"() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %len = memref.dim %x, %c0 : )" +
         type + R"(
  %n = arith.subi %len, %c1 : index
  affine.for %i = 0 to %n {
    %v = affine.load %x[%i] : )" +
         type + R"(
    %w = arith.addf %v, %one : f32
    affine.store %w, %y[%i + 1] : )" +
         type + R"(
  }
  return
}
)";
}

affjit::EngineOptions withPipeline(const std::string &pipeline,
                                   unsigned threads = 1) {
  affjit::EngineOptions options;
  options.pipeline = pipeline;
  options.threads = threads;
  return options;
}

/// Calls @shift_add(buffer, buffer) on zeros of `n` elements under
/// `options`; returns the buffer.
std::vector<float> shiftAddInPlace(const affjit::EngineOptions &options,
                                   int64_t n) {
  affjit::Engine engine(options);
  affjit::Error err = engine.compile(shiftAdd("memref<?xf32>"));
  EXPECT_FALSE(err) << err.message();
  std::vector<float> data(n, 0.0f);
  affjit::MemRef<float, 1> buffer(data.data(), {n});
  err = engine.call("shift_add", buffer, buffer);
  EXPECT_FALSE(err) << err.message();
  return data;
}

TEST(AliasGuard, OneBufferTwiceThroughTheApiComputesAsWritten) {
  const int64_t n = 1000;
  std::vector<float> none = shiftAddInPlace(withPipeline("none"), n);
  std::vector<float> optimized = shiftAddInPlace(withPipeline("default"), n);
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(none[i], (float)i) << i;
  EXPECT_EQ(optimized, none);
}

// The parallel loop over 300,000 elements is well above the grain where
// parallelize splits it: without the guard its 8 threads each restart the
// count (the issue saw 37,499 at the end instead of 299,999).
TEST(AliasGuard, OneBufferTwiceOnEightThreads) {
  const int64_t n = 300000;
  std::vector<float> data = shiftAddInPlace(withPipeline("parallelize", 8), n);
  EXPECT_EQ(data[n - 1], (float)(n - 1));
  // Two buffers still take the parallel loop, and get the shifted copy.
  affjit::Engine engine(withPipeline("parallelize", 8));
  ASSERT_FALSE(engine.compile(shiftAdd("memref<?xf32>")));
  affjit::MemRef<float, 1> x({n}), y({n});
  for (int64_t i = 0; i < n; ++i) {
    x(i) = (float)(i % 1000);
    y(i) = -1.0f;
  }
  ASSERT_FALSE(engine.call("shift_add", x, y));
  EXPECT_EQ(y(0), -1.0f);
  for (int64_t i = 1; i < n; ++i)
    ASSERT_EQ(y(i), (float)((i - 1) % 1000) + 1.0f) << i;
}

// The same running count through a memref.cast view of one buffer: the
// dependence goes through the view, and parallelize must see it.
TEST(AliasGuard, DependenceThroughAViewOnEightThreads) {
  std::string program = std::string(AFFJIT_SOURCE_DIR) +
                        "/tests/corpus/run/alias_view_parallel_grain.mlir";
  CommandResult r =
      runCommand(shellQuote(affjitBinary()) + " run " + shellQuote(program) +
                 " --pipeline=parallelize --threads 8");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out, readFile(program.substr(0, program.size() - 5) + ".out"));
}

/// Overlapping windows of one buffer are different descriptors with
/// different offsets: the ranges overlap, the guard sees it.
TEST(AliasGuard, OverlappingWindowsOfOneBuffer) {
  const char *kernel = R"(
func.func @add_next(%x: memref<?xf32, strided<[?], offset: ?>>, %y: memref<?xf32, strided<[?], offset: ?>>, %n: index) {
  affine.for %i = 0 to %n {
    %a = affine.load %x[%i] : memref<?xf32, strided<[?], offset: ?>>
    %b = affine.load %y[%i] : memref<?xf32, strided<[?], offset: ?>>
    %s = arith.addf %a, %b : f32
    affine.store %s, %y[%i] : memref<?xf32, strided<[?], offset: ?>>
  }
  return
}
)";
  const int64_t n = 257;
  auto run = [&](const std::string &pipeline) {
    affjit::Engine engine(withPipeline(pipeline));
    affjit::Error err = engine.compile(kernel);
    EXPECT_FALSE(err) << err.message();
    std::vector<float> data(n + 1);
    for (int64_t i = 0; i <= n; ++i)
      data[i] = (float)(i % 5);
    // x = data[0..n), y = data[1..n]: y[i] += y[i - 1] as the loop runs.
    affjit::StridedMemRef<float, 1> x{data.data(), data.data(), 0, {n}, {1}};
    affjit::StridedMemRef<float, 1> y{data.data(), data.data(), 1, {n}, {1}};
    err = engine.call("add_next", x, y, affjit::Index{n});
    EXPECT_FALSE(err) << err.message();
    return data;
  };
  std::vector<float> expected(n + 1);
  for (int64_t i = 0; i <= n; ++i)
    expected[i] = (float)(i % 5);
  for (int64_t i = 1; i <= n; ++i)
    expected[i] += expected[i - 1];
  EXPECT_EQ(run("none"), expected);
  EXPECT_EQ(run("default"), expected);
}

TEST(AliasGuard, OptOutputDispatchesAndRunsUnderMlir) {
  std::string program = std::string(AFFJIT_SOURCE_DIR) +
                        "/tests/corpus/run/alias_args_same_buffer.mlir";
  CommandResult opt =
      runCommand(shellQuote(affjitBinary()) + " opt " + shellQuote(program) +
                 " --opt-report=alias-guard");
  ASSERT_EQ(opt.exitCode, 0) << opt.err;
  EXPECT_NE(opt.out.find("func.func @shift_add("), std::string::npos);
  EXPECT_NE(opt.out.find("func.func private @shift_add.optimized("),
            std::string::npos);
  EXPECT_NE(opt.out.find("func.func private @shift_add.as_written("),
            std::string::npos);
  EXPECT_NE(opt.out.find("memref.extract_aligned_pointer_as_index"),
            std::string::npos);
  EXPECT_NE(opt.err.find("remark: [alias-guard] @shift_add: memref arguments "
                         "that overlap at run time call @shift_add.as_written"),
            std::string::npos)
      << opt.err;
  if (!runMlirAvailable())
    GTEST_SKIP() << "run-mlir not available";
  TempProgram optimized(opt.out);
  ProgramOutput mlir = runWithMlir(optimized.path);
  ASSERT_TRUE(mlir.ok()) << mlir.err;
  std::string expected =
      readFile(program.substr(0, program.size() - 5) + ".out");
  EXPECT_EQ(mlir.out, maskMemrefAddresses(expected));
}

/// Guarded output read back (`affjit opt` twice): the versions are not
/// guarded again, and the copy as written, which runs when arguments
/// overlap, is not transformed under the argument contract.
TEST(AliasGuard, GuardedOutputReadBackKeepsItsVersions) {
  std::string program = std::string(AFFJIT_SOURCE_DIR) +
                        "/tests/corpus/run/alias_args_same_buffer.mlir";
  CommandResult once =
      runCommand(shellQuote(affjitBinary()) + " opt " + shellQuote(program));
  ASSERT_EQ(once.exitCode, 0) << once.err;
  TempProgram guarded(once.out);
  CommandResult twice =
      runCommand(shellQuote(affjitBinary()) + " opt --verify-each " +
                 shellQuote(guarded.path));
  ASSERT_EQ(twice.exitCode, 0) << twice.err;
  EXPECT_EQ(countOccurrences(twice.out, "func.func"), 5u) << twice.out;
  auto fallback = [](const std::string &text) {
    size_t at = text.find("func.func private @shift_add.as_written(");
    return at == std::string::npos
               ? ""
               : text.substr(at, text.find("\n  }", at) - at);
  };
  EXPECT_NE(fallback(once.out), "");
  EXPECT_EQ(fallback(twice.out), fallback(once.out));
  CommandResult run = runCommand(shellQuote(affjitBinary()) + " run " +
                                 shellQuote(guarded.path));
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(maskMemrefAddresses(run.out),
            maskMemrefAddresses(
                readFile(program.substr(0, program.size() - 5) + ".out")));
}

TEST(AliasGuard, OnlyFunctionsThatNeedItAreGuarded) {
  TempProgram program(R"(
func.func @one_buffer(%x: memref<64xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 63 {
    %v = affine.load %x[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    affine.store %w, %x[%i + 1] : memref<64xf32>
  }
  return
}
func.func @reads_only(%x: memref<64xf32>, %y: memref<64xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %s = affine.for %i = 0 to 64 iter_args(%acc = %zero) -> (f32) {
    %a = affine.load %x[%i] : memref<64xf32>
    %b = affine.load %y[%i] : memref<64xf32>
    %p = arith.mulf %a, %b : f32
    %n = arith.addf %acc, %p : f32
    affine.yield %n : f32
  }
  return %s : f32
}
)" + shiftAdd("memref<64xf32>"));
  CommandResult guarded =
      runCommand(shellQuote(affjitBinary()) + " opt " +
                 shellQuote(program.path) + " --pipeline=vectorize");
  ASSERT_EQ(guarded.exitCode, 0) << guarded.err;
  EXPECT_EQ(countOccurrences(guarded.out, ".as_written("), 2u) << guarded.out;
  EXPECT_NE(guarded.out.find("@shift_add.as_written("), std::string::npos);
  EXPECT_EQ(guarded.out.find("@one_buffer.as_written"), std::string::npos);
  EXPECT_EQ(guarded.out.find("@reads_only.as_written"), std::string::npos);
  // A caller's promise, or passes that assume nothing, leave no guard.
  for (const char *flags : {"--pipeline=vectorize --assume-distinct-args",
                            "--pipeline=normalize", "--pipeline=none"}) {
    CommandResult r = runCommand(shellQuote(affjitBinary()) + " opt " +
                                 shellQuote(program.path) + " " + flags);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out.find(".as_written"), std::string::npos) << flags;
  }
}

/// The versions the guard makes are not functions of the user's: the API
/// does not export them and `bench` finds the one function written.
TEST(AliasGuard, VersionsAreNotUserFunctions) {
  affjit::Engine engine;
  ASSERT_FALSE(engine.compile(shiftAdd("memref<?xf32>")));
  EXPECT_TRUE(engine.lookup("shift_add").has_value());
  EXPECT_FALSE(engine.lookup("shift_add.optimized").has_value());
  EXPECT_FALSE(engine.lookup("shift_add.as_written").has_value());
  TempProgram program(shiftAdd("memref<64xf32>"));
  CommandResult bench = runCommand(
      shellQuote(affjitBinary()) + " bench " + shellQuote(program.path) +
      " --compare none,default --min-time 0.01 --repetitions 1");
  EXPECT_EQ(bench.exitCode, 0) << bench.err;
}

} // namespace
