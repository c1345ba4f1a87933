// unroll-jam's L1-set limit: the copies of a row loop stream their rows at
// once, and rows a multiple of the L1's way size apart all fall in one L1
// set. Beside a shared stream (x in A·x) they get the set's ways less one;
// alone, or with rows that do not alias, the usual factor. The measured
// traffic (--measure-traffic) of the limited nest stays near its
// compulsory bytes, where the unlimited one missed the L1 on every access.
#include "frontend/target/TargetModel.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <string>

using namespace affjit::test;

namespace {

/// @name(params..., %y: memref<64xf32>): for each of 64 rows i, y[i] =
/// the in-order sum over j < cols of %p, which `term` computes from %v =
/// %A[i, j] (of type `a`).
std::string rowReduction(const std::string &name, const std::string &params,
                         const std::string &a, int cols,
                         const std::string &term) {
  return "func.func @" + name + "(" + params +
         ", %y: memref<64xf32>) {\n"
         "  %zero = arith.constant 0.0 : f32\n"
         "  affine.for %i = 0 to 64 {\n"
         "    %r = affine.for %j = 0 to " +
         std::to_string(cols) +
         " iter_args(%s = %zero) -> (f32) {\n"
         "      %v = affine.load %A[%i, %j] : " +
         a + "\n" + term +
         "      %t = arith.addf %s, %p : f32\n"
         "      affine.yield %t : f32\n"
         "    }\n"
         "    affine.store %r, %y[%i] : memref<64xf32>\n"
         "  }\n"
         "  return\n"
         "}\n";
}

/// y = A·x over `cols`-wide rows, and the row sums of A.
std::string rowKernels(int cols) {
  std::string n = std::to_string(cols);
  std::string a = "memref<64x" + n + "xf32>", x = "memref<" + n + "xf32>";
  return rowReduction("matvec", "%A: " + a + ", %x: " + x, a, cols,
                      "      %w = affine.load %x[%j] : " + x +
                          "\n"
                          "      %p = arith.mulf %v, %w : f32\n") +
         rowReduction("sums", "%A: " + a, a, cols,
                      "      %p = arith.addf %v, %zero : f32\n");
}

/// The unroll-jam factors of @matvec and @sums, in that order.
std::vector<int> jamFactors(int cols) {
  TempProgram p(rowKernels(cols));
  CommandResult r =
      runCommand("AFFJIT_NUM_THREADS=1 " + shellQuote(affjitBinary()) +
                 " opt --opt-report=unroll-jam " + shellQuote(p.path));
  EXPECT_EQ(r.exitCode, 0) << r.err;
  std::vector<int> factors;
  std::regex re("unrolled by ([0-9]+) and jammed");
  for (std::sregex_iterator it(r.err.begin(), r.err.end(), re), end; it != end;
       ++it)
    factors.push_back(std::stoi((*it)[1]));
  EXPECT_EQ(factors.size(), 2u) << r.err;
  return factors;
}

TEST(UnrollJamAliasing, RowsInOneL1SetBesideASharedStreamGetItsWaysLessOne) {
  affjit::CacheSizes caches = affjit::TargetModel::host().caches;
  int64_t waySize = caches.l1 / caches.l1Ways;
  // Rows of a whole number of way sizes (4 KB on most x86 L1s).
  int cols = (int)(2 * waySize / 4);
  std::vector<int> factors = jamFactors(cols);
  ASSERT_EQ(factors.size(), 2u);
  EXPECT_EQ(factors[0], (int)std::min<int64_t>(8, caches.l1Ways - 1));
  // The row sums stream A's rows alone: they fit the set.
  EXPECT_EQ(factors[1], 8);
}

TEST(UnrollJamAliasing, RowsThatDoNotAliasKeepTheUsualFactor) {
  affjit::CacheSizes caches = affjit::TargetModel::host().caches;
  int64_t waySize = caches.l1 / caches.l1Ways;
  // Half a way size more: consecutive rows fall in different sets.
  int cols = (int)((2 * waySize + waySize / 2) / 4);
  std::vector<int> factors = jamFactors(cols);
  ASSERT_EQ(factors.size(), 2u);
  EXPECT_EQ(factors[0], 8);
  EXPECT_EQ(factors[1], 8);
}

TEST(UnrollJamAliasing, TheLimitedNestMovesLittleMoreThanItsCompulsoryBytes) {
  // x is A's last row, so it provably falls in the rows' set: with as many
  // rows as the set has ways (the factor before the limit) every access
  // missed the L1, 18 times the compulsory bytes.
  affjit::CacheSizes caches = affjit::TargetModel::host().caches;
  int cols = (int)(2 * caches.l1 / caches.l1Ways / 4);
  std::string a = "memref<65x" + std::to_string(cols) + "xf32>";
  TempProgram p(rowReduction("matvec", "%A: " + a, a, cols,
                             "      %w = affine.load %A[64, %j] : " + a +
                                 "\n"
                                 "      %p = arith.mulf %v, %w : f32\n"));
  CommandResult r = runCommand(
      "AFFJIT_NUM_THREADS=1 " + shellQuote(affjitBinary()) + " opt " +
      shellQuote(p.path) + " --opt-report=report --measure-traffic=matvec");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  // The jammed nest (the first) reads A and writes y once from memory,
  // and hardly more into the L1.
  std::regex re("measured traffic per run \\(1 run; [^)]*\\): ([0-9.]+) KB "
                "compulsory, ([0-9.]+) KB into L1");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.err, m, re)) << r.err;
  double compulsory = std::stod(m[1]), l1 = std::stod(m[2]);
  EXPECT_GT(compulsory, 0);
  EXPECT_LE(l1, 1.5 * compulsory) << r.err;
}

} // namespace
