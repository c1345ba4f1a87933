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

// `{affjit.unroll = false}` (the vectorizer's mark on loops that stream
// from memory, or the user's) reaches LLVM as llvm.loop.unroll.disable, and
// LLVM's unroller leaves the loop as written; a value other than true or
// false is an error.
TEST(LoopMetadata, UnrollFalseKeepsLlvmFromUnrolling) {
  auto program = [](const std::string &attr) {
    return R"(func.func @scale(%x: memref<4096xf32>) {
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 4096 {
    %v = affine.load %x[%i] : memref<4096xf32>
    %p = arith.mulf %v, %two : f32
    affine.store %p, %x[%i] : memref<4096xf32>
  })" + attr +
           R"(
  return
}
)";
  };
  auto llvmIr = [](const std::string &text, const std::string &flags) {
    TempProgram p(text);
    return runCommand(shellQuote(affjitBinary()) + " llvm " +
                      shellQuote(p.path) + " --pipeline=none " + flags);
  };
  CommandResult marked = llvmIr(program(" {affjit.unroll = false}"), "");
  ASSERT_EQ(marked.exitCode, 0) << marked.err;
  EXPECT_NE(marked.out.find("!{!\"llvm.loop.unroll.disable\"}"),
            std::string::npos)
      << marked.out;
  EXPECT_EQ(llvmIr(program(""), "").out.find("llvm.loop.unroll"),
            std::string::npos);
  // LLVM's own vectorizer still runs; its interleaved copies of the loop
  // body are what unrolling would multiply (4 without the mark).
  auto stores = [](const std::string &ir) {
    return countOccurrences(ir, "store <");
  };
  CommandResult optimized =
      llvmIr(program(" {affjit.unroll = false}"), "--optimized");
  CommandResult unrolled = llvmIr(program(""), "--optimized");
  ASSERT_EQ(optimized.exitCode, 0) << optimized.err;
  EXPECT_LT(stores(optimized.out), stores(unrolled.out))
      << optimized.out << unrolled.out;

  CommandResult bad = llvmIr(program(" {affjit.unroll = 4}"), "");
  EXPECT_NE(bad.exitCode, 0);
  EXPECT_NE(bad.err.find("error: 'affine.for' op attribute 'affjit.unroll' "
                         "must be true or false"),
            std::string::npos)
      << bad.err;
}

// A loop of 4 iterations around a loop of `innerTrips`; each inner
// iteration does one multiplication.
std::string nestOf(int innerTrips) {
  return R"(func.func @scale(%x: memref<4x512xf32>) {
  %two = arith.constant 2.0 : f32
  affine.for %j = 0 to 4 {
    affine.for %k = 0 to )" +
         std::to_string(innerTrips) + R"( {
      %v = affine.load %x[%j, %k] : memref<4x512xf32>
      %p = arith.mulf %v, %two : f32
      affine.store %p, %x[%j, %k] : memref<4x512xf32>
    }
  }
  return
}
)";
}

// A loop around a long loop reaches LLVM with llvm.loop.unroll.disable:
// LLVM would unroll its 4 iterations fully, 4 copies of the long loop to
// optimize and compile (seed 002: a sixth of the compile time) for no
// speed. Around a short loop (a filter's taps) full unrolling stays.
TEST(LoopMetadata, LoopsAroundLongLoopsAreNotUnrolled) {
  auto optimizedIr = [](int innerTrips) {
    TempProgram p(nestOf(innerTrips));
    CommandResult r =
        runCommand(shellQuote(affjitBinary()) + " llvm " + shellQuote(p.path) +
                   " --pipeline=none --optimized");
    EXPECT_EQ(r.exitCode, 0) << r.err;
    return r.out;
  };
  std::string aroundLong = optimizedIr(512);
  EXPECT_NE(aroundLong.find("llvm.loop.unroll.disable"), std::string::npos)
      << aroundLong;
  // One copy of the inner loop (which LLVM vectorizes), not one per outer
  // iteration.
  std::string scale = llvmFunctionText(aroundLong, "scale");
  EXPECT_EQ(countOccurrences(scale, "\nvector.body"), 1u) << scale;

  std::string aroundShort = optimizedIr(3);
  EXPECT_EQ(aroundShort.find("llvm.loop.unroll.disable"), std::string::npos)
      << aroundShort;
  // Both loops unrolled fully: no branch left in the function.
  scale = llvmFunctionText(aroundShort, "scale");
  EXPECT_EQ(scale.find("br "), std::string::npos) << scale;
}

} // namespace
