// How vectorize and unroll-jam size a register block for the target's
// registers (AFFJIT_VECTOR_BITS pins the target: 256 bits for AVX2's 16
// ymm, 512 for AVX-512's 32 zmm). A loop whose lanes become an inner
// loop's accumulators takes two registers per op with 16 registers and
// four with 32; a horizontal reduction keeps four. The block's rows leave
// registers for B's row, a broadcast and, without fast math, the products
// (no FMA contracts them): 5 rows x 2 ymm, 6 with fast math; 6 x 4 zmm.
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <string>

using namespace affjit::test;

namespace {

const char *kMatmulAndRowSums =
    R"(func.func @mm(%A: memref<240x256xf32>, %B: memref<256x256xf32>, %C: memref<240x256xf32>) {
  affine.for %i = 0 to 240 {
    affine.for %k = 0 to 256 {
      affine.for %j = 0 to 256 {
        %a = affine.load %A[%i, %k] : memref<240x256xf32>
        %b = affine.load %B[%k, %j] : memref<256x256xf32>
        %c = affine.load %C[%i, %j] : memref<240x256xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<240x256xf32>
      }
    }
  }
  return
}
func.func @sums(%A: memref<240x256xf32>, %S: memref<240xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 240 {
    %r = affine.for %j = 0 to 256 iter_args(%s = %zero) -> (f32) {
      %a = affine.load %A[%i, %j] : memref<240x256xf32>
      %t = arith.addf %s, %a : f32
      affine.yield %t : f32
    }
    affine.store %r, %S[%i] : memref<240xf32>
  }
  return
}
)";

/// The vectorize and unroll-jam remarks of the default pipeline.
std::string remarks(const std::string &bits, const std::string &flags) {
  TempProgram program(kMatmulAndRowSums);
  CommandResult r = runCommand(
      "AFFJIT_VECTOR_BITS=" + bits + " AFFJIT_NUM_THREADS=1 " +
      shellQuote(affjitBinary()) + " opt --opt-report=vectorize,unroll-jam " +
      flags + " " + shellQuote(program.path));
  EXPECT_EQ(r.exitCode, 0) << r.err;
  return r.err;
}

TEST(RegisterBlock, SixteenRegistersTakeFiveRowsOfTwoWithoutFma) {
  std::string text = remarks("256", "");
  EXPECT_NE(text.find("remark: [vectorize] vectorized: 0 to 256 (16 lanes)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("remark: [unroll-jam] unrolled by 5 and jammed: 0 to "
                      "240 (10 accumulator registers)"),
            std::string::npos)
      << text;
}

TEST(RegisterBlock, SixteenRegistersTakeSixRowsOfTwoWithFastMath) {
  std::string text = remarks("256", "--fast-math");
  EXPECT_NE(text.find("remark: [unroll-jam] unrolled by 6 and jammed: 0 to "
                      "240 (12 accumulator registers)"),
            std::string::npos)
      << text;
  // The row sums' lanes are their own partial sums: four registers.
  EXPECT_NE(text.find("(32 lanes, 1 reduction(s) finished by "
                      "vector.reduction)"),
            std::string::npos)
      << text;
}

TEST(RegisterBlock, ThirtyTwoRegistersTakeSixRowsOfFour) {
  for (const char *flags : {"", "--fast-math"}) {
    std::string text = remarks("512", flags);
    EXPECT_NE(text.find("remark: [vectorize] vectorized: 0 to 256 (64 lanes)"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("remark: [unroll-jam] unrolled by 6 and jammed: 0 "
                        "to 240 (24 accumulator registers)"),
              std::string::npos)
        << text;
  }
}

} // namespace
