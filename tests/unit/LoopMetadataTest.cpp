// Loops of fewer than 8 constant iterations reach LLVM with
// `llvm.loop.vectorize.enable` false on their back edge (LLVM's loop
// vectorizer made masked gathers of a 3x3 filter's taps under fast math,
// 2.5x slower than the scalar loop); longer loops keep no such mark.
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <string>

using namespace affjit::test;

namespace {

std::string loopOf(int trips) {
  return R"(func.func @sum(%a: memref<100xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to )" +
         std::to_string(trips) + R"( iter_args(%acc = %zero) -> (f32) {
    %v = affine.load %a[%i] : memref<100xf32>
    %s = arith.addf %acc, %v : f32
    affine.yield %s : f32
  }
  return %r : f32
}
)";
}

std::string unoptimizedIr(int trips) {
  TempProgram p(loopOf(trips));
  CommandResult r = runCommand(shellQuote(affjitBinary()) + " llvm " +
                               shellQuote(p.path) + " --pipeline=none");
  EXPECT_EQ(r.exitCode, 0) << r.err;
  return r.out;
}

TEST(LoopMetadata, ShortConstantLoopsAreKeptFromLlvmsVectorizer) {
  for (int trips : {1, 3, 7})
    EXPECT_NE(unoptimizedIr(trips).find("!\"llvm.loop.vectorize.enable\", "
                                        "i1 false"),
              std::string::npos)
        << trips << " iterations";
  for (int trips : {8, 100})
    EXPECT_EQ(unoptimizedIr(trips).find("llvm.loop.vectorize.enable"),
              std::string::npos)
        << trips << " iterations";
}

} // namespace
