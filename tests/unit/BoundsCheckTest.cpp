// `affjit check` (frontend/analysis/BoundsCheck.h) against three oracles.
//  * The programs in tests/programs/check name the diagnostics they expect
//    (`// EXPECT: LINE:COL: severity: message`, `// EXPECT-EXIT: N`); each
//    diagnostic comes with its source line and a caret.
//  * MLIR 19: on static shapes `mlir-opt -test-memref-bound-check` reports
//    the same errors (`// MLIR: same`), or the ones a file lists as
//    `// MLIR-EXPECT:` where affjit knows better; on random programs every
//    error affjit reports is one MLIR reports too.
//  * Brute force: for random programs without symbols, executing the loops
//    (support/BruteForceAccesses.h) gives the accesses that really leave
//    their memref; affjit's errors must be exactly those.
// Plus bad input: malformed IR is a located error with exit status 1,
// never a crash.
#include "frontend/analysis/BoundsCheck.h"
#include "frontend/analysis/MemRefAccess.h"
#include "support/BruteForceAccesses.h"
#include "support/MlirOracle.h"
#include "support/RandomAffineProgram.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <regex>
#include <set>
#include <sstream>

using namespace affjit;
using namespace affjit::test;

namespace {

/// The `// KEY: rest` lines of a program, in order.
std::vector<std::string> annotations(const std::string &text,
                                     const std::string &key) {
  std::vector<std::string> out;
  std::string prefix = "// " + key + ": ";
  for (const std::string &l : splitLines(text))
    if (l.rfind(prefix, 0) == 0)
      out.push_back(l.substr(prefix.size()));
  return out;
}

const std::regex kDiagnostic(R"(^(.*):(\d+):(\d+): (error|warning): (.*)$)");

/// `LINE:COL: severity: message` for each diagnostic about `path` in
/// `stderrText`; checks that each is followed by its source line and a
/// caret under the column.
std::vector<std::string> diagnostics(const std::string &stderrText,
                                     const std::string &path,
                                     const std::string &source) {
  std::vector<std::string> out, err = splitLines(stderrText),
                                src = splitLines(source);
  for (size_t i = 0; i < err.size(); ++i) {
    std::smatch m;
    if (!std::regex_match(err[i], m, kDiagnostic) || m[1] != path)
      continue;
    out.push_back(std::string(m[2]) + ":" + std::string(m[3]) + ": " +
                  std::string(m[4]) + ": " + std::string(m[5]));
    size_t line = std::stoul(m[2]), col = std::stoul(m[3]);
    if (i + 2 >= err.size() || line == 0 || line > src.size()) {
      ADD_FAILURE() << "no source line and caret after " << err[i];
      continue;
    }
    EXPECT_EQ(err[i + 1], src[line - 1]) << err[i];
    EXPECT_EQ(err[i + 2], std::string(col - 1, ' ') + "^") << err[i];
  }
  return out;
}

/// The error lines of mlir-opt's bound check, as `LINE:COL: error: ...`.
std::vector<std::string> mlirBoundErrors(const std::string &path) {
  CommandResult r =
      runCommand(shellQuote(mlirOptPath()) + " -test-memref-bound-check " +
                 shellQuote(path) + " -o /dev/null");
  std::vector<std::string> out;
  for (const std::string &l : splitLines(r.err)) {
    std::smatch m;
    if (std::regex_match(l, m, kDiagnostic) && m[1] == path && m[4] == "error")
      out.push_back(std::string(m[2]) + ":" + std::string(m[3]) +
                    ": error: " + std::string(m[5]));
  }
  return out;
}

std::vector<std::string> onlyErrors(const std::vector<std::string> &diags) {
  std::vector<std::string> out;
  for (const std::string &d : diags)
    if (d.find(": error: ") != std::string::npos)
      out.push_back(d);
  return out;
}

CommandResult runCheck(const std::string &path) {
  return runCommand(shellQuote(affjitBinary()) + " check " + shellQuote(path));
}

std::vector<std::string> checkFiles() {
  return listSourceFiles("tests/programs/check", ".mlir");
}

//===----------------------------------------------------------------------===//
// Program files
//===----------------------------------------------------------------------===//

TEST(BoundsCheck, ProgramFilesReportWhatTheyExpect) {
  std::vector<std::string> files = checkFiles();
  ASSERT_GE(files.size(), 5u);
  for (const std::string &file : files) {
    std::string text = readFile(file);
    CommandResult r = runCheck(file);
    std::vector<std::string> exits = annotations(text, "EXPECT-EXIT");
    ASSERT_EQ(exits.size(), 1u) << file;
    EXPECT_EQ(std::to_string(r.exitCode), exits[0]) << file << "\n" << r.err;
    EXPECT_EQ(diagnostics(r.err, file, text), annotations(text, "EXPECT"))
        << file << "\n"
        << r.err;
    EXPECT_EQ(r.out, "") << "diagnostics go to stderr";
  }
}

TEST(BoundsCheck, StaticShapesMatchMlirOpt) {
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not found";
  int compared = 0;
  for (const std::string &file : checkFiles()) {
    std::string text = readFile(file);
    std::vector<std::string> mlir = annotations(text, "MLIR-EXPECT");
    if (!annotations(text, "MLIR").empty())
      mlir = onlyErrors(annotations(text, "EXPECT"));
    else if (mlir.empty())
      continue; // `?` dimensions: MLIR flags every access to them
    EXPECT_EQ(mlirBoundErrors(file), mlir) << file;
    ++compared;
  }
  EXPECT_GE(compared, 2);
}

TEST(BoundsCheck, DimBoundedLoopsRaiseNoAlarmAndUnknownSizesOnlyWarn) {
  std::string file = std::string(AFFJIT_SOURCE_DIR) +
                     "/tests/programs/check/dynamic_sizes.mlir";
  std::string text = readFile(file);
  CommandResult r = runCheck(file);
  EXPECT_EQ(r.exitCode, 0) << "\"may be\" does not fail the check\n" << r.err;
  std::vector<std::string> diags = diagnostics(r.err, file, text);
  ASSERT_FALSE(diags.empty());
  for (const std::string &d : diags) {
    EXPECT_NE(d.find(": warning: 'affine.load' op memref may be out of upper "
                     "bound access along dimension #"),
              std::string::npos)
        << d;
    EXPECT_NE(d.find(" (depends on runtime sizes)"), std::string::npos) << d;
  }
  // No diagnostic at all in the functions whose subscripts are bounded.
  size_t firstUnknown = text.find("@depends_on_runtime_sizes");
  size_t line = (size_t)std::count(text.begin(),
                                   text.begin() + (long)firstUnknown, '\n') +
                1;
  for (const std::string &d : diags)
    EXPECT_GT(std::stoul(d), line) << d;
}

TEST(BoundsCheck, ReadsStandardInput) {
  std::string file = std::string(AFFJIT_SOURCE_DIR) +
                     "/tests/programs/check/dynamic_errors.mlir";
  CommandResult r = runCommand("cat " + shellQuote(file) + " | " +
                               shellQuote(affjitBinary()) + " check -");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("<stdin>:10:12: error: 'affine.load' op memref out of "
                       "upper bound access along dimension #1"),
            std::string::npos)
      << r.err;
}

//===----------------------------------------------------------------------===//
// Bad input
//===----------------------------------------------------------------------===//

TEST(BoundsCheck, MalformedInputIsALocatedError) {
  std::string path = writeTempFile(R"(func.func @f(%A: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %v = affine.load %A[%i] : memref<4xf32>
    %w = arith.addf %v, %undefined : f32
  }
  return
}
)");
  CommandResult r = runCheck(path);
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find(path + ":4:25: error: use of undeclared SSA value name"),
            std::string::npos)
      << r.err;
  std::remove(path.c_str());

  std::string truncated = writeTempFile("func.func @f(%A: memref<4xf32>) {\n"
                                        "  affine.for %i = 0 to");
  r = runCheck(truncated);
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_TRUE(std::regex_search(r.err, std::regex(":[0-9]+:[0-9]+: error: ")))
      << r.err;
  std::remove(truncated.c_str());

  std::string binary =
      writeTempFile(std::string("\x7f\x45\x4c\x46\x00\x01", 6));
  r = runCheck(binary);
  EXPECT_EQ(r.exitCode, 1) << r.err;
  std::remove(binary.c_str());

  r = runCheck("/nonexistent/input.mlir");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.err, "affjit: error: cannot open '/nonexistent/input.mlir': "
                   "No such file or directory\n");
}

TEST(BoundsCheck, EveryCorpusFileGivesAnExitStatusNotACrash) {
  std::string files;
  for (const char *dir :
       {"tests/corpus/roundtrip", "tests/corpus/legacy", "tests/corpus/invalid",
        "tests/corpus/run", "tests/programs", "tests/programs/deps"})
    for (const std::string &f : listSourceFiles(dir, ".mlir"))
      files += " " + shellQuote(f);
  ASSERT_FALSE(files.empty());
  // One shell loop: prints each file whose status is neither 0 nor 1.
  CommandResult r =
      runCommand("for f in" + files + "; do " + shellQuote(affjitBinary()) +
                 " check \"$f\" >/dev/null 2>&1; rc=$?; "
                 "[ $rc -le 1 ] || echo \"$f: $rc\"; done");
  EXPECT_EQ(r.out, "");
}

TEST(BoundsCheck, NonAffineSubscriptsAreWarningsNotCrashes) {
  auto m = parseModuleText(R"(func.func @f(%A: memref<10x10xf32>, %s: index) {
  affine.for %i = 0 to 10 {
    %k = affine.apply affine_map<(d0)[s0] -> (d0 * s0)>(%i)[%s]
    %x = affine.load %A[%k, %i floordiv symbol(%s)] : memref<10x10xf32>
    affine.store %x, %A[%i mod symbol(%s), 0] : memref<10x10xf32>
  }
  return
})");
  ASSERT_TRUE(m);
  std::vector<BoundsDiagnostic> d = checkMemRefBounds(m->func());
  ASSERT_EQ(d.size(), 2u);
  for (const BoundsDiagnostic &x : d) {
    EXPECT_EQ(x.severity, Severity::Warning);
    EXPECT_NE(x.message.find("memref access not checked"), std::string::npos);
  }
}

//===----------------------------------------------------------------------===//
// Random programs
//===----------------------------------------------------------------------===//

GeneratorOptions staticOptions() {
  GeneratorOptions o;
  o.memrefArgument = false;
  o.dynamicDims = false;
  return o;
}

/// The errors an access really commits, in the checker's order.
std::set<std::string> trueErrors(Operation *op,
                                 const std::vector<AccessPoint> &points) {
  std::set<std::string> out;
  Type type = getMemRefAccesses(op).front().memref->getType();
  std::string prefix = "'" + op->getName() + "' op memref out of ";
  for (unsigned r = 0; r < type.getRank(); ++r) {
    std::string along =
        " bound access along dimension #" + std::to_string(r + 1);
    for (const AccessPoint &p : points) {
      if (p.index[r] >= type.getDimSize(r))
        out.insert(prefix + "upper" + along);
      if (p.index[r] < 0)
        out.insert(prefix + "lower" + along);
    }
  }
  return out;
}

TEST(BoundsCheck, RandomProgramsMatchBruteForce) {
  GeneratorOptions o = staticOptions();
  o.minSymbols = o.maxSymbols = 0;
  o.percentSymbolicBound = 0;
  o.percentDivMod = 35;
  int exact = 0, errors = 0;
  for (uint64_t i = 0; i < 300 && !HasFailure(); ++i) {
    std::string text = generateAffineProgram(programSeed(6000, i), o);
    auto m = parseModuleText(text);
    ASSERT_TRUE(m) << text;
    auto trace = traceAccesses(m->func());
    ASSERT_TRUE(trace) << text;
    for (Operation *op : affineAccessOps(m->func())) {
      std::set<std::string> got;
      for (const BoundsDiagnostic &d : checkOpBounds(op)) {
        EXPECT_EQ(d.severity, Severity::Error) << d.message << "\n" << text;
        got.insert(d.message);
      }
      std::set<std::string> want = trueErrors(op, (*trace)[op]);
      if (isOverApproximated(op)) {
        EXPECT_TRUE(
            std::includes(got.begin(), got.end(), want.begin(), want.end()))
            << text;
        continue;
      }
      EXPECT_EQ(got, want) << text;
      ++exact;
      errors += (int)want.size();
    }
  }
  EXPECT_GT(exact, 500);
  EXPECT_GT(errors, 100) << "the programs go out of bounds often enough";
}

TEST(BoundsCheck, RandomProgramsReportASubsetOfMlirOpt) {
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not found";
  GeneratorOptions o = staticOptions();
  int fewer = 0;
  for (uint64_t i = 0; i < 60 && !HasFailure(); ++i) {
    std::string text = generateAffineProgram(programSeed(7000, i), o);
    std::string path = writeTempFile(text);
    CommandResult r = runCheck(path);
    std::vector<std::string> ours = onlyErrors(diagnostics(r.err, path, text));
    std::vector<std::string> mlir = mlirBoundErrors(path);
    EXPECT_EQ(r.exitCode, ours.empty() ? 0 : 1) << r.err;
    std::set<std::string> mlirSet(mlir.begin(), mlir.end());
    for (const std::string &e : ours)
      EXPECT_TRUE(mlirSet.count(e)) << e << "\n" << text;
    fewer += ours.size() < mlir.size() ? 1 : 0;
    std::remove(path.c_str());
  }
  RecordProperty("ProgramsWithFewerAlarmsThanMlir", fewer);
}

} // namespace
