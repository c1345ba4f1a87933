// IR in → pass → IR out, like MLIR's per-pass test files: every
// `tests/transform/PASS/NAME.mlir` names its pipeline on a
// `// PIPELINE: LIST` line and holds the input; `NAME.expected` holds what
// `affjit opt --pipeline=LIST` must print, the pass's own work without the
// alias guard (`--assume-distinct-args`; AliasGuardTest covers the guard).
// Each output must also
//  - parse in MLIR 19's mlir-opt;
//  - equal, once both are printed by mlir-opt, what MLIR's own pass prints
//    for the same input, when the file names it (`// MLIR-PASSES: FLAGS`);
//  - for a program with @main, print under affjit what the input printed
//    under MLIR's lowering and runner (run-mlir).
// The normalize pass is also compared with MLIR's on random programs.
// AFFJIT_UPDATE_EXPECTED=1 rewrites the .expected files from affjit's
// output (review the diff before committing it).
#include "support/MlirOracle.h"
#include "support/RandomAffineProgram.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace affjit::test;

namespace {

/// The text after `// KEY: ` on its line, or "".
std::string directive(const std::string &text, const std::string &key) {
  std::string marker = "// " + key + ": ";
  size_t at = text.find(marker);
  if (at == std::string::npos)
    return "";
  size_t begin = at + marker.size();
  return text.substr(begin, text.find('\n', begin) - begin);
}

/// `mlir-opt FLAGS PATH`: MLIR's printing of the file (after its passes).
CommandResult mlirOptPrint(const std::string &path, const std::string &flags) {
  return runCommand(shellQuote(mlirOpt()) + " " + flags + " " +
                    shellQuote(path));
}

/// Every `.mlir` under tests/transform/, sorted.
std::vector<std::string> corpusFiles() {
  std::vector<std::string> out;
  std::error_code ec;
  for (auto &e : std::filesystem::recursive_directory_iterator(
           std::string(AFFJIT_SOURCE_DIR) + "/tests/transform", ec))
    if (e.path().extension() == ".mlir")
      out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

/// `PASS_NAME` for tests/transform/PASS/NAME.mlir.
std::string corpusTestName(const std::string &path) {
  std::filesystem::path p(path);
  return testNameForPath(p.parent_path().filename().string() + "_" +
                         p.stem().string());
}

class PassCorpus : public testing::TestWithParam<std::string> {};

TEST_P(PassCorpus, MatchesExpectedAndMlir) {
  const std::string input = GetParam();
  const std::string text = readFile(input);
  const std::string pipeline = directive(text, "PIPELINE");
  ASSERT_FALSE(pipeline.empty()) << input << " has no // PIPELINE: line";
  // The expected IR was written for 512-bit vectors, whatever this host has.
  CommandResult ours =
      runCommand("AFFJIT_VECTOR_BITS=512 " + shellQuote(affjitBinary()) +
                 " opt " + shellQuote(input) +
                 " --assume-distinct-args --pipeline=" + shellQuote(pipeline));
  ASSERT_EQ(ours.exitCode, 0) << ours.err;

  const std::string expectedPath =
      input.substr(0, input.size() - 5) + ".expected";
  if (std::getenv("AFFJIT_UPDATE_EXPECTED"))
    std::ofstream(expectedPath) << ours.out;
  ASSERT_TRUE(std::filesystem::exists(expectedPath)) << expectedPath;
  EXPECT_EQ(ours.out, readFile(expectedPath))
      << "affjit opt " << input << " --pipeline=" << pipeline;

  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not installed";
  std::string outPath = writeTempFile(ours.out);
  CommandResult reprinted = mlirOptPrint(outPath, "");
  ASSERT_EQ(reprinted.exitCode, 0) << reprinted.err << ours.out;

  std::string mlirPasses = directive(text, "MLIR-PASSES");
  if (!mlirPasses.empty()) {
    CommandResult theirs = mlirOptPrint(input, mlirPasses);
    ASSERT_EQ(theirs.exitCode, 0) << theirs.err;
    EXPECT_EQ(reprinted.out, theirs.out)
        << "differs from mlir-opt " << mlirPasses;
  }

  if (text.find("func.func @main()") == std::string::npos)
    return;
  if (!std::filesystem::exists(runMlirScript()))
    GTEST_SKIP() << "run-mlir not found next to the source tree";
  CommandResult reference =
      runCommand(shellQuote(runMlirScript()) + " " + shellQuote(input));
  ASSERT_EQ(reference.exitCode, 0) << reference.err;
  CommandResult run = runCommand(shellQuote(affjitBinary()) + " run " +
                                 shellQuote(outPath) + " --pipeline=none");
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(maskMemrefAddresses(run.out), maskMemrefAddresses(reference.out));
}

INSTANTIATE_TEST_SUITE_P(Transform, PassCorpus,
                         testing::ValuesIn(corpusFiles()),
                         [](const testing::TestParamInfo<std::string> &info) {
                           return corpusTestName(info.param);
                         });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(PassCorpus);

/// `normalize` against `mlir-opt --affine-loop-normalize=promote-single-iter`
/// on generated programs (steps, symbolic and min/max bounds, bounds on
/// outer induction variables, floordiv/mod). Both outputs are printed by
/// mlir-opt and must be identical; where a bound holds a mod, MLIR's map
/// simplifier writes it as floordiv terms that affjit's keeps as a mod, so
/// there the two must be identical once --affine-simplify-structures has
/// simplified both. AFFJIT_NORMALIZE_PROGRAMS sets the count (100).
TEST(PassOracle, NormalizeMatchesMlirOnRandomPrograms) {
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not installed";
  const char *count = std::getenv("AFFJIT_NORMALIZE_PROGRAMS");
  int programs = count ? std::atoi(count) : 100, identical = 0;
  for (int seed = 1; seed <= programs; ++seed) {
    std::string input = writeTempFile(generateAffineProgram(seed));
    CommandResult ours =
        runCommand(shellQuote(affjitBinary()) + " opt " + shellQuote(input) +
                   " --pipeline=normalize");
    ASSERT_EQ(ours.exitCode, 0) << "seed " << seed << ": " << ours.err;
    std::string outPath = writeTempFile(ours.out);
    CommandResult reprinted = mlirOptPrint(outPath, "");
    ASSERT_EQ(reprinted.exitCode, 0)
        << "seed " << seed << ": " << reprinted.err;
    CommandResult theirs =
        mlirOptPrint(input, "--affine-loop-normalize=promote-single-iter=1");
    ASSERT_EQ(theirs.exitCode, 0) << "seed " << seed << ": " << theirs.err;
    if (reprinted.out == theirs.out) {
      ++identical;
      continue;
    }
    const std::string simplify = "--affine-simplify-structures";
    CommandResult a = mlirOptPrint(outPath, simplify);
    CommandResult b = mlirOptPrint(writeTempFile(theirs.out), simplify);
    EXPECT_EQ(a.out, b.out) << "seed " << seed << " differs from MLIR";
  }
  // Most programs have no mod in their bounds and match byte for byte.
  EXPECT_GT(identical, programs * 8 / 10);
}

} // namespace
