// Loop fusion safety corpus (tests/programs/fusion): hazard programs where
// a dependence forbids fusing or a store is observed later (calls, views
// escaping into calls, non-affine accesses, copies and prints between the
// nests, in-place consumers, memory reductions, WAR/WAW, aliases), and
// positive cases. Every program must print under `affjit run
// --pipeline=P` (P: none, fuse, default) what run-mlir prints for the
// original; `affjit opt --pipeline=fuse` must re-parse in mlir-opt and run
// there to the same output; `// FUSE-NESTS-EXACTLY: N` and
// `// FUSE-NESTS-AT-MOST: N` bound @main's top-level nests after fuse.
// MLIR's own fusion is surveyed per program as information, never a
// failure. AFFJIT_FUSION_PIPELINES="none;fuse" (';' or blank separated)
// overrides the pipelines; without fuse among them, the fuse-only checks
// are skipped.
#include "support/FusionOracle.h"
#include "support/MlirOracle.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>

using namespace affjit::test;

namespace {

namespace fs = std::filesystem;

const char *const kCorpusDir = "tests/programs/fusion";

/// The text after `// KEY:` in the leading comment block of `text`, with
/// blanks trimmed; nullopt when no header line has the key.
std::optional<std::string> headerValue(const std::string &text,
                                       const std::string &key) {
  std::string marker = "// " + key + ":";
  for (const std::string &line : splitLines(text)) {
    if (line.rfind("//", 0) != 0)
      break;
    if (line.rfind(marker, 0) != 0)
      continue;
    std::string value = line.substr(marker.size());
    size_t begin = value.find_first_not_of(" \t");
    size_t end = value.find_last_not_of(" \t\r");
    return begin == std::string::npos ? ""
                                      : value.substr(begin, end - begin + 1);
  }
  return std::nullopt;
}

/// The nest-count header `key` as a number; -1 when absent.
int nestBound(const std::string &text, const std::string &key) {
  std::optional<std::string> value = headerValue(text, key);
  if (!value)
    return -1;
  char *end = nullptr;
  long n = std::strtol(value->c_str(), &end, 10);
  EXPECT_TRUE(!value->empty() && *end == '\0' && n >= 0)
      << "bad // " << key << ": " << *value;
  return (int)n;
}

/// Extra mlir-opt passes run-mlir needs for the program (memref views).
std::string runMlirExtraPasses(const std::string &text) {
  return headerValue(text, "RUN-MLIR-EXTRA-PASSES").value_or("");
}

/// The pipelines to run every program through: AFFJIT_FUSION_PIPELINES
/// split at ';' and blanks (a pipeline itself may be `a,b`), else
/// none, fuse and default.
std::vector<std::string> pipelinesUnderTest() {
  const char *env = std::getenv("AFFJIT_FUSION_PIPELINES");
  if (!env || !*env)
    return {"none", "fuse", "default"};
  std::vector<std::string> out;
  std::string current;
  for (const char *c = env;; ++c) {
    if (*c == '\0' || *c == ';' || *c == ' ' || *c == '\t') {
      if (!current.empty())
        out.push_back(current);
      current.clear();
      if (*c == '\0')
        break;
    } else {
      current += *c;
    }
  }
  return out;
}

/// Whether some pipeline under test names the pass `fuse`.
bool fuseUnderTest() {
  for (const std::string &pipeline : pipelinesUnderTest()) {
    std::stringstream names(pipeline);
    for (std::string name; std::getline(names, name, ',');)
      if (name == "fuse")
        return true;
  }
  return false;
}

/// Top-level affine.for ops of @main in `mlirText`; -1 if unparsable.
int mainNests(const std::string &mlirText, std::string *error = nullptr) {
  auto counts = countTopLevelNests(mlirText, error);
  if (!counts || !counts->count("main"))
    return -1;
  return counts->at("main");
}

/// run-mlir's output for the original program (cached per file: every
/// test of a file compares against it).
const ProgramOutput &referenceOutput(const std::string &path) {
  static std::map<std::string, ProgramOutput> cache;
  auto it = cache.find(path);
  if (it == cache.end())
    it = cache
             .emplace(path,
                      runWithMlir(path, runMlirExtraPasses(readFile(path))))
             .first;
  return it->second;
}

std::vector<std::string> corpusFiles() {
  return listSourceFiles(kCorpusDir, ".mlir");
}

/// The corpus files that bound the nest count after fuse.
std::vector<std::string> filesWithNestBounds() {
  std::vector<std::string> out;
  for (const std::string &path : corpusFiles()) {
    std::string text = readFile(path);
    if (headerValue(text, "FUSE-NESTS-EXACTLY") ||
        headerValue(text, "FUSE-NESTS-AT-MOST"))
      out.push_back(path);
  }
  return out;
}

std::string testName(const testing::TestParamInfo<std::string> &info) {
  return testNameForPath(info.param);
}

//===----------------------------------------------------------------------===//
// the corpus itself
//===----------------------------------------------------------------------===//

TEST(FusionSafetyCorpus, ProgramsAreWellFormed) {
  std::vector<std::string> files = corpusFiles();
  ASSERT_GE(files.size(), 20u) << kCorpusDir;
  int exactlyOne = 0;
  for (const std::string &path : files) {
    SCOPED_TRACE(path);
    std::string text = readFile(path);
    // One line saying which hazard it covers, then optional headers.
    EXPECT_EQ(text.rfind("// ", 0), 0u) << "no header comment";
    EXPECT_NE(text.find("func.func @main() {"), std::string::npos);
    EXPECT_NE(text.find("call @printMemref"), std::string::npos);
    std::string error;
    int nests = mainNests(text, &error);
    ASSERT_GE(nests, 2) << error;
    EXPECT_LE(nests, 4);
    int exactly = nestBound(text, "FUSE-NESTS-EXACTLY");
    int atMost = nestBound(text, "FUSE-NESTS-AT-MOST");
    EXPECT_LE(exactly, nests);
    EXPECT_LE(atMost, nests);
    EXPECT_TRUE(exactly < 0 || atMost < 0) << "at most one nest bound";
    exactlyOne += exactly == 1;
  }
  // The positive cases: whole chains fuse into one nest.
  EXPECT_GE(exactlyOne, 1);
}

//===----------------------------------------------------------------------===//
// every pipeline prints what MLIR prints for the original
//===----------------------------------------------------------------------===//

class FusionSafety : public testing::TestWithParam<std::string> {};

TEST_P(FusionSafety, EveryPipelinePrintsWhatMlirPrints) {
  if (!runMlirAvailable())
    GTEST_SKIP() << "mlir-opt or run-mlir not found";
  const std::string &path = GetParam();
  const ProgramOutput &reference = referenceOutput(path);
  ASSERT_TRUE(reference.ok()) << "run-mlir " << path << "\n" << reference.err;
  ASSERT_FALSE(reference.out.empty());
  for (const std::string &pipeline : pipelinesUnderTest()) {
    SCOPED_TRACE("affjit run " + path + " --pipeline=" + pipeline);
    ProgramOutput run = runWithAffjit(path, pipeline, "--verify-each");
    ASSERT_TRUE(run.ok()) << run.err;
    EXPECT_EQ(run.out, reference.out);
    // A miscompiled fusion may index out of bounds (a privatized buffer
    // too small) and still print the right numbers by chance.
    ProgramOutput checked = runWithAffjit(path, pipeline, "--checked");
    ASSERT_TRUE(checked.ok()) << checked.err;
    EXPECT_EQ(checked.out, reference.out) << "--checked";
  }
}

TEST_P(FusionSafety, FusedIrRunsInMlir) {
  if (!fuseUnderTest())
    GTEST_SKIP() << "fuse is not among the pipelines under test "
                    "(AFFJIT_FUSION_PIPELINES)";
  if (!runMlirAvailable())
    GTEST_SKIP() << "mlir-opt or run-mlir not found";
  const std::string &path = GetParam();
  const ProgramOutput &reference = referenceOutput(path);
  ASSERT_TRUE(reference.ok()) << reference.err;
  CommandResult fused = affjitOpt(path, "fuse");
  ASSERT_EQ(fused.exitCode, 0) << fused.err;
  TempProgram file(fused.out);
  std::string diagnostics;
  ASSERT_TRUE(mlirAccepts(file.path, &diagnostics)) << diagnostics << fused.out;
  ProgramOutput run =
      runWithMlir(file.path, runMlirExtraPasses(readFile(path)));
  ASSERT_TRUE(run.ok()) << run.err << fused.out;
  EXPECT_EQ(run.out, reference.out)
      << "affjit opt " << path << " --pipeline=fuse printed\n"
      << fused.out;
}

/// MLIR 19's --affine-loop-fusion on the same program, as information: a
/// line on stdout and a test property, never a failure.
TEST_P(FusionSafety, MlirFusionSurvey) {
  if (!runMlirAvailable())
    GTEST_SKIP() << "mlir-opt or run-mlir not found";
  const std::string &path = GetParam();
  std::string text = readFile(path);
  const ProgramOutput &reference = referenceOutput(path);
  ASSERT_TRUE(reference.ok()) << reference.err;
  std::ostringstream info;
  info << testNameForPath(path) << ": mlir-opt --affine-loop-fusion ";
  CommandResult fused = mlirOptWithPasses(path, "--affine-loop-fusion");
  if (fused.exitCode != 0) {
    info << "fails (exit " << fused.exitCode << ")";
  } else {
    info << mainNests(text) << " -> " << mainNests(fused.out) << " nests, ";
    TempProgram file(fused.out);
    ProgramOutput run = runWithMlir(file.path, runMlirExtraPasses(text));
    if (!run.ok())
      info << "the fused program fails to run";
    else if (run.out != reference.out)
      info << "PRINTS DIFFERENT OUTPUT (MLIR miscompiles it)";
    else
      info << "prints the same";
  }
  std::cout << "[   INFO   ] " << info.str() << std::endl;
  RecordProperty("mlir_fusion", info.str());
}

INSTANTIATE_TEST_SUITE_P(Programs, FusionSafety,
                         testing::ValuesIn(corpusFiles()), testName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(FusionSafety);

//===----------------------------------------------------------------------===//
// how many nests fuse leaves, where the program says
//===----------------------------------------------------------------------===//

class FusionSafetyNests : public testing::TestWithParam<std::string> {};

TEST_P(FusionSafetyNests, FuseLeavesTheAnnotatedNestCount) {
  const std::string &path = GetParam();
  std::string text = readFile(path);
  int exactly = nestBound(text, "FUSE-NESTS-EXACTLY");
  int atMost = nestBound(text, "FUSE-NESTS-AT-MOST");
  if (!fuseUnderTest())
    GTEST_SKIP() << "nest counts need the fuse pass; it is not among the "
                    "pipelines under test (AFFJIT_FUSION_PIPELINES)";
  CommandResult fused = affjitOpt(path, "fuse");
  ASSERT_EQ(fused.exitCode, 0) << fused.err;
  std::string error;
  int nests = mainNests(fused.out, &error);
  ASSERT_GE(nests, 0) << error << fused.out;
  int before = mainNests(text);
  if (exactly >= 0) {
    EXPECT_EQ(nests, exactly)
        << (exactly == before ? "fusion must not happen here"
                              : "fusion should fuse this")
        << " (" << before << " nests before)\n"
        << fused.out;
  }
  if (atMost >= 0) {
    EXPECT_LE(nests, atMost)
        << "fusion should fuse this (" << before << " nests before)\n"
        << fused.out;
  }
}

INSTANTIATE_TEST_SUITE_P(Programs, FusionSafetyNests,
                         testing::ValuesIn(filesWithNestBounds()), testName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(FusionSafetyNests);

} // namespace
