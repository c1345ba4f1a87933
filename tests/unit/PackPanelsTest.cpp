// The pack-panels pass end to end: which strided vector loads of a
// register-blocked nest it copies into panels, which it refuses and why,
// and that the default pipeline with it computes bit for bit what the
// unoptimized program computes (affjit bench compares every buffer of
// `none` and `default`). AFFJIT_VECTOR_BITS, AFFJIT_L2_BYTES and
// AFFJIT_LLC_BYTES pin the target so the decisions do not depend on the
// host. The corpus file tests/transform/pack-panels/ checks the rewritten
// IR against MLIR's parser and runner.
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <string>

using namespace affjit::test;

namespace {

const std::string kTarget =
    "AFFJIT_VECTOR_BITS=512 AFFJIT_NUM_THREADS=1 AFFJIT_L2_BYTES=262144 "
    "AFFJIT_LLC_BYTES=4194304 ";

/// C[M x N] += A[M x K] * B[K x N] in PolyBench's order, with B's rows
/// `ldb` elements long (only the first N columns used).
std::string gemm(int m, int n, int k, int ldb) {
  auto s = [](int v) { return std::to_string(v); };
  std::string a = "memref<" + s(m) + "x" + s(k) + "xf32>",
              b = "memref<" + s(k) + "x" + s(ldb) + "xf32>",
              c = "memref<" + s(m) + "x" + s(n) + "xf32>";
  return "func.func @kernel(%A: " + a + ", %B: " + b + ", %C: " + c +
         ") {\n"
         "  affine.for %i = 0 to " +
         s(m) +
         " {\n"
         "    affine.for %k = 0 to " +
         s(k) +
         " {\n"
         "      affine.for %j = 0 to " +
         s(n) +
         " {\n"
         "        %a = affine.load %A[%i, %k] : " +
         a +
         "\n"
         "        %b = affine.load %B[%k, %j] : " +
         b +
         "\n"
         "        %p = arith.mulf %a, %b : f32\n"
         "        %c = affine.load %C[%i, %j] : " +
         c +
         "\n"
         "        %s = arith.addf %c, %p : f32\n"
         "        affine.store %s, %C[%i, %j] : " +
         c +
         "\n"
         "      }\n"
         "    }\n"
         "  }\n"
         "  return\n"
         "}\n";
}

CommandResult affjit(const std::string &env, const std::string &args) {
  return runCommand(kTarget + env + shellQuote(affjitBinary()) + " " + args);
}

/// The pack-panels remarks of `pipeline` on `program`.
std::string panelRemarks(const TempProgram &program, const std::string &env,
                         const std::string &pipeline) {
  CommandResult r =
      affjit(env, "opt --pipeline=" + pipeline + " --opt-report=pack-panels " +
                      shellQuote(program.path));
  EXPECT_EQ(r.exitCode, 0) << r.err;
  return r.err;
}

// gemm's B (rows of 512 bytes, read a row per k step by each 6-row block)
// is copied into 2 panels of 128 x 64 lanes before the row loop, and the
// default pipeline still computes every bit as the loops as written do.
TEST(PackPanels, GemmRowBlocksReadPanelsBitForBit) {
  TempProgram program(gemm(96, 128, 128, 128));
  std::string remarks = panelRemarks(program, "", "default");
  EXPECT_NE(remarks.find("remark: [pack-panels] packed: the vector load of 0 "
                         "to 128 into 2 panel(s) of 128 x 64 elements, "
                         "copied once before 0 to 96 step 6"),
            std::string::npos)
      << remarks;
  CommandResult bench =
      affjit("", "bench " + shellQuote(program.path) +
                     " --entry kernel --compare=none,default --threads 1 "
                     "--repetitions 1 --warmup 0 --no-pin");
  EXPECT_EQ(bench.exitCode, 0) << bench.out << bench.err;
  EXPECT_NE(bench.out.find("bit for bit"), std::string::npos) << bench.out;
}

// Beyond 3/4 of the L2, panels are made only when B's rows are a whole
// number of pages (every k step in the same L1 set and a new page), and
// at most a quarter of the last-level cache.
TEST(PackPanels, PanelsBeyondTheL2OnlyForRowsOfWholePages) {
  const std::string pipeline = "interchange,vectorize,unroll-jam,pack-panels";
  const std::string smallL2 = "AFFJIT_L2_BYTES=65536 ";
  TempProgram pages(gemm(48, 1024, 64, 1024));
  EXPECT_NE(panelRemarks(pages, smallL2, pipeline)
                .find("remark: [pack-panels] packed: the vector load of 0 to "
                      "64 into 16 panel(s) of 64 x 64 elements"),
            std::string::npos);
  TempProgram rows(gemm(48, 1000, 64, 1000));
  EXPECT_NE(panelRemarks(rows, smallL2, pipeline)
                .find("remark: [pack-panels] not packed: the panels would "
                      "take more than 3/4 of the L2"),
            std::string::npos);
  EXPECT_NE(panelRemarks(pages, smallL2 + "AFFJIT_LLC_BYTES=524288 ", pipeline)
                .find("remark: [pack-panels] not packed: the panels would "
                      "take more than a quarter of the last-level cache"),
            std::string::npos);
}

} // namespace
