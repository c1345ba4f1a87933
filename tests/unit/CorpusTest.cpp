// Differential tests of the parser, verifier and printer over the corpus in
// tests/corpus, with MLIR 19's mlir-opt as the oracle:
//  - roundtrip/: mlir-opt(affjit opt F) == mlir-opt(F), custom and generic;
//    affjit's printing is a fixed point (printing twice changes nothing).
//  - legacy/: old spellings; mlir-opt(affjit opt F) == mlir-opt(F.modern).
//  - invalid/: affjit rejects F with exit 1 and its first diagnostic at the
//    `// EXPECT-ERROR: LINE:COL: SUBSTRING` position with that text.
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <regex>

using namespace affjit::test;

namespace {

/// `affjit opt --pipeline=none`: the printer's fidelity, not the passes'.
std::string affjitOpt(const std::string &path, const std::string &flags,
                      CommandResult &r) {
  r = runCommand(shellQuote(affjitBinary()) + " opt --pipeline=none " + flags +
                 " " + shellQuote(path));
  return r.out;
}

/// mlir-opt's canonical print of `text` (value names normalized by it).
CommandResult mlirOptCanonical(const std::string &path) {
  return runCommand(shellQuote(mlirOpt()) + " " + shellQuote(path));
}

class RoundTrip : public testing::TestWithParam<std::string> {};

TEST_P(RoundTrip, MatchesMlirOpt) {
  const std::string &file = GetParam();
  CommandResult oracle = mlirOptCanonical(file);
  ASSERT_EQ(oracle.exitCode, 0)
      << "mlir-opt rejects corpus file: " << oracle.err;
  for (const char *flags : {"", "--generic"}) {
    CommandResult ours;
    std::string printed = affjitOpt(file, flags, ours);
    ASSERT_EQ(ours.exitCode, 0) << "affjit opt " << flags << " failed:\n"
                                << ours.err;
    std::string tmp = writeTempFile(printed);
    CommandResult reparsed = mlirOptCanonical(tmp);
    ASSERT_EQ(reparsed.exitCode, 0)
        << "mlir-opt rejects affjit's output (" << flags << "):\n"
        << reparsed.err << "\n--- affjit printed:\n"
        << printed;
    EXPECT_EQ(reparsed.out, oracle.out)
        << "program changed meaning (" << flags << ")\n--- affjit printed:\n"
        << printed;
    // Printing is a fixed point: affjit parses its own output identically.
    CommandResult again;
    EXPECT_EQ(affjitOpt(tmp, flags, again), printed);
    std::remove(tmp.c_str());
  }
}

INSTANTIATE_TEST_SUITE_P(
    Corpus, RoundTrip,
    testing::ValuesIn(listSourceFiles("tests/corpus/roundtrip", ".mlir")),
    [](const auto &info) { return testNameForPath(info.param); });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(RoundTrip);

class Legacy : public testing::TestWithParam<std::string> {};

TEST_P(Legacy, OldSpellingsMeanTheModernProgram) {
  const std::string &file = GetParam();
  std::string modern = file.substr(0, file.size() - 5) + ".modern.mlir";
  CommandResult oracle = mlirOptCanonical(modern);
  ASSERT_EQ(oracle.exitCode, 0) << oracle.err;
  CommandResult ours;
  std::string printed = affjitOpt(file, "", ours);
  ASSERT_EQ(ours.exitCode, 0) << ours.err;
  std::string tmp = writeTempFile(printed);
  CommandResult reparsed = mlirOptCanonical(tmp);
  std::remove(tmp.c_str());
  ASSERT_EQ(reparsed.exitCode, 0) << reparsed.err << "\n" << printed;
  EXPECT_EQ(reparsed.out, oracle.out) << printed;
}

INSTANTIATE_TEST_SUITE_P(
    Corpus, Legacy,
    testing::ValuesIn(listSourceFiles("tests/corpus/legacy", ".mlir",
                                      ".modern.mlir")),
    [](const auto &info) { return testNameForPath(info.param); });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Legacy);

class Invalid : public testing::TestWithParam<std::string> {};

TEST_P(Invalid, ReportsTheFirstErrorAtItsLocation) {
  const std::string &file = GetParam();
  std::string text = readFile(file);
  std::smatch m;
  static const std::regex header(
      R"(// EXPECT-ERROR: (\d+):(\d+): ([^\n]*?)( \(affjit only[^\n]*\))?\n)");
  ASSERT_TRUE(std::regex_search(text, m, header))
      << "missing EXPECT-ERROR header";
  std::string where = file + ":" + m[1].str() + ":" + m[2].str() + ": error: ";
  std::string substring = m[3].str();
  CommandResult r =
      runCommand(shellQuote(affjitBinary()) + " opt " + shellQuote(file));
  EXPECT_EQ(r.exitCode, 1) << r.err;
  std::string firstLine = r.err.substr(0, r.err.find('\n'));
  EXPECT_EQ(firstLine.rfind(where, 0), 0u)
      << "expected error at " << where << "\ngot: " << r.err;
  EXPECT_NE(firstLine.find(substring), std::string::npos)
      << "expected message containing '" << substring << "'\ngot: " << r.err;
}

INSTANTIATE_TEST_SUITE_P(
    Corpus, Invalid,
    testing::ValuesIn(listSourceFiles("tests/corpus/invalid", ".mlir")),
    [](const auto &info) { return testNameForPath(info.param); });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Invalid);

} // namespace
