// Every tests/corpus/run program rewritten into scf by MLIR 19 itself
// (`mlir-opt --lower-affine`: affine.for/if/parallel become scf.for/if/
// parallel, affine.load/store become memref.load/store over arith index
// computations, max/min bounds become arith.maxsi/minsi) must print what
// the original printed (its recorded .out), under `--pipeline=none` (the
// scf lowering) and `default` (raise-scf raises it back first, then the
// affine passes run). Programs that need extra MLIR passes, or that
// mlir-opt leaves without scf, are skipped.
#include "support/MlirOracle.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

using namespace affjit::test;

namespace {

class ScfLoweredCorpus : public testing::TestWithParam<std::string> {};

TEST_P(ScfLoweredCorpus, PrintsWhatTheAffineProgramPrinted) {
  const std::string &file = GetParam();
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt-19 is not installed";
  std::string text = readFile(file);
  if (text.find("RUN-MLIR-EXTRA-PASSES") != std::string::npos)
    GTEST_SKIP() << "needs extra MLIR passes";
  CommandResult lowered =
      runCommand(shellQuote(mlirOpt()) + " --lower-affine " + shellQuote(file));
  if (lowered.exitCode != 0 || lowered.out.find("scf.") == std::string::npos)
    GTEST_SKIP() << "mlir-opt leaves no scf ops";
  std::string expected =
      maskMemrefAddresses(readFile(file.substr(0, file.size() - 5) + ".out"));
  std::string path = writeTempFile(lowered.out);
  for (const char *pipeline : {"none", "default"}) {
    CommandResult r =
        runCommand(shellQuote(affjitBinary()) + " run --verify-each " +
                   shellQuote(path) + " --pipeline=" + pipeline);
    ASSERT_EQ(r.exitCode, 0) << pipeline << "\n" << r.err;
    EXPECT_EQ(maskMemrefAddresses(r.out), expected) << pipeline;
  }
  std::remove(path.c_str());
}

INSTANTIATE_TEST_SUITE_P(
    Corpus, ScfLoweredCorpus,
    testing::ValuesIn(listSourceFiles("tests/corpus/run", ".mlir")),
    [](const auto &info) { return testNameForPath(info.param); });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ScfLoweredCorpus);

} // namespace
