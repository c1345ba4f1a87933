// The REPL's `:set` command, driven from a pipe like a script: showing the
// settings, changing the pass pipeline (checked like `--pipeline`, with
// its error text) and the optimization report, a change forcing the next
// call to recompile; `affjit repl --pipeline=LIST`; and completion of the
// settings and their pass names (in process).
#include "engine/repl/Repl.h"
#include "support/Subprocess.h"

#include "frontend/transform/PassPipeline.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
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
    "<stdin>:2:3: remark: [normalize] normalized: 1 to 8 step 2 -> 0 to 4\n"
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

TEST(ReplSettings, SetWithoutArgumentsShowsTheSettings) {
  CommandResult r = runRepl(":set\n");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out, "pipeline: default\nopt-report: off\n");
  CommandResult changed =
      runRepl(":set pipeline normalize\n:set opt-report normalize\n:set\n"
              ":set opt-report\n:set opt-report off\n");
  ASSERT_EQ(changed.exitCode, 0) << changed.err;
  EXPECT_EQ(changed.out, "pipeline: normalize\nopt-report: normalize\n"
                         "pipeline: normalize\nopt-report: normalize\n"
                         "opt-report: all\nopt-report: off\n");
}

TEST(ReplSettings, BadSettingsAreErrorsAndKeepTheOldOnes) {
  CommandResult r = runRepl(":set pipeline normalize,foo\n:set opt-report zap\n"
                            ":set pipeline\n:set colour on\n:set\n");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.out, "pipeline: default\nopt-report: off\n");
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
                "pipeline, opt-report)\n");
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

TEST(ReplSettings, CompletionOffersSettingsAndPassNames) {
  affjit::repl::Repl repl(affjit::repl::ReplOptions{});
  using Words = std::vector<std::string>;
  EXPECT_EQ(repl.complete(":se", ":se"), Words{":set"});
  EXPECT_EQ(repl.complete(":set ", ""), (Words{"opt-report", "pipeline"}));
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
