// The `report` pass (end of `default`): per top-level nest, the loop order
// along its heaviest path, tiles, the register block and the traffic the
// footprint model estimates, as `--opt-report` remarks.
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <regex>
#include <string>

using namespace affjit::test;

namespace {

const char *kMatmul =
    R"(func.func @mm(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  affine.for %i = 0 to 256 {
    affine.for %k = 0 to 256 {
      affine.for %j = 0 to 256 {
        %a = affine.load %A[%i, %k] : memref<256x256xf32>
        %b = affine.load %B[%k, %j] : memref<256x256xf32>
        %c = affine.load %C[%i, %j] : memref<256x256xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<256x256xf32>
      }
    }
  }
  return
}
func.func @copy(%A: memref<128x64xf32>, %B: memref<128x64xf64>) {
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 64 {
      %a = affine.load %A[%i, %j] : memref<128x64xf32>
      %d = arith.extf %a : f32 to f64
      affine.store %d, %B[%i, %j] : memref<128x64xf64>
    }
  }
  return
}
)";

std::string report() {
  TempProgram p(kMatmul);
  CommandResult r = runCommand("AFFJIT_VECTOR_BITS=512 AFFJIT_NUM_THREADS=1 " +
                               shellQuote(affjitBinary()) + " opt " +
                               shellQuote(p.path) + " --opt-report=report");
  EXPECT_EQ(r.exitCode, 0) << r.err;
  return r.err;
}

/// The three traffic figures of the first remark matching `nest`, in bytes.
std::vector<double> traffic(const std::string &text, const std::string &nest) {
  std::smatch m;
  std::regex re(nest + ".*estimated traffic: ([0-9.e+]+) (KB|MB) compulsory, "
                       "([0-9.e+]+) (KB|MB) into L1.*, ([0-9.e+]+) (KB|MB) "
                       "into L2");
  if (!std::regex_search(text, m, re))
    return {};
  auto bytes = [&](int i) {
    return std::stod(m[i].str()) * (m[i + 1].str() == "KB" ? 1e3 : 1e6);
  };
  return {bytes(1), bytes(3), bytes(5)};
}

TEST(NestReport, MatmulShowsOrderVectorLoopAndRegisterBlock) {
  std::string text = report();
  // interchange puts k innermost, vectorize runs j 64 lanes at a time,
  // unroll-jam blocks i by 6 with 4 zmm accumulators each.
  EXPECT_NE(text.find("[report] nest: order %i in 0 to 252 step 6, %j in 0 "
                      "to 256 step 64 (vector), %k in 0 to 256; register "
                      "block: 6 x vector<64xf32> accumulators"),
            std::string::npos)
      << text;
}

TEST(NestReport, TrafficIsAtLeastWhatTheNestTouches) {
  std::string text = report();
  // A copy touches each element once: 128 x 64 f32 read, f64 written.
  std::vector<double> copy =
      traffic(text, "order %i in 0 to 128, %j in 0 to 64");
  ASSERT_EQ(copy.size(), 3u) << text;
  EXPECT_NEAR(copy[0], 128 * 64 * (4 + 8), 100);
  // The blocked matmul nest covers rows 0 to 251 (the last 4 run in a
  // nest of their own): those rows of A and C and all of B; at least that
  // much is moved into each cache, and no more into L2 than into the
  // smaller L1.
  // (B is read from the panels pack-panels copies it into, as large as B;
  // their copy loop is a nest of its own, in steps of 64.)
  std::vector<double> mm = traffic(text, "0 to 252 step 6,");
  ASSERT_EQ(mm.size(), 3u) << text;
  EXPECT_NEAR(mm[0], (2 * 252 + 256) * 256 * 4, 1e3);
  EXPECT_GE(mm[2], mm[0]);
  EXPECT_GE(mm[1], mm[2]);
}

TEST(NestReport, StreamedColumnSumMovesEachByteIntoL2Once) {
  // stream-reductions runs 8 rows at a time, all columns: 8 rows fit any
  // L2, so the model brings the 64 MB matrix into L2 once; without the
  // strips each column block would walk every row.
  CommandResult r = runCommand("AFFJIT_VECTOR_BITS=512 AFFJIT_NUM_THREADS=1 " +
                               shellQuote(affjitBinary()) + " opt " +
                               shellQuote(std::string(AFFJIT_SOURCE_DIR) +
                                          "/benchmarks/kernels/colsum.mlir") +
                               " --opt-report=report");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::vector<double> t = traffic(r.err, "\\(tile\\)");
  ASSERT_EQ(t.size(), 3u) << r.err;
  EXPECT_NEAR(t[0], 4096.0 * 4096 * 4, 1e5);
  EXPECT_NEAR(t[2], t[0], t[0] * 0.01);
}

} // namespace
