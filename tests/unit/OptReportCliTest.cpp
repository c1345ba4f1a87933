// The pass pipeline's user interface on `affjit opt`, `run` and `llvm`:
// `--opt-report[=PASS,...]` prints each decision of `normalize` at its loop
// (exact lines, as clang's -Rpass remarks), a pass that does not exist in
// the list is an error naming the known ones, `--dump-after` prints IR that
// mlir-opt re-parses and that equals `affjit opt` with the pipeline cut
// after that pass, and `--verify-each` leaves a correct pipeline's output
// unchanged.
#include "frontend/transform/PassPipeline.h"
#include "support/MlirOracle.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

using namespace affjit::test;

namespace {

// One loop of each kind normalize reports: already normalized (line 5),
// normalized (8), promoted (9), left alone for its max lower bound (15).
const char *kProgram = R"(func.func @main() {
  %A = memref.alloc() : memref<16xf32>
  %n = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 16 {
    affine.store %one, %A[%i] : memref<16xf32>
  }
  affine.for %i = 2 to 14 step 3 {
    affine.for %j = 4 to 5 {
      %v = affine.load %A[%i + %j] : memref<16xf32>
      %w = arith.addf %v, %one : f32
      affine.store %w, %A[%i] : memref<16xf32>
    }
  }
  affine.for %i = max affine_map<(d0) -> (d0, 1)>(%n) to 16 {
    %v = affine.load %A[%i - 1] : memref<16xf32>
    affine.store %v, %A[%i] : memref<16xf32>
  }
  %r = affine.load %A[5] : memref<16xf32>
  vector.print %r : f32
  memref.dealloc %A : memref<16xf32>
  return
}
)";

const std::string &programPath() {
  static const std::string path = writeTempFile(kProgram);
  return path;
}

/// The remarks normalize must print for kProgram, source lines and carets
/// included.
std::string expectedRemarks() {
  const std::string &f = programPath();
  return f +
         ":5:3: remark: [normalize] already normalized: 0 to 16\n"
         "  affine.for %i = 0 to 16 {\n"
         "  ^\n" +
         f +
         ":8:3: remark: [normalize] normalized: 2 to 14 step 3 -> 0 to 4\n"
         "  affine.for %i = 2 to 14 step 3 {\n"
         "  ^\n" +
         f +
         ":9:5: remark: [normalize] promoted: 4 to 5 runs once, replaced "
         "by its body\n"
         "    affine.for %j = 4 to 5 {\n"
         "    ^\n" +
         f +
         ":15:3: remark: [normalize] not normalized: max(%n, 1) to 16 has "
         "a lower bound that is a max of 2 values\n"
         "  affine.for %i = max affine_map<(d0) -> (d0, 1)>(%n) to 16 {\n"
         "  ^\n";
}

CommandResult affjit(const std::string &subcommand, const std::string &flags,
                     const std::string &path = programPath()) {
  return runCommand(shellQuote(affjitBinary()) + " " + subcommand + " " +
                    shellQuote(path) + " " + flags);
}

/// "all", the registered passes and the implicit steps, as selection
/// errors list them.
std::string knownSelectionNames() {
  std::string names = "all";
  for (const affjit::PassInfo &pass : affjit::passRegistry().passes)
    names += ", " + std::string(pass.name);
  for (std::string_view step : affjit::passRegistry().implicitPasses)
    names += ", " + std::string(step);
  return names;
}

bool isRegistered(const std::string &name) {
  for (const affjit::PassInfo &pass : affjit::passRegistry().passes)
    if (pass.name == name)
      return true;
  return false;
}

TEST(OptReportCli, NormalizeReportsEveryLoopAtItsLocation) {
  for (const char *subcommand : {"opt", "run", "llvm"}) {
    for (const char *report :
         {"--opt-report", "--opt-report=normalize", "--opt-report=all",
          "--opt-report=normalize,all"}) {
      CommandResult r =
          affjit(subcommand, std::string("--pipeline=normalize ") + report);
      EXPECT_EQ(r.exitCode, 0) << subcommand << " " << report << "\n" << r.err;
      EXPECT_EQ(r.err, expectedRemarks()) << subcommand << " " << report;
    }
  }
}

TEST(OptReportCli, TheReportDoesNotChangeWhatIsPrintedOrRun) {
  for (const char *subcommand : {"opt", "run", "llvm"}) {
    CommandResult plain = affjit(subcommand, "--pipeline=normalize");
    CommandResult reported =
        affjit(subcommand, "--pipeline=normalize --opt-report");
    ASSERT_EQ(plain.exitCode, 0) << plain.err;
    EXPECT_EQ(plain.err, "");
    EXPECT_EQ(reported.out, plain.out) << subcommand;
  }
}

TEST(OptReportCli, NoRemarksWithoutTheFlagOrWithoutThePass) {
  EXPECT_EQ(affjit("opt", "--pipeline=normalize").err, "");
  CommandResult none = affjit("opt", "--pipeline=none --opt-report");
  EXPECT_EQ(none.exitCode, 0);
  EXPECT_EQ(none.err, "");
}

TEST(OptReportCli, UnknownPassesInTheReportListAreErrors) {
  // `fuse` is the next pass to land; until it does, naming it is an error.
  std::string fuse = isRegistered("fuse") ? "nosuchpass" : "fuse";
  for (const char *subcommand : {"opt", "run", "llvm"}) {
    CommandResult r = affjit(
        subcommand, "--pipeline=normalize --opt-report=" + fuse + ",normalize");
    EXPECT_EQ(r.exitCode, 1) << subcommand;
    EXPECT_EQ(r.err, "affjit: error: unknown pass '" + fuse +
                         "' in --opt-report (known: " + knownSelectionNames() +
                         ")\n")
        << subcommand;
    EXPECT_EQ(r.out, "") << subcommand << ": nothing printed or run";
  }
  CommandResult empty = affjit("opt", "--opt-report=normalize,,normalize");
  EXPECT_EQ(empty.exitCode, 1);
  EXPECT_EQ(empty.err, "affjit: error: empty pass name in --opt-report "
                       "'normalize,,normalize'\n");
}

/// The IR dumps in `err`, each without its header line, in order; false
/// when something else is in `err`.
bool splitDumps(const std::string &err, std::vector<std::string> &dumps) {
  const std::string header = "// -----// IR Dump After normalize //----- //\n";
  size_t at = 0;
  while (at < err.size()) {
    if (err.compare(at, header.size(), header) != 0)
      return false;
    at += header.size();
    size_t next = err.find(header, at);
    dumps.push_back(err.substr(at, next == std::string::npos ? std::string::npos
                                                             : next - at));
    at = next == std::string::npos ? err.size() : next;
  }
  return true;
}

TEST(OptReportCli, DumpsAfterEachPassEqualOptWithThePipelineCutThere) {
  CommandResult r = affjit("opt", "--pipeline=normalize,normalize "
                                  "--dump-after=all");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::vector<std::string> dumps;
  ASSERT_TRUE(splitDumps(r.err, dumps)) << r.err;
  ASSERT_EQ(dumps.size(), 2u) << r.err;
  const char *prefixes[] = {"normalize", "normalize,normalize"};
  for (size_t i = 0; i < dumps.size(); ++i) {
    CommandResult opt = affjit("opt", std::string("--pipeline=") + prefixes[i]);
    ASSERT_EQ(opt.exitCode, 0) << opt.err;
    // Each dump ends with a blank line, like mlir-opt's.
    EXPECT_EQ(dumps[i], opt.out + "\n") << prefixes[i];
  }
  EXPECT_EQ(r.out, dumps.back().substr(0, dumps.back().size() - 1));
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not installed";
  for (const std::string &dump : dumps) {
    std::string path = writeTempFile(dump);
    std::string diagnostics;
    EXPECT_TRUE(mlirAccepts(path, &diagnostics)) << diagnostics << dump;
    std::filesystem::remove(path);
  }
}

TEST(OptReportCli, DumpAfterANamedPassOnRunAndLlvm) {
  CommandResult opt = affjit("opt", "--pipeline=normalize");
  ASSERT_EQ(opt.exitCode, 0) << opt.err;
  std::string dump =
      "// -----// IR Dump After normalize //----- //\n" + opt.out + "\n";
  for (const char *subcommand : {"run", "llvm"}) {
    CommandResult plain = affjit(subcommand, "--pipeline=normalize");
    CommandResult dumped =
        affjit(subcommand, "--pipeline=normalize --dump-after=normalize");
    EXPECT_EQ(dumped.exitCode, 0) << dumped.err;
    EXPECT_EQ(dumped.err, dump) << subcommand;
    EXPECT_EQ(dumped.out, plain.out) << subcommand;
  }
  // Remarks come before the dump of their pass.
  CommandResult both =
      affjit("opt", "--pipeline=normalize --dump-after=all --opt-report");
  EXPECT_EQ(both.err, expectedRemarks() + dump);
  // A pass that does not run is not dumped.
  EXPECT_EQ(affjit("opt", "--pipeline=none --dump-after=normalize").err, "");
}

TEST(OptReportCli, UnknownPassesToDumpAreErrors) {
  for (const char *subcommand : {"opt", "run", "llvm"}) {
    CommandResult r = affjit(subcommand, "--pipeline=normalize "
                                         "--dump-after=normalise");
    EXPECT_EQ(r.exitCode, 1) << subcommand;
    EXPECT_EQ(r.err, "affjit: error: unknown pass 'normalise' in "
                     "--dump-after (known: " +
                         knownSelectionNames() +
                         "); did you mean 'normalize'?\n")
        << subcommand;
    EXPECT_EQ(r.out, "");
  }
}

TEST(OptReportCli, VerifyEachKeepsACorrectPipelinesOutput) {
  for (const char *subcommand : {"opt", "run", "llvm"}) {
    CommandResult plain = affjit(subcommand, "--pipeline=normalize,normalize");
    CommandResult verified =
        affjit(subcommand, "--pipeline=normalize,normalize --verify-each");
    ASSERT_EQ(plain.exitCode, 0) << plain.err;
    EXPECT_EQ(verified.exitCode, 0) << verified.err;
    EXPECT_EQ(verified.err, "");
    EXPECT_EQ(verified.out, plain.out) << subcommand;
  }
}

TEST(OptReportCli, HelpNamesTheFlags) {
  for (const char *subcommand : {"opt", "run", "llvm", "repl"}) {
    CommandResult r =
        runCommand(shellQuote(affjitBinary()) + " " + subcommand + " --help");
    EXPECT_EQ(r.exitCode, 0);
    for (const char *flag :
         {"--pipeline", "--verify-each", "--opt-report", "--dump-after"})
      EXPECT_NE(r.out.find(flag), std::string::npos) << subcommand << flag;
  }
}

} // namespace
