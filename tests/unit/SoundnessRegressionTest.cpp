// Regression programs for passes that changed what valid programs compute:
// strided and transposed views vectorized as if contiguous, fusion slices
// that ran a stepped producer off its step lattice, and vector epilogues of
// loops that run zero times at run time (symbolic and triangular bounds).
// Each program of tests/corpus/run listed below runs under
// `--pipeline=none`, `default`, every single pass and a few pass pairs, and
// `default` and `vectorize` with `--checked` at 128-, 256- and 512-bit
// vectors (other lane counts, other epilogues): every run must print what
// MLIR 19 printed (NAME.out, recorded with run-mlir).
#include "frontend/ir/MemRefLayout.h"
#include "support/MlirOracle.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace affjit;
using namespace affjit::test;

namespace {

const std::vector<std::string> kPrograms = {
    "strided_subview_copy",  "transpose_view_copy",
    "transpose_view_write",  "strided_view_vectorize",
    "dynamic_stride_view",   "transfer_strided_view",
    "fuse_stepped_producer", "fuse_stepped_variants",
    "empty_loop_epilogue",   "empty_loop_variants",
    "triangular_empty_rows", "triangular_empty_rows_vectorized",
};

/// Every pass on its own, and pairs where one pass feeds the next.
const std::vector<std::string> kPipelines = {
    "none",
    "default",
    "fuse",
    "distribute",
    "interchange",
    "tile",
    "split-triangle",
    "scalrep",
    "reassociate",
    "stream-reductions",
    "vectorize",
    "unroll-jam",
    "skew-jam",
    "pack",
    "pack-panels",
    "report",
    "parallelize",
    "normalize",
    "fuse,vectorize",
    "stream-reductions,vectorize",
    "vectorize,unroll-jam",
    "vectorize,normalize",
};

std::string programPath(const std::string &name, const char *ext) {
  return std::string(AFFJIT_SOURCE_DIR) + "/tests/corpus/run/" + name + ext;
}

/// `affjit run FILE ARGS` (stdout masked), failing the test on an error.
std::string runAffjit(const std::string &file, const std::string &args,
                      const std::string &env = "") {
  CommandResult r = runCommand(env + " " + shellQuote(affjitBinary()) +
                               " run " + shellQuote(file) + " " + args);
  EXPECT_EQ(r.exitCode, 0) << "affjit run " << file << " " << args << "\n"
                           << r.err;
  return maskMemrefAddresses(r.out);
}

class SoundnessRegression : public testing::TestWithParam<std::string> {};

TEST_P(SoundnessRegression, EveryPipelinePrintsWhatMlirPrints) {
  const std::string file = programPath(GetParam(), ".mlir");
  const std::string expected =
      maskMemrefAddresses(readFile(programPath(GetParam(), ".out")));
  for (const std::string &pipeline : kPipelines)
    EXPECT_EQ(runAffjit(file, "--pipeline=" + pipeline), expected)
        << "--pipeline=" << pipeline;
}

TEST_P(SoundnessRegression, CheckedAtEveryVectorWidth) {
  const std::string file = programPath(GetParam(), ".mlir");
  const std::string expected =
      maskMemrefAddresses(readFile(programPath(GetParam(), ".out")));
  for (const char *bits : {"128", "256", "512"})
    for (const char *pipeline : {"default", "vectorize", "fuse,vectorize"})
      EXPECT_EQ(runAffjit(file, std::string("--checked --pipeline=") + pipeline,
                          std::string("AFFJIT_VECTOR_BITS=") + bits),
                expected)
          << bits << "-bit vectors, --pipeline=" << pipeline;
}

INSTANTIATE_TEST_SUITE_P(Corpus, SoundnessRegression,
                         testing::ValuesIn(kPrograms),
                         [](const testing::TestParamInfo<std::string> &info) {
                           return info.param;
                         });

/// `--opt-report=PASS` lines of `affjit run FILE --pipeline=PIPELINE`.
std::string remarksOf(const std::string &file, const std::string &pipeline,
                      const std::string &pass) {
  CommandResult r =
      runCommand(shellQuote(affjitBinary()) + " run " + shellQuote(file) +
                 " --pipeline=" + pipeline + " --opt-report=" + pass);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  return r.err;
}

TEST(SoundnessRegressionRemarks, StridedViewsSayWhyTheyStayScalar) {
  std::string remarks = remarksOf(programPath("strided_subview_copy", ".mlir"),
                                  "vectorize", "vectorize");
  EXPECT_NE(remarks.find("an access moves along the innermost dimension of "
                         "memref<32xf32, strided<[2]>>, whose stride is not 1"),
            std::string::npos)
      << remarks;
  remarks = remarksOf(programPath("dynamic_stride_view", ".mlir"), "vectorize",
                      "vectorize");
  EXPECT_NE(remarks.find("strided<[?], offset: ?>>, whose stride is not 1"),
            std::string::npos)
      << remarks;
}

TEST(SoundnessRegressionRemarks, SteppedSlicesNameTheirStep) {
  std::string file = std::string(AFFJIT_SOURCE_DIR) +
                     "/tests/transform/fuse/stepped_producer.mlir";
  std::string remarks = remarksOf(file, "fuse", "fuse");
  EXPECT_NE(remarks.find("slice (d0) -> [d0 (on step 4)]"), std::string::npos)
      << remarks;
  EXPECT_NE(remarks.find("fused nest at 30:3 into this nest at depth 1"),
            std::string::npos)
      << remarks;
}

TEST(SoundnessRegressionRemarks, EpiloguesStartAtTheLowerBoundAtLeast) {
  std::string remarks = remarksOf(programPath("empty_loop_epilogue", ".mlir"),
                                  "vectorize", "vectorize");
  EXPECT_NE(remarks.find("epilogue vectorized: max(40, "), std::string::npos)
      << remarks;
}

/// affine.vector_load/store and vector.transfer_read/write written by the
/// user on views whose innermost stride is not 1 (MLIR rejects the first
/// two there; affjit lowers them lane by lane, as their indices say).
TEST(SoundnessRegressionLowering, VectorAccessesOnStridedViewsGoLaneByLane) {
  TempProgram program(R"(
func.func @kernel(%V: memref<20xf32, strided<[3], offset: 1>>,
                  %D: memref<?xf32, strided<[?], offset: ?>>) {
  %c2 = arith.constant 2 : index
  %v = affine.vector_load %V[%c2] : memref<20xf32, strided<[3], offset: 1>>, vector<4xf32>
  vector.print %v : vector<4xf32>
  %w = arith.constant dense<[100.0, 101.0, 102.0, 103.0]> : vector<4xf32>
  affine.vector_store %w, %V[%c2 + 3] : memref<20xf32, strided<[3], offset: 1>>, vector<4xf32>
  %u = affine.vector_load %V[%c2 + 3] : memref<20xf32, strided<[3], offset: 1>>, vector<4xf32>
  vector.print %u : vector<4xf32>
  %d = affine.vector_load %D[%c2] : memref<?xf32, strided<[?], offset: ?>>, vector<4xf32>
  vector.print %d : vector<4xf32>
  return
}
func.func @main() {
  %A = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    affine.store %f, %A[%i] : memref<64xf32>
  }
  %V = memref.subview %A[1] [20] [3] : memref<64xf32> to memref<20xf32, strided<[3], offset: 1>>
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c9 = arith.constant 9 : index
  %D = memref.reinterpret_cast %A to offset: [%c5], sizes: [%c9], strides: [%c2] : memref<64xf32> to memref<?xf32, strided<[?], offset: ?>>
  call @kernel(%V, %D) : (memref<20xf32, strided<[3], offset: 1>>, memref<?xf32, strided<[?], offset: ?>>) -> ()
  %a16 = affine.load %A[16] : memref<64xf32>
  %a17 = affine.load %A[17] : memref<64xf32>
  %a19 = affine.load %A[19] : memref<64xf32>
  vector.print %a16 : f32
  vector.print %a17 : f32
  vector.print %a19 : f32
  return
}
)");
  const std::string expected = "( 7, 10, 13, 16 )\n"
                               "( 100, 101, 102, 103 )\n"
                               "( 9, 11, 13, 15 )\n"
                               "100\n17\n101\n";
  for (const char *pipeline : {"none", "default"})
    EXPECT_EQ(runAffjit(program.path,
                        std::string("--checked --pipeline=") + pipeline),
              expected)
        << pipeline;
}

TEST(SoundnessRegressionLayout, UnitInnermostStride) {
  EXPECT_TRUE(hasUnitInnermostStride(Type::memref({8}, Type::f32())));
  EXPECT_TRUE(hasUnitInnermostStride(Type::memref({kDynamic}, Type::f32())));
  EXPECT_TRUE(hasUnitInnermostStride(Type::memref({}, Type::f32())));
  EXPECT_TRUE(hasUnitInnermostStride(
      Type::stridedMemref({4, 8}, Type::f32(), {16, 1}, kDynamic, 0)));
  EXPECT_FALSE(hasUnitInnermostStride(
      Type::stridedMemref({32}, Type::f32(), {2}, 0, 0)));
  EXPECT_FALSE(hasUnitInnermostStride(
      Type::stridedMemref({16, 16}, Type::f32(), {1, 16}, 0, 0)));
  EXPECT_FALSE(hasUnitInnermostStride(Type::stridedMemref(
      {kDynamic, kDynamic}, Type::f32(), {kDynamic, kDynamic}, kDynamic, 0)));
  EXPECT_FALSE(hasUnitInnermostStride(Type::f32()));
}

} // namespace
