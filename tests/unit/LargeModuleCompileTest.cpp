// Large modules: the JIT moves the loop nests of a large function into
// functions of their own (engine/jit/OutlineNests.h) and compiles a large
// module in parts on several threads (engine/jit/ModuleSplit.h). Neither may
// change what a program prints: tests/programs/large/many_nests.mlir (150
// nests in one function) must print what MLIR 19 printed for it, with the
// JIT's real thresholds and with thresholds small enough that every
// mechanism runs (cut into runs of inner loops, split into many parts,
// cached parts reloaded). --time-passes shows where the time went.
#include "engine/Pipeline.h"
#include "engine/jit/Jit.h"
#include "support/MlirOracle.h"
#include "support/Subprocess.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Verifier.h>

#include <gtest/gtest.h>

using namespace affjit;
using namespace affjit::test;

namespace {

const std::string kProgram =
    std::string(AFFJIT_SOURCE_DIR) + "/tests/programs/large/many_nests.mlir";

std::string expectedOutput() {
  return maskMemrefAddresses(
      readFile(kProgram.substr(0, kProgram.size() - 5) + ".out"));
}

/// Thresholds small enough that a function of a few hundred instructions
/// is cut and a module of a thousand is split.
LargeModuleTuning tinyTuning() {
  LargeModuleTuning tuning;
  tuning.outline.minInstructions = 200;
  tuning.outline.chunkInstructions = 60;
  tuning.split.instructionsPerPart = 400;
  tuning.split.maxParts = 16;
  return tuning;
}

/// What the program prints compiled with `pipeline` by a JIT with
/// `tuning`; `timing` receives the compile's phases.
std::string runWith(const std::string &pipeline, LargeModuleTuning tuning,
                    TimingTree &timing) {
  CompileOptions options;
  options.pipeline = pipeline;
  options.threads = 1;
  Expected<CompilePipeline> compile = CompilePipeline::create(options);
  EXPECT_TRUE(compile) << compile.error().message();
  SourceBuffer source{std::make_shared<const std::string>(kProgram),
                      readFile(kProgram)};
  DiagnosticEngine diag;
  std::optional<LoweredProgram> program = compile->lower(source, diag);
  EXPECT_TRUE(program);
  auto jit = Jit::create(TargetModel::host(), 3, tuning);
  EXPECT_TRUE(!!jit);
  Expected<CompiledFunctions> compiled = compile->addToJit(
      **jit, std::move(*program), source.text, nullptr, &timing);
  EXPECT_TRUE(compiled) << compiled.error().message();
  auto main = (*jit)->lookup("main");
  EXPECT_TRUE(!!main);
  testing::internal::CaptureStdout();
  reinterpret_cast<void (*)()>(*main)();
  std::fflush(stdout);
  return maskMemrefAddresses(testing::internal::GetCapturedStdout());
}

bool hasPhase(const CompileTimes &times, const std::string &prefix) {
  for (const CompilePhaseTime &phase : times.phases)
    if (phase.name.rfind(prefix, 0) == 0)
      return true;
  return false;
}

/// Functions of the optimized IR whose names say they hold outlined nests.
int outlinedFunctions(const std::string &ir) {
  int count = 0;
  for (size_t at = 0; (at = ir.find("\ndefine ", at)) != std::string::npos;
       ++at) {
    size_t end = ir.find('(', at);
    if (ir.substr(at, end - at).find(".nest") != std::string::npos)
      ++count;
  }
  return count;
}

TEST(LargeModuleCompile, OutlinesNestsOfALargeFunctionWithoutChangingOutput) {
  std::string expected = expectedOutput();
  for (const char *pipeline : {"none", "default"}) {
    CommandResult run =
        runCommand(shellQuote(affjitBinary()) + " run --pipeline=" + pipeline +
                   " --time-passes " + shellQuote(kProgram));
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(maskMemrefAddresses(run.out), expected) << pipeline;
    EXPECT_NE(run.err.find("outline loop nests"), std::string::npos);
    CommandResult ir = runCommand(shellQuote(affjitBinary()) +
                                  " llvm --optimized --pipeline=" + pipeline +
                                  " " + shellQuote(kProgram));
    ASSERT_EQ(ir.exitCode, 0) << ir.err;
    // The real thresholds: 150 nests in one function are worth outlining.
    EXPECT_GE(outlinedFunctions(ir.out), 2) << pipeline;
  }
}

TEST(LargeModuleCompile, SplitsIntoPartsCompiledConcurrentlyWithTheSameOutput) {
  std::string expected = expectedOutput();
  for (const char *pipeline : {"none", "default"}) {
    TimingTree timing;
    EXPECT_EQ(runWith(pipeline, tinyTuning(), timing), expected) << pipeline;
    CompileTimes times = timing.times();
    EXPECT_TRUE(hasPhase(times, "split into ")) << times.report();
    EXPECT_TRUE(hasPhase(times, "compile the parts on ")) << times.report();
  }
}

TEST(LargeModuleCompile, ReloadsTheCachedPartsOfASplitModule) {
  std::string expected = expectedOutput();
  LargeModuleTuning tuning = tinyTuning();
  // A tuning of its own, so that no other test's objects are found.
  tuning.split.maxParts = 7;
  TimingTree first, second;
  EXPECT_EQ(runWith("default", tuning, first), expected);
  EXPECT_TRUE(hasPhase(first.times(), "split into 7 parts"))
      << first.times().report();
  EXPECT_EQ(runWith("default", tuning, second), expected);
  // All seven parts came from the cache: nothing was compiled.
  EXPECT_FALSE(hasPhase(second.times(), "split into"))
      << second.times().report();
  EXPECT_FALSE(hasPhase(second.times(), "code generation"))
      << second.times().report();
}

/// A function that is one row loop around `inner` small loops, as fusion
/// leaves a chain of elementwise nests.
std::string rowLoopProgram(int inner) {
  std::string text = "func.func @f(%a: memref<8x32xf32>) {\n"
                     "  %c = arith.constant 1.0 : f32\n"
                     "  affine.for %i = 0 to 8 {\n";
  for (int k = 0; k < inner; ++k)
    text += "    affine.for %j" + std::to_string(k) +
            " = 0 to 32 {\n"
            "      %x = affine.load %a[%i, %j" +
            std::to_string(k) +
            "] : memref<8x32xf32>\n"
            "      %y = arith.addf %x, %c : f32\n"
            "      affine.store %y, %a[%i, %j" +
            std::to_string(k) + "] : memref<8x32xf32>\n    }\n";
  return text + "  }\n  return\n}\n";
}

/// The loops of `function` at depth 1 and the calls it makes.
std::pair<unsigned, unsigned> loopsAndCalls(llvm::Function &function) {
  llvm::DominatorTree dominators(function);
  llvm::LoopInfo loops(dominators);
  unsigned calls = 0;
  for (llvm::BasicBlock &block : function)
    for (llvm::Instruction &inst : block)
      if (auto *call = llvm::dyn_cast<llvm::CallInst>(&inst))
        if (call->getCalledFunction() &&
            !call->getCalledFunction()->isDeclaration())
          ++calls;
  return {(unsigned)std::distance(loops.begin(), loops.end()), calls};
}

TEST(LargeModuleCompile, CutsARowLoopIntoRunsOfInnerLoops) {
  CompileOptions options;
  options.pipeline = "none";
  options.threads = 1;
  Expected<CompilePipeline> compile = CompilePipeline::create(options);
  ASSERT_TRUE(compile);
  SourceBuffer source{std::make_shared<const std::string>("row.mlir"),
                      rowLoopProgram(40)};
  DiagnosticEngine diag;
  std::optional<LoweredProgram> program = compile->lower(source, diag);
  ASSERT_TRUE(program);
  llvm::Function *f = program->module->getFunction("f");
  ASSERT_NE(f, nullptr);
  OutlineThresholds thresholds = tinyTuning().outline;
  unsigned outlined = outlineLoopNests(*program->module, thresholds);
  EXPECT_FALSE(llvm::verifyModule(*program->module, &llvm::errs()));
  // The row loop stays, and calls each run once per row.
  auto [loops, calls] = loopsAndCalls(*f);
  EXPECT_EQ(loops, 1u);
  EXPECT_GE(outlined, 4u);
  EXPECT_EQ(calls, outlined);
  // Each run holds several of the 40 inner loops, not one each.
  EXPECT_LT(outlined, 20u);
  // A small function is left alone.
  OutlineThresholds large;
  large.minInstructions = 1u << 30;
  EXPECT_EQ(outlineLoopNests(*program->module, large), 0u);
}

} // namespace
