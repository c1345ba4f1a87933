// Loops of fewer than 8 constant iterations reach LLVM with
// `llvm.loop.vectorize.enable` false on their back edge (LLVM's loop
// vectorizer made masked gathers of a 3x3 filter's taps under fast math,
// 2.5x slower than the scalar loop); longer loops keep no such mark. So a
// strided loop, which `vectorize` leaves scalar, still reaches LLVM's loop
// vectorizer, whose cost model vectorizes it where that pays (stride 2:
// wide loads and shuffles).
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

TEST(LoopMetadata, StridedLoopsAreLeftToLlvmsVectorizer) {
  TempProgram p(
      R"(func.func @strided(%x: memref<2048xf32>, %y: memref<1024xf32>) {
  %three = arith.constant 3.0 : f32
  affine.for %i = 0 to 1024 {
    %v = affine.load %x[2 * %i] : memref<2048xf32>
    %p = arith.mulf %v, %three : f32
    affine.store %p, %y[%i] : memref<1024xf32>
  }
  return
}
)");
  std::string base = shellQuote(affjitBinary()) + " llvm " + shellQuote(p.path);
  CommandResult before = runCommand(base);
  ASSERT_EQ(before.exitCode, 0) << before.err;
  EXPECT_EQ(before.out.find("x float>"), std::string::npos)
      << "vectorize made vector code of a strided loop";
  CommandResult after = runCommand(base + " --optimized");
  ASSERT_EQ(after.exitCode, 0) << after.err;
  EXPECT_NE(after.out.find("shufflevector"), std::string::npos) << after.out;
}

} // namespace
