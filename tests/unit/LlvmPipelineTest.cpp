// Which LLVM pipeline finishes a module: LLVM's default one for code as
// written, the shorter finishing one (engine/jit/Jit.cpp) once affjit's
// vectorizer has run. The finishing pipeline still does what affjit's
// passes leave to LLVM: inlining calls between the module's functions and
// vectorizing loops affjit left scalar.
#include "engine/Pipeline.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <string>

using namespace affjit;
using namespace affjit::test;

namespace {

LlvmPipeline llvmPipelineFor(const std::string &spec) {
  CompileOptions options;
  options.pipeline = spec;
  options.threads = 1;
  Expected<CompilePipeline> pipeline = CompilePipeline::create(options);
  EXPECT_TRUE(pipeline) << spec;
  return pipeline ? pipeline->llvmPipeline() : LlvmPipeline::Default;
}

TEST(LlvmPipeline, FinishingOnceAffjitsVectorizerRan) {
  EXPECT_EQ(llvmPipelineFor("default"), LlvmPipeline::Finishing);
  EXPECT_EQ(llvmPipelineFor("vectorize"), LlvmPipeline::Finishing);
  EXPECT_EQ(llvmPipelineFor("fuse,interchange,tile,vectorize,unroll-jam"),
            LlvmPipeline::Finishing);
  EXPECT_EQ(llvmPipelineFor("none"), LlvmPipeline::Default);
  EXPECT_EQ(llvmPipelineFor("fuse,interchange,tile"), LlvmPipeline::Default);
}

std::string optimizedIr(const std::string &text, const std::string &flags) {
  TempProgram p(text);
  CommandResult r = runCommand(shellQuote(affjitBinary()) + " llvm " +
                               shellQuote(p.path) + " --optimized " + flags);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  return r.out;
}

// A helper called in a loop is inlined by both pipelines, so the loop
// body has no call left.
TEST(LlvmPipeline, BothInlineCallsBetweenTheModulesFunctions) {
  const std::string program = R"(func.func @twice(%v: f32) -> f32 {
  %s = arith.addf %v, %v : f32
  return %s : f32
}
func.func @scale(%x: memref<1024xf32>) {
  affine.for %i = 0 to 1024 {
    %v = affine.load %x[%i] : memref<1024xf32>
    %p = func.call @twice(%v) : (f32) -> f32
    affine.store %p, %x[%i] : memref<1024xf32>
  }
  return
}
)";
  for (const char *flags :
       {"--pipeline=default --threads 1", "--pipeline=none"}) {
    std::string ir = optimizedIr(program, flags);
    std::string scale = llvmFunctionText(ir, "scale");
    ASSERT_FALSE(scale.empty()) << ir;
    EXPECT_EQ(scale.find("call "), std::string::npos) << flags << "\n" << scale;
    EXPECT_NE(scale.find("fadd <"), std::string::npos) << flags << "\n"
                                                       << scale;
  }
}

} // namespace
