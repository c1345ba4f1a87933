// --time-passes (and EngineOptions::timePasses, bench's compile_phases):
// where a compile's time went, as a tree of phases — parse, verify, each
// pass of the pipeline, lowering, LLVM (each of its passes, code
// generation), linking — and the TimingTree behind it.
#include "affjit/Benchmark.h"
#include "affjit/Engine.h"
#include "frontend/ir/Timing.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <thread>

using namespace affjit;
using namespace affjit::test;

namespace {

const char *kSaxpy = R"(
func.func @saxpy(%a: f32, %x: memref<64xf32>, %y: memref<64xf32>) {
  affine.for %i = 0 to 64 {
    %xi = affine.load %x[%i] : memref<64xf32>
    %yi = affine.load %y[%i] : memref<64xf32>
    %p = arith.mulf %a, %xi : f32
    %s = arith.addf %p, %yi : f32
    affine.store %s, %y[%i] : memref<64xf32>
  }
  return
}
)";

const CompilePhaseTime *findPhase(const CompileTimes &times,
                                  const std::string &name) {
  for (const CompilePhaseTime &phase : times.phases)
    if (phase.name == name)
      return &phase;
  return nullptr;
}

TEST(TimingTree, NestsScopesAndMergesRepeatedPhases) {
  TimingTree tree;
  {
    TimingTree::Scope outer = tree.scope("outer");
    for (int i = 0; i < 3; ++i) {
      TimingTree::Scope inner = tree.scope("inner");
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    tree.add("elsewhere", 5.0, 4);
  }
  TimingTree::Scope after = tree.scope("after");
  after.stop();
  CompileTimes times = tree.times();
  ASSERT_EQ(times.phases.size(), 4u);
  EXPECT_EQ(times.phases[0].name, "outer");
  EXPECT_EQ(times.phases[0].depth, 0u);
  EXPECT_EQ(times.phases[1].name, "inner");
  EXPECT_EQ(times.phases[1].depth, 1u);
  EXPECT_EQ(times.phases[1].count, 3u);
  EXPECT_GE(times.phases[1].seconds, 0.006);
  EXPECT_GE(times.phases[0].seconds, times.phases[1].seconds);
  EXPECT_EQ(times.phases[2].name, "elsewhere");
  EXPECT_EQ(times.phases[2].count, 4u);
  EXPECT_DOUBLE_EQ(times.phases[2].seconds, 5.0);
  EXPECT_EQ(times.phases[3].name, "after");
  EXPECT_EQ(times.phases[3].depth, 0u);
  // The total is the top level's: outer (which holds inner) and after.
  EXPECT_DOUBLE_EQ(times.totalSeconds(),
                   times.phases[0].seconds + times.phases[3].seconds);
  std::string report = times.report();
  EXPECT_NE(report.find("Total wall time"), std::string::npos);
  EXPECT_NE(report.find("  inner (3x)\n"), std::string::npos) << report;
}

TEST(TimingTree, ASecondsScopeAddsTheGivenTimeAndItsChildren) {
  TimingTree tree;
  {
    TimingTree::Scope summed = tree.scope("all threads", 7.5);
    tree.add("a pass", 2.5, 10);
  }
  CompileTimes times = tree.times();
  ASSERT_EQ(times.phases.size(), 2u);
  EXPECT_DOUBLE_EQ(times.phases[0].seconds, 7.5);
  EXPECT_EQ(times.phases[1].depth, 1u);
  EXPECT_EQ(times.phases[1].count, 10u);
}

TEST(TimePasses, EngineReportsEveryPhaseOfTheLastCompile) {
  EngineOptions options;
  options.timePasses = true;
  options.threads = 1;
  Engine engine(options);
  EXPECT_TRUE(engine.compileTimes().phases.empty());
  ASSERT_FALSE(engine.compile(kSaxpy));
  CompileTimes times = engine.compileTimes();
  for (const char *phase :
       {"parse", "verify", "passes", "fuse", "vectorize", "lower to LLVM IR",
        "LLVM", "optimization", "code generation", "link"})
    EXPECT_NE(findPhase(times, phase), nullptr) << phase << "\n"
                                                << times.report();
  // The passes are children of "passes", LLVM's of "optimization".
  EXPECT_EQ(findPhase(times, "fuse")->depth,
            findPhase(times, "passes")->depth + 1);
  EXPECT_EQ(findPhase(times, "InstCombinePass")->depth,
            findPhase(times, "optimization")->depth + 1);
  EXPECT_GT(times.totalSeconds(), 0.0);
  // Without the option nothing is timed.
  Engine quiet;
  ASSERT_FALSE(quiet.compile(kSaxpy));
  EXPECT_TRUE(quiet.compileTimes().phases.empty());
}

TEST(TimePasses, EveryCompilingCommandPrintsTheReport) {
  TempProgram program(kSaxpy);
  std::string file = shellQuote(program.path);
  std::string tool = shellQuote(affjitBinary());
  for (const std::string &command :
       {tool + " opt --time-passes " + file + " -o /dev/null",
        tool + " llvm --optimized --time-passes " + file + " -o /dev/null",
        tool + " asm --time-passes " + file + " -o /dev/null",
        tool + " run --time-passes -e saxpy --arg a=2 " + file,
        tool + " bench --time-passes --min-time 0 --no-bandwidth --arg a=2 " +
            file}) {
    CommandResult r = runCommand(command);
    EXPECT_EQ(r.exitCode, 0) << command << "\n" << r.err;
    EXPECT_NE(r.err.find("Total wall time"), std::string::npos)
        << command << "\n"
        << r.err;
    EXPECT_NE(r.err.find("vectorize"), std::string::npos) << command;
  }
  CommandResult lowered =
      runCommand(tool + " llvm --time-passes " + file + " -o /dev/null");
  // Unoptimized IR: no LLVM phase to report.
  EXPECT_EQ(lowered.err.find("optimization"), std::string::npos);
  EXPECT_NE(lowered.err.find("lower to LLVM IR"), std::string::npos);
}

TEST(TimePasses, BenchJsonHasEachVariantsCompilePhases) {
  TempProgram program(kSaxpy);
  std::string file = shellQuote(program.path);
  CommandResult r = runCommand(
      shellQuote(affjitBinary()) +
      " bench --min-time 0 --no-bandwidth --arg a=2 --json - " + file);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  nlohmann::json doc = nlohmann::json::parse(r.out);
  for (const auto &variant : doc["variants"]) {
    const auto &phases = variant["compile_phases"];
    ASSERT_TRUE(phases.is_array());
    bool sawPasses = false;
    double top = 0;
    for (const auto &phase : phases) {
      sawPasses |= phase["name"] == "passes";
      if (phase["depth"] == 0)
        top += phase["seconds"].get<double>();
    }
    EXPECT_TRUE(sawPasses) << variant.dump();
    // The phases account for the compile time, which also covers the
    // little between them.
    EXPECT_LE(top, variant["compile_s"].get<double>() + 1e-6);
  }
}

TEST(TimePasses, CrossCheckAndTimePassesAreAUsageError) {
  TempProgram program(kSaxpy);
  std::string file = shellQuote(program.path);
  CommandResult r = runCommand(shellQuote(affjitBinary()) +
                               " run --cross-check --time-passes " + file);
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("affjit: error: --cross-check and --time-passes"),
            std::string::npos)
      << r.err;
}

} // namespace
