// Differential execution tests: every program in tests/corpus/run runs
// through `affjit run` and must print exactly what MLIR 19's mlir-cpu-runner
// printed (NAME.out, recorded with shared/tools/run-mlir), with only the
// printMemref buffer address masked. Each also runs through the affine
// passes (today `--pipeline=normalize`; new passes join the list) with the
// IR verified after each: a pass never changes what a program prints.
#include "support/MlirOracle.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <regex>

using namespace affjit::test;

namespace {

class RunCorpus : public testing::TestWithParam<std::string> {};

TEST_P(RunCorpus, PrintsWhatMlirCpuRunnerPrints) {
  const std::string &file = GetParam();
  std::string expected = readFile(file.substr(0, file.size() - 5) + ".out");
  for (const char *opt : {"-O0", "-O3"}) {
    CommandResult r = runCommand(shellQuote(affjitBinary()) + " run " + opt +
                                 " " + shellQuote(file));
    ASSERT_EQ(r.exitCode, 0) << opt << "\n" << r.err;
    EXPECT_EQ(maskMemrefAddresses(r.out), maskMemrefAddresses(expected)) << opt;
  }
}

TEST_P(RunCorpus, PrintsTheSameAfterEveryPass) {
  const std::string &file = GetParam();
  std::string expected = readFile(file.substr(0, file.size() - 5) + ".out");
  CommandResult r = runCommand(
      shellQuote(affjitBinary()) + " run " + shellQuote(file) +
      " --verify-each "
      "--pipeline=raise-scf,fuse,scalrep,vectorize,unroll-jam,normalize");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(maskMemrefAddresses(r.out), maskMemrefAddresses(expected));
}

INSTANTIATE_TEST_SUITE_P(
    Corpus, RunCorpus,
    testing::ValuesIn(listSourceFiles("tests/corpus/run", ".mlir")),
    [](const auto &info) { return testNameForPath(info.param); });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(RunCorpus);

} // namespace
