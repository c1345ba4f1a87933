// The REPL's `:set` command, driven from a pipe like a script: showing the
// settings, changing the pass pipeline (checked like `--pipeline`, with
// its error text) and the optimization report, a change forcing the next
// call to recompile; `affjit repl --pipeline=LIST`; and completion of the
// settings and their pass names (in process).
#include "engine/Pipeline.h"
#include "engine/repl/Repl.h"
#include "runtime/Npy.h"
#include "support/Subprocess.h"

#include "frontend/transform/PassPipeline.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

using namespace affjit::test;

namespace {

// Line 2 holds the loop normalize rewrites.
const char *kKernel = R"(func.func @k(%A: memref<8xf32>) {
  affine.for %i = 1 to 8 step 2 {
    %v = affine.load %A[%i] : memref<8xf32>
    affine.store %v, %A[%i - 1] : memref<8xf32>
  }
  return
}
%A = alloc memref<8xf32> iota
)";

const char *kRemark =
    "@k:2:3: remark: [normalize] normalized: 1 to 8 step 2 -> 0 to 4\n"
    "  affine.for %i = 1 to 8 step 2 {\n"
    "  ^\n";

CommandResult runRepl(const std::string &script,
                      const std::string &flags = "") {
  std::string path = writeTempFile(script, ".repl");
  CommandResult r = runCommand("timeout 120 " + shellQuote(affjitBinary()) +
                               " repl " + flags + " < " + shellQuote(path));
  std::filesystem::remove(path);
  return r;
}

bool contains(const std::string &haystack, const std::string &needle) {
  return haystack.find(needle) != std::string::npos;
}

std::string knownPipelineNames() {
  std::string names = "none, default";
  for (const affjit::PassInfo &pass : affjit::passRegistry().passes)
    names += ", " + std::string(pass.name);
  return names;
}

/// ", alias-guard": the steps a report may name but a pipeline may not.
std::string implicitStepNames() {
  std::string names;
  for (std::string_view step : affjit::passRegistry().implicitPasses)
    names += ", " + std::string(step);
  return names;
}

/// What `:set` shows after pipeline and opt-report in a new session: the
/// thread count resolved as the engine resolves it.
std::string defaultCompileSettings() {
  return "threads: " + std::to_string(affjit::resolveThreadCount(0)) +
         "\nfast-math: off\nO: 3\nchecked: off\n";
}

TEST(ReplSettings, SetWithoutArgumentsShowsTheSettings) {
  CommandResult r = runRepl(":set\n");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out,
            "pipeline: default\nopt-report: off\n" + defaultCompileSettings());
  CommandResult changed =
      runRepl(":set pipeline normalize\n:set opt-report normalize\n:set\n"
              ":set opt-report\n:set opt-report off\n");
  ASSERT_EQ(changed.exitCode, 0) << changed.err;
  EXPECT_EQ(changed.out, "pipeline: normalize\nopt-report: normalize\n"
                         "pipeline: normalize\nopt-report: normalize\n" +
                             defaultCompileSettings() +
                             "opt-report: all\nopt-report: off\n");
}

TEST(ReplSettings, BadSettingsAreErrorsAndKeepTheOldOnes) {
  CommandResult r = runRepl(":set pipeline normalize,foo\n:set opt-report zap\n"
                            ":set pipeline\n:set colour on\n:set\n");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.out,
            "pipeline: default\nopt-report: off\n" + defaultCompileSettings());
  EXPECT_EQ(r.err,
            "<stdin>:1: error: unknown pass 'foo' in --pipeline (known: " +
                knownPipelineNames() +
                ")\n"
                "<stdin>:2: error: unknown pass 'zap' in --opt-report "
                "(known: all" +
                knownPipelineNames().substr(13) + implicitStepNames() +
                ")\n"
                "<stdin>:3: error: usage: :set pipeline LIST (none, default "
                "or pass names separated by commas)\n"
                "<stdin>:4: error: unknown setting 'colour' (known: "
                "pipeline, opt-report, threads, fast-math, O, checked)\n");
}

TEST(ReplSettings, ChangesApplyToTheNextCallWhichRecompiles) {
  // The same program, no redefinition: only the settings change between
  // calls. Remarks show when the pipeline ran.
  CommandResult r = runRepl(std::string(kKernel) + ":call @k(%A)\n"
                                                   ":set opt-report normalize\n"
                                                   ":call @k(%A)\n"
                                                   ":set pipeline normalize\n"
                                                   ":call @k(%A)\n"
                                                   ":call @k(%A)\n"
                                                   ":set opt-report off\n"
                                                   ":call @k(%A)\n"
                                                   ":print %A\n");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  // Once: the recompile after `:set pipeline`, not the call after it.
  EXPECT_EQ(r.err, kRemark);
  // Four calls shift the odd elements down: [1,1,3,3,5,5,7,7].
  EXPECT_TRUE(contains(r.out, "[1,  1,  3,  3,  5,  5,  7,  7]")) << r.out;
}

TEST(ReplSettings, IrFollowsThePipelineSetting) {
  CommandResult r =
      runRepl(std::string(kKernel) + ":ir\n:set pipeline normalize\n:ir\n"
                                     ":set pipeline none\n:ir\n");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  size_t first = r.out.find("affine.for %arg1 = 1 to 8 step 2");
  size_t normalized = r.out.find("affine.for %arg1 = 0 to 4 {");
  size_t last = r.out.rfind("affine.for %arg1 = 1 to 8 step 2");
  ASSERT_NE(first, std::string::npos) << r.out;
  ASSERT_NE(normalized, std::string::npos) << r.out;
  EXPECT_LT(first, normalized);
  EXPECT_LT(normalized, last);
}

TEST(ReplSettings, PipelineFlagOfTheReplCommand) {
  CommandResult r = runRepl(std::string(kKernel) + ":set\n:ir\n",
                            "--pipeline=normalize --opt-report");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "pipeline: normalize\nopt-report: all\n"))
      << r.out;
  EXPECT_TRUE(contains(r.out, "affine.for %arg1 = 0 to 4 {")) << r.out;
  EXPECT_EQ(r.err, kRemark);
  CommandResult bad = runRepl(":set\n", "--pipeline=normalize,bogus");
  EXPECT_EQ(bad.exitCode, 1);
  EXPECT_EQ(bad.out, "");
  EXPECT_EQ(bad.err, "affjit: error: unknown pass 'bogus' in --pipeline "
                     "(known: " +
                         knownPipelineNames() + ")\n");
}

// 2048x1024 f32 is work enough for `parallelize` on two threads.
const char *kScale =
    R"(func.func @scale(%A: memref<2048x1024xf32>, %B: memref<2048x1024xf32>) {
  %c3 = arith.constant 3.0 : f32
  affine.for %i = 0 to 2048 {
    affine.for %j = 0 to 1024 {
      %v = affine.load %A[%i, %j] : memref<2048x1024xf32>
      %m = arith.mulf %v, %c3 : f32
      affine.store %m, %B[%i, %j] : memref<2048x1024xf32>
    }
  }
  return
}
%A = alloc memref<2048x1024xf32> iota
%B = alloc memref<2048x1024xf32>
%C = alloc memref<2048x1024xf32>
)";

TEST(ReplSettings, ThreadsRecompileAndBuffersKeepTheirContents) {
  std::string dir = std::filesystem::temp_directory_path() /
                    ("affjit-threads-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  CommandResult r = runRepl(std::string(kScale) +
                            ":set threads 1\n:ir @scale\n:call @scale(%A, %B)\n"
                            ":set threads 2\n:ir @scale\n:call @scale(%B, %C)\n"
                            ":save %C " +
                            dir +
                            "/c.npy\n:set threads 0\n:set threads 4097\n"
                            ":set threads default\n");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_TRUE(contains(r.out, "threads: 1\n"));
  EXPECT_TRUE(contains(r.out, "threads: 2\n"));
  EXPECT_TRUE(contains(
      r.out,
      "threads: " + std::to_string(affjit::resolveThreadCount(0)) + "\n"));
  // `parallelize` runs only when there are threads to run on.
  size_t second = r.out.find("threads: 2\n");
  ASSERT_NE(second, std::string::npos);
  EXPECT_FALSE(contains(r.out.substr(0, second), "affine.parallel"));
  EXPECT_TRUE(contains(r.out.substr(second), "affine.parallel")) << r.out;
  EXPECT_EQ(r.err, "<stdin>:22: error: usage: :set threads N (1..4096) or "
                   ":set threads default\n"
                   "<stdin>:23: error: usage: :set threads N (1..4096) or "
                   ":set threads default\n");
  // C = 3 * (3 * iota), computed here the same way (two f32 products).
  affjit::rt::npy::ReadResult c = affjit::rt::npy::read(dir + "/c.npy");
  std::filesystem::remove_all(dir);
  ASSERT_TRUE(c.array) << c.error;
  ASSERT_EQ(c.array->bytes.size(), 2048u * 1024 * 4);
  const float *data = reinterpret_cast<const float *>(c.array->bytes.data());
  for (int64_t i = 0; i < 2048 * 1024; ++i) {
    float b = float(i) * 3.0f;
    ASSERT_EQ(data[i], b * 3.0f) << "element " << i;
  }
}

const char *kIncrement = R"(func.func @inc(%m: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 4 {
    %v = affine.load %m[%i] : memref<4xf32>
    %s = arith.addf %v, %one : f32
    affine.store %s, %m[%i] : memref<4xf32>
  }
  return
}
%A = alloc memref<4xf32> iota
:set pipeline none
)";

TEST(ReplSettings, OptLevelReplacesTheJitAndKeepsTheBuffers) {
  CommandResult r = runRepl(std::string(kIncrement) +
                            ":call @inc(%A)\n:set O 0\n:llvm @inc\n"
                            ":call @inc(%A)\n:set O 3\n:llvm @inc\n"
                            ":call @inc(%A)\n:print %A\n:set O 4\n:set O\n");
  EXPECT_EQ(r.exitCode, 1);
  size_t o0 = r.out.find("O: 0\n"), o3 = r.out.find("O: 3\n");
  ASSERT_NE(o0, std::string::npos);
  ASSERT_NE(o3, std::string::npos);
  // At -O0 the loop stays a loop; -O3 unrolls its four iterations.
  EXPECT_TRUE(contains(r.out.substr(o0, o3 - o0), "phi ")) << r.out;
  EXPECT_FALSE(contains(r.out.substr(o3), "phi ")) << r.out;
  EXPECT_TRUE(contains(r.out, "[3,  4,  5,  6]")) << r.out;
  EXPECT_EQ(r.err, "<stdin>:20: error: usage: :set O LEVEL (LLVM's "
                   "optimization level, 0..3)\n"
                   "<stdin>:21: error: usage: :set O LEVEL (LLVM's "
                   "optimization level, 0..3)\n");
}

TEST(ReplSettings, FastMathAndCheckedSwitch) {
  CommandResult r = runRepl(std::string(kIncrement) +
                            "func.func @set(%m: memref<?xf32>, %i: index) {\n"
                            "  %c = arith.constant 9.0 : f32\n"
                            "  memref.store %c, %m[%i] : memref<?xf32>\n"
                            "  return\n"
                            "}\n"
                            ":llvm @inc\n:set fast-math on\n:llvm @inc\n"
                            ":set checked on\n:call @set(%A, 4)\n"
                            ":set checked off\n:call @set(%A, 3)\n"
                            ":call @inc(%A)\n:print %A\n"
                            ":set checked yes\n:set fast-math\n");
  EXPECT_EQ(r.exitCode, 1);
  size_t on = r.out.find("fast-math: on\n");
  ASSERT_NE(on, std::string::npos);
  EXPECT_FALSE(contains(r.out.substr(0, on), "fadd fast")) << r.out;
  EXPECT_TRUE(contains(r.out.substr(on), "fadd fast")) << r.out;
  EXPECT_TRUE(contains(r.out, "checked: on\n"));
  EXPECT_TRUE(contains(r.out, "checked: off\n"));
  // The checked call stopped before its store; the unchecked one stored.
  EXPECT_TRUE(contains(r.out, "[1,  2,  3,  10]")) << r.out;
  EXPECT_EQ(r.err, "<stdin>:21: error: @set stopped by a runtime error: "
                   "@set:3:3: error: out-of-bounds access to memref "
                   "dimension #0: index 4, size 4\n"
                   "<stdin>:26: error: usage: :set checked on|off\n"
                   "<stdin>:27: error: usage: :set fast-math on|off\n");
}

TEST(ReplSettings, CompletionOffersSettingsAndPassNames) {
  affjit::repl::Repl repl(affjit::repl::ReplOptions{});
  using Words = std::vector<std::string>;
  EXPECT_EQ(repl.complete(":se", ":se"), Words{":set"});
  EXPECT_EQ(repl.complete(":set ", ""),
            (Words{"O", "checked", "fast-math", "opt-report", "pipeline",
                   "threads"}));
  EXPECT_EQ(repl.complete(":set checked ", ""), (Words{"off", "on"}));
  EXPECT_EQ(repl.complete(":set fast-math o", "o"), (Words{"off", "on"}));
  EXPECT_EQ(repl.complete(":set p", "p"), Words{"pipeline"});
  EXPECT_EQ(repl.complete(":set pipeline no", "no"),
            (Words{"none", "normalize"}));
  EXPECT_EQ(repl.complete(":set pipeline default,nor", "nor"),
            Words{"normalize"});
  Words reportWords{"all", "off"};
  for (const affjit::PassInfo &pass : affjit::passRegistry().passes)
    reportWords.push_back(std::string(pass.name));
  std::sort(reportWords.begin(), reportWords.end());
  EXPECT_EQ(repl.complete(":set opt-report ", ""), reportWords);
  EXPECT_EQ(repl.complete(":set opt-report normalize,a", "a"), Words{"all"});
  EXPECT_TRUE(repl.complete(":setx ", "").empty());
}

} // namespace
