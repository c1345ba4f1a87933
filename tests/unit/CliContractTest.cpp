// The command line contract (engine/cli/Contract.h), end to end through the
// real tool: every usage and input error is one line `affjit: error: ...`
// on stderr with exit status 1 and nothing on stdout (CLI11's own wording
// and exit codes 105..114 never leak), misspelt names get "did you mean",
// --help and --version exit 0, `-` is stdin and stdout, files that cannot
// be read or written say why (errno), `affjit asm` prints host assembly
// and `affjit completion bash` a working completion script.
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>

using namespace affjit::test;

namespace {

// Prints 42 when it runs.
const char *kProgram = R"(func.func @main() {
  %c = arith.constant 42 : i32
  vector.print %c : i32
  return
}
)";

// A kernel with arguments, for `-e` and the argument options.
const char *kKernel =
    R"(func.func @matvec(%A: memref<4x3xf32>, %x: memref<3xf32>,
                   %y: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 3 {
      %a = affine.load %A[%i, %j] : memref<4x3xf32>
      %b = affine.load %x[%j] : memref<3xf32>
      %c = affine.load %y[%i] : memref<4xf32>
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      affine.store %s, %y[%i] : memref<4xf32>
    }
  }
  return
}
)";

const std::string &programPath() {
  static const std::string path = writeTempFile(kProgram);
  return path;
}

const std::string &kernelPath() {
  static const std::string path = writeTempFile(kKernel);
  return path;
}

CommandResult affjit(const std::string &args) {
  return runCommand(shellQuote(affjitBinary()) + " " + args);
}

std::string sh(const std::string &path) { return shellQuote(path); }

struct ErrorCase {
  std::string args;
  /// The whole first line of stderr after `affjit: error: `, or its start
  /// when `prefix`.
  std::string message;
  bool prefix = false;
};

void expectError(const ErrorCase &c) {
  CommandResult r = affjit(c.args);
  EXPECT_EQ(r.exitCode, 1) << c.args << "\n" << r.err;
  EXPECT_EQ(r.out, "") << c.args;
  std::string expected = "affjit: error: " + c.message;
  if (c.prefix)
    EXPECT_EQ(r.err.substr(0, expected.size()), expected) << c.args;
  else
    EXPECT_EQ(r.err, expected + "\n") << c.args;
  EXPECT_EQ(splitLines(r.err).size(), 1u) << c.args << "\n" << r.err;
}

TEST(CliContract, FlagErrorsAreOneLineWithExitStatusOne) {
  std::string k = sh(kernelPath()), p = sh(programPath());
  for (const ErrorCase &c : std::vector<ErrorCase>{
           {"run " + p + " --threads two",
            "--threads: expected an integer in 0..4096, got 'two'"},
           {"run " + p + " --threads 5000",
            "--threads: expected an integer in 0..4096, got '5000'"},
           {"run " + p + " -O 7", "-O: expected an integer in 0..3, got '7'"},
           {"run " + p + " -- 1 2",
            "unexpected argument '1': affjit run takes one input file"},
           {"ops extra",
            "unexpected argument 'extra': affjit ops takes no arguments"},
           {"opt " + k + " --measure-traffic matvec",
            "unexpected argument 'matvec' after --measure-traffic, whose "
            "value is optional: attach it as --measure-traffic=matvec"},
           {"run " + p + " --opt-report fuse",
            "unexpected argument 'fuse' after --opt-report, whose value is "
            "optional: attach it as --opt-report=fuse"},
           {"opt " + p + " --pipeline", "--pipeline needs a value (TEXT)"},
           {"run " + p + " -e", "--entry needs a value (TEXT)"},
           {"run " + p + " -e a -e b",
            "--entry given 2 times; it takes one value"},
           {"bench " + k + " --seed abc",
            "--seed abc: expected a non-negative integer"},
           {"bench " + k + " --min-time soon",
            "--min-time soon: expected a non-negative number"},
           {"bench " + k + " --repetitions 0",
            "--repetitions 0: expected a positive number"},
           {"completion", "missing shell (see affjit completion --help)"},
           {"completion zsh", "completion zsh: only bash is supported", true},
           {"llvm " + p + " --asm --optimized",
            "--asm and --optimized cannot be combined"},
       })
    expectError(c);
}

TEST(CliContract, MisspeltNamesGetSuggestions) {
  std::string k = sh(kernelPath()), p = sh(programPath());
  for (const ErrorCase &c : std::vector<ErrorCase>{
           {"rnu " + p,
            "unknown subcommand 'rnu'; did you mean 'run'? (subcommands: "
            "opt, run, llvm, asm, compile, deps, check, bench, repl, ops, "
            "completion)"},
           {"frobnicate " + p,
            "unknown subcommand 'frobnicate' (subcommands:", true},
           {"",
            "no subcommand given (subcommands: opt, run, llvm, asm, compile, "
            "deps, check, bench, repl, ops, completion; see affjit "
            "--help)"},
           {"--verison", "unknown option '--verison' for affjit; did you "
                         "mean '--version'? (see affjit --help)"},
           {"run " + p + " --thredas 2",
            "unknown option '--thredas' for affjit run; did you mean "
            "'--threads'? (see affjit run --help)"},
           {"bench " + k + " --sed=3",
            "unknown option '--sed' for affjit bench; did you mean "
            "'--seed'? (see affjit bench --help)"},
           {"run " + k + " -e matvce --fill 1",
            "no function named @matvce (functions: @matvec); did you mean "
            "@matvec?"},
           {"bench " + k + " -e matvce",
            "no function named @matvce (functions: @matvec); did you mean "
            "@matvec?"},
           {"opt " + p + " --pipeline=fusee",
            "unknown pass 'fusee' in --pipeline (known: ", true},
       })
    expectError(c);
  CommandResult pass = affjit("opt " + p + " --pipeline=fusee");
  EXPECT_NE(pass.err.find("); did you mean 'fuse'?\n"), std::string::npos)
      << pass.err;
  CommandResult report = affjit("run " + p + " --opt-report=normalise");
  EXPECT_NE(report.err.find("; did you mean 'normalize'?\n"), std::string::npos)
      << report.err;
  CommandResult far = affjit("opt " + p + " --pipeline=xyzzy");
  EXPECT_EQ(far.err.find("did you mean"), std::string::npos)
      << "no suggestion for a word unlike every pass: " << far.err;
}

TEST(CliContract, FileErrorsSayWhy) {
  std::string dir = std::filesystem::temp_directory_path().string();
  for (const ErrorCase &c : std::vector<ErrorCase>{
           {"run /nonexistent/x.mlir",
            "cannot open '/nonexistent/x.mlir': No such file or directory"},
           {"opt " + sh(dir), "cannot open '" + dir + "': Is a directory"},
           {"check " + sh(dir), "cannot open '" + dir + "': Is a directory"},
           {"opt " + sh(programPath()) + " -o /nonexistent/out.mlir",
            "cannot write '/nonexistent/out.mlir': No such file or "
            "directory"},
           {"run " + sh(programPath()) + " -o /nonexistent/out.txt",
            "cannot write '/nonexistent/out.txt': No such file or "
            "directory"},
           {"llvm " + sh(programPath()) + " -o /nonexistent/out.ll",
            "cannot write '/nonexistent/out.ll': No such file or "
            "directory"},
       })
    expectError(c);
}

TEST(CliContract, IrErrorsKeepTheirLocation) {
  TempProgram bad("func.func @main() {\n  %x = arith.addf %y, %y : f32\n"
                  "  return\n}\n");
  for (const char *subcommand : {"opt", "run", "llvm", "asm", "check"}) {
    CommandResult r = affjit(std::string(subcommand) + " " + sh(bad.path));
    EXPECT_EQ(r.exitCode, 1) << subcommand;
    EXPECT_EQ(r.err.rfind(bad.path + ":2:19: error: ", 0), 0u)
        << subcommand << ": " << r.err;
  }
}

TEST(CliContract, HelpAndVersionExitZero) {
  CommandResult version = affjit("--version");
  EXPECT_EQ(version.exitCode, 0);
  EXPECT_TRUE(std::regex_search(
      version.out, std::regex("^affjit [0-9]+\\.[0-9]+\\.[0-9]+\nbuilt "
                              "with LLVM [0-9]+\\.[0-9]+\\.[0-9]+ for ")))
      << version.out;
  EXPECT_EQ(version.err, "");
  for (const char *args : {"--help", "run --help", "bench --help", "-h"}) {
    CommandResult help = affjit(args);
    EXPECT_EQ(help.exitCode, 0) << args;
    EXPECT_EQ(help.err, "") << args;
    EXPECT_NE(help.out.find("Exit status: 0 on success; 1 on any error"),
              std::string::npos)
        << args << ": the exit statuses are documented\n"
        << help.out;
  }
}

TEST(CliContract, ThreadsZeroMeansAutomatic) {
  for (const char *threads : {"0", "1", "4"}) {
    CommandResult r =
        affjit("run " + sh(programPath()) + " --threads " + threads);
    EXPECT_EQ(r.exitCode, 0) << threads << "\n" << r.err;
    EXPECT_EQ(r.out, "42\n") << threads;
  }
}

TEST(CliContract, DashIsStdinAndStdout) {
  std::string p = sh(programPath());
  CommandResult direct = affjit("opt " + p);
  ASSERT_EQ(direct.exitCode, 0) << direct.err;
  CommandResult piped = runCommand("cat " + p + " | " +
                                   shellQuote(affjitBinary()) + " opt - -o -");
  EXPECT_EQ(piped.exitCode, 0) << piped.err;
  EXPECT_EQ(piped.out, direct.out);
  // Without a file, stdin is read when it is not a terminal.
  CommandResult implicit =
      runCommand("cat " + p + " | " + shellQuote(affjitBinary()) + " run");
  EXPECT_EQ(implicit.exitCode, 0) << implicit.err;
  EXPECT_EQ(implicit.out, "42\n");

  std::string out = writeTempFile("", ".txt");
  for (std::string sub : {"opt", "llvm", "asm", "run", "deps"}) {
    CommandResult toStdout = affjit(sub + " " + p);
    CommandResult toFile = affjit(sub + " " + p + " -o " + sh(out));
    EXPECT_EQ(toFile.exitCode, 0) << sub << "\n" << toFile.err;
    EXPECT_EQ(toFile.out, "") << sub;
    EXPECT_EQ(readFile(out), toStdout.out) << sub;
  }
  std::filesystem::remove(out);
}

TEST(CliContract, StdinAtATerminalIsAnErrorNotAWait) {
  if (runCommand("command -v script").exitCode != 0)
    GTEST_SKIP() << "no script(1) to make a terminal";
  // script(1) gives affjit a pseudo-terminal as stdin; `timeout` turns a
  // wait for input into a failure instead of a hung test.
  CommandResult r = runCommand("timeout 20 script -qec " +
                               shellQuote(shellQuote(affjitBinary()) + " run") +
                               " /dev/null");
  EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("affjit: error: no input file (give FILE.mlir, or - "
                       "to read stdin)"),
            std::string::npos)
      << r.out;
}

TEST(CliContract, AsmPrintsHostAssembly) {
  std::string p = sh(programPath());
  CommandResult asmOut = affjit("asm " + p);
  ASSERT_EQ(asmOut.exitCode, 0) << asmOut.err;
  EXPECT_NE(asmOut.out.find("main:"), std::string::npos) << asmOut.out;
  EXPECT_NE(asmOut.out.find(".text"), std::string::npos) << asmOut.out;
  EXPECT_EQ(asmOut.out.find("define void"), std::string::npos)
      << "assembly, not LLVM IR";
  CommandResult llvmAsm = affjit("llvm --asm " + p);
  EXPECT_EQ(llvmAsm.exitCode, 0) << llvmAsm.err;
  EXPECT_EQ(llvmAsm.out, asmOut.out);
  CommandResult o0 = affjit("asm -O0 --pipeline=none " + p);
  EXPECT_EQ(o0.exitCode, 0) << o0.err;
  EXPECT_NE(o0.out.find("main:"), std::string::npos);
}

/// What the completion script offers for the words `line` (the last one
/// being completed).
std::string complete(const std::string &script, const std::string &line) {
  std::string command = "source " + shellQuote(script) + "; COMP_WORDS=(" +
                        line +
                        "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _affjit; "
                        "echo \"${COMPREPLY[*]}\"";
  return runCommand("bash -c " + shellQuote(command)).out;
}

TEST(CliContract, CompletionScriptCompletesSubcommandsFlagsAndPasses) {
  std::string script = writeTempFile("", ".bash");
  CommandResult r = affjit("completion bash -o " + sh(script));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(runCommand("bash -n " + sh(script)).exitCode, 0);
  EXPECT_EQ(complete(script, "affjit ru"), "run\n");
  EXPECT_EQ(complete(script, "affjit co"), "compile completion\n");
  EXPECT_EQ(complete(script, "affjit compile x.mlir --tar"), "--target\n");
  EXPECT_EQ(complete(script, "affjit run x.mlir --thr"), "--threads\n");
  EXPECT_EQ(complete(script, "affjit bench x.mlir --se"), "--seed\n");
  EXPECT_EQ(complete(script, "affjit opt --pipeline nor"), "normalize\n");
  EXPECT_EQ(complete(script, "affjit bench --test-corr"), "\n")
      << "hidden flags stay hidden";
  std::filesystem::remove(script);
}

} // namespace
