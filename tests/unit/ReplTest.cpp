// `affjit repl` driven from a pipe, as scripts use it: buffers and kernel
// calls print what MLIR 19's mlir-cpu-runner prints for the same program
// (tests/repl/reference.out), redefinitions take effect in callers, :time's
// rates follow from independently counted work, inspection commands agree
// with the matching subcommands, and every kind of bad line (bad IR, unknown
// commands, wrong call types, crashes in JIT code) is reported while the
// session keeps its buffers and functions.
#include "support/MlirOracle.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

using namespace affjit::test;

namespace {

std::string replDir() { return std::string(AFFJIT_SOURCE_DIR) + "/tests/repl"; }

/// Runs `affjit repl FLAGS` in tests/repl with `script` on stdin.
CommandResult runRepl(const std::string &script,
                      const std::string &flags = "") {
  std::string path = writeTempFile(script, ".repl");
  CommandResult r = runCommand("cd " + shellQuote(replDir()) +
                               " && timeout 120 " + shellQuote(affjitBinary()) +
                               " repl " + flags + " < " + shellQuote(path));
  std::filesystem::remove(path);
  return r;
}

/// The REPL's output without its own messages (definitions, new buffers),
/// i.e. what the kernels and :print printed.
std::string programOutput(const std::string &out) {
  static const std::regex chatter(
      R"(^(defined |replaced @|%[A-Za-z0-9_$.]+: memref).*)");
  std::string kept;
  for (const std::string &line : splitLines(out))
    if (!std::regex_match(line, chatter))
      kept += line + "\n";
  return kept;
}

bool contains(const std::string &haystack, const std::string &needle) {
  return haystack.find(needle) != std::string::npos;
}

/// The data lines of every printed memref in `out`, in order.
std::vector<std::string> dataLines(const std::string &out) {
  std::vector<std::string> lines;
  for (const std::string &l : splitLines(out))
    if (!l.empty() && (l[0] == '[' || l[0] == ' '))
      lines.push_back(l);
  return lines;
}

TEST(Repl, BuffersAndCallsPrintWhatMlirCpuRunnerPrints) {
  CommandResult r = runRepl(readFile(replDir() + "/session.repl"));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(maskMemrefAddresses(programOutput(r.out)),
            maskMemrefAddresses(readFile(replDir() + "/reference.out")));
  EXPECT_TRUE(contains(r.out, "defined @saxpy, @matmul, @scale_i64\n"));
  EXPECT_TRUE(contains(r.out, "%C: memref<4x5xf32>, 80 bytes, zeros\n"));
}

// Every corpus program, typed line by line into the REPL (aliases,
// globals and multi-line definitions arrive as separate chunks), then
// :run, prints what mlir-cpu-runner printed for it.
class ReplRunCorpus : public testing::TestWithParam<std::string> {};

TEST_P(ReplRunCorpus, PastedProgramPrintsWhatMlirCpuRunnerPrints) {
  const std::string &file = GetParam();
  CommandResult r = runRepl(readFile(file) + "\n:run\n");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(
      maskMemrefAddresses(programOutput(r.out)),
      maskMemrefAddresses(readFile(file.substr(0, file.size() - 5) + ".out")));
}

INSTANTIATE_TEST_SUITE_P(
    Corpus, ReplRunCorpus,
    testing::ValuesIn(listSourceFiles("tests/corpus/run", ".mlir")),
    [](const auto &info) { return testNameForPath(info.param); });

TEST(Repl, RunLoadedProgramPrintsLikeMlirCpuRunner) {
  CommandResult r = runRepl(":load reference.mlir\n:run\n");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(maskMemrefAddresses(programOutput(r.out)),
            maskMemrefAddresses(readFile(replDir() + "/reference.out")));
  // The file given on the command line is loaded first.
  CommandResult fromArgs = runRepl(":run main\n", "reference.mlir");
  ASSERT_EQ(fromArgs.exitCode, 0) << fromArgs.err;
  EXPECT_EQ(maskMemrefAddresses(programOutput(fromArgs.out)),
            maskMemrefAddresses(programOutput(r.out)));
}

const char *kFill = R"(
func.func @fill(%m: memref<4xi32>) {
  %c = arith.constant VALUE : i32
  affine.for %i = 0 to 4 {
    affine.store %c, %m[%i] : memref<4xi32>
  }
  return
}
)";

std::string fillWith(int value) {
  return std::regex_replace(kFill, std::regex("VALUE"), std::to_string(value));
}

TEST(Repl, RedefinitionReplacesFunctionsAndCallersSeeIt) {
  std::string script = fillWith(1) +
                       "func.func @outer(%m: memref<4xi32>) {\n"
                       "  func.call @fill(%m) : (memref<4xi32>) -> ()\n"
                       "  return\n"
                       "}\n"
                       "%A = alloc memref<4xi32>\n"
                       ":call @outer(%A)\n"
                       ":print %A\n" +
                       fillWith(2) + ":call @outer(%A)\n:print %A\n" +
                       // A new signature would break @outer: rejected.
                       "func.func @fill(%m: memref<8xi32>) {\n  return\n}\n" +
                       ":call @fill(%A)\n:print %A\n";
  CommandResult r = runRepl(script);
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_TRUE(contains(r.out, "defined @fill\ndefined @outer\n"));
  EXPECT_TRUE(contains(r.out, "replaced @fill\n"));
  EXPECT_EQ(dataLines(r.out),
            (std::vector<std::string>{"[1,  1,  1,  1]", "[2,  2,  2,  2]",
                                      "[2,  2,  2,  2]"}));
  EXPECT_TRUE(contains(r.err, "@outer:2:3: error: 'func.call' op operand "
                              "type mismatch"))
      << r.err;
}

TEST(Repl, BadLinesAreReportedAndTheSessionGoesOn) {
  std::string script = R"(:load nothere.mlir
:frob
%A = alloc memref<?xf32>
%A = alloc memref<4xf32> sevens
%A = alloc tensor<4xf32>
%A = alloc memref<4xf32> iota
func.func @bad(%m: memref<4xf32>) {
  %c = arith.constant 1 : i32
  affine.store %c, %m[0] : memref<4xf32>
  return
}
func.func @set(%m: memref<?xf32>, %i: index, %v: f32) {
  memref.store %v, %m[%i] : memref<?xf32>
  return
}
:call @set(%A, 2.5, 1.0)
:call @set(%A)
:call @set(3, 3, 3)
:call @nothing()
:call @set(%Z, 1, 1.0)
:call @set(%A, 1, 1.0) 3
:print %Q
:ir @nothing
:call @set(%A, 1, -4.5)
:print %A
)";
  CommandResult r = runRepl(script);
  EXPECT_EQ(r.exitCode, 1);
  std::vector<std::string> expected = {
      "<stdin>:1: error: could not open input file 'nothere.mlir'",
      "<stdin>:2: error: unknown command ':frob' (:help lists the commands)",
      "<stdin>:3: error: a session buffer needs a static shape, got "
      "memref<?xf32>",
      "<stdin>:4:26: error: expected zeros, ones, iota, random or a number, "
      "got 'sevens'",
      "%A = alloc memref<4xf32> sevens",
      "                         ^",
      "<stdin>:5: error: expected a memref type, got tensor<4xf32>",
      "@bad:3:16: error: use of value '%c' expects different type than "
      "prior uses: 'f32' vs 'i32'",
      "  affine.store %c, %m[0] : memref<4xf32>",
      "               ^",
      "<stdin>:16: error: argument #1 of @set: expected an integer literal "
      "for index, got '2.5'",
      "<stdin>:17: error: @set takes 3 arguments, got 1",
      "<stdin>:18: error: argument #0 of @set: expected memref<?xf32>, got "
      "the literal '3'",
      "<stdin>:19: error: no function named @nothing is defined",
      "<stdin>:20: error: argument #0 of @set: no buffer named %Z",
      "<stdin>:21: error: unexpected '3' after the call",
      "<stdin>:22: error: no buffer named %Q",
      "<stdin>:23: error: no function named @nothing is defined",
  };
  EXPECT_EQ(splitLines(r.err), expected);
  // Everything valid still happened.
  EXPECT_EQ(dataLines(r.out), (std::vector<std::string>{"[0,  -4.5,  2,  3]"}));
}

TEST(Repl, CallsAreCheckedAgainstStaticShapes) {
  CommandResult r = runRepl(readFile(replDir() + "/kernels.mlir") +
                            "%X = alloc memref<8xf32>\n"
                            "%Y = alloc memref<16xf64>\n"
                            "%Z = alloc memref<16xf32>\n"
                            ":call @saxpy(%X, %Z, 1.0)\n"
                            ":call @saxpy(%Z, %Y, 1.0)\n"
                            ":call @scale_i64(%Z, 1)\n");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_TRUE(contains(r.err, "argument #0 of @saxpy: expected "
                              "memref<16xf32>, got memref<8xf32>"))
      << r.err;
  EXPECT_TRUE(contains(r.err, "argument #1 of @saxpy: expected "
                              "memref<16xf32>, got memref<16xf64>"));
  EXPECT_TRUE(contains(r.err, "argument #0 of @scale_i64: expected "
                              "memref<3x3xi64>, got memref<16xf32>"));
}

const char *kCrashers = R"(
func.func @set(%m: memref<?xf32>, %i: index, %v: f32) {
  memref.store %v, %m[%i] : memref<?xf32>
  return
}
func.func @div(%a: i32, %b: i32) -> i32 {
  %q = arith.divsi %a, %b : i32
  return %q : i32
}
func.func @deep(%n: index) -> index {
  %r = func.call @deep(%n) : (index) -> index
  %s = arith.addi %r, %n : index
  return %s : index
}
%A = alloc memref<4xf32> iota
)";

TEST(Repl, CrashesInJitCodeAreReportedAndTheSessionGoesOn) {
  // -O0 keeps the unbounded recursion a recursion (at -O3 LLVM may turn it
  // into a loop).
  CommandResult r =
      runRepl(std::string(kCrashers) + ":call @set(%A, 1099511627776, 1.0)\n"
                                       ":call @div(7, 0)\n"
                                       ":call @deep(1)\n"
                                       ":call @set(%A, 0, 9.0)\n"
                                       ":call @div(7, 2)\n"
                                       ":print %A\n",
              "-O0");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(splitLines(r.err),
            (std::vector<std::string>{
                "<stdin>:16: error: @set crashed with SIGSEGV (segmentation "
                "fault)",
                "<stdin>:17: error: @div crashed with SIGFPE (arithmetic "
                "exception, e.g. integer division by zero)",
                "<stdin>:18: error: @deep crashed with SIGSEGV (segmentation "
                "fault)"}));
  EXPECT_TRUE(contains(r.out, "@div returned 3 : i32\n"));
  EXPECT_EQ(dataLines(r.out), (std::vector<std::string>{"[9,  1,  2,  3]"}));
}

TEST(Repl, CheckedModeStopsOutOfBoundsCalls) {
  CommandResult r = runRepl(std::string(kCrashers) + ":call @set(%A, 4, 1.0)\n"
                                                     ":call @set(%A, 3, 1.0)\n"
                                                     ":print %A\n",
                            "--checked");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.err, "<stdin>:16: error: @set stopped by a runtime error: "
                   "@set:2:3: error: out-of-bounds access to memref "
                   "dimension #0: index 4, size 4\n");
  EXPECT_EQ(dataLines(r.out), (std::vector<std::string>{"[0,  1,  2,  1]"}));
}

// After the default pipeline, `:ir` shows the vectorized nest and `:asm`
// the SIMD code: saxpy over 16 f32 is one 16-lane vector (one register
// with AVX-512, AFFJIT_VECTOR_BITS pins the width) and packed multiplies
// and adds.
TEST(Repl, IrAndAsmShowTheVectorizedNest) {
  CommandResult r = runRepl(":load kernels.mlir\n:ir @saxpy\n:asm @saxpy\n");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  size_t asmAt = r.out.find("\nsaxpy:");
  ASSERT_NE(asmAt, std::string::npos) << r.out;
  std::string ir = r.out.substr(0, asmAt), code = r.out.substr(asmAt);
  EXPECT_TRUE(contains(ir, "affine.vector_load")) << ir;
  EXPECT_TRUE(contains(ir, "arith.mulf %0, %1 : vector<")) << ir;
  EXPECT_TRUE(std::regex_search(code, std::regex(R"(vmulps\s.*%[xyz]mm)")))
      << code;
  EXPECT_TRUE(std::regex_search(code, std::regex(R"(vaddps\s.*%[xyz]mm)")))
      << code;
}

TEST(Repl, ScalarResultsArePrinted) {
  CommandResult r = runRepl(R"(func.func @three() -> (i32, f64, i1) {
  %a = arith.constant -3 : i32
  %b = arith.constant 0.1 : f64
  %t = arith.constant true
  return %a, %b, %t : i32, f64, i1
}
func.func @add(%a: index, %b: i8) -> index {
  %c = arith.index_cast %b : i8 to index
  %s = arith.addi %a, %c : index
  return %s : index
}
:call @three()
:run three
:call @add(40, -2)
:call @add(1, 300)
)");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_TRUE(contains(r.out, "@three returned -3 : i32, 0.1 : f64, true : "
                              "i1\n@three returned -3 : i32, 0.1 : f64, "
                              "true : i1\n@add returned 38 : index\n"))
      << r.out;
  EXPECT_EQ(r.err, "<stdin>:15: error: argument #1 of @add: 300 does not "
                   "fit in i8\n");
}

/// Matches `N runs: min T U, median T U; G GFLOP/s, B GB/s at the minimum`.
struct TimingLine {
  long runs = 0;
  double min = 0, median = 0, gflops = 0, gbytes = 0;
};

double toSeconds(double v, const std::string &unit) {
  return unit == "s"    ? v
         : unit == "ms" ? v * 1e-3
         : unit == "us" ? v * 1e-6
                        : v * 1e-9;
}

std::optional<TimingLine> parseTiming(const std::string &out) {
  static const std::regex line(
      R"(@mm: (\d+) runs(?: of \d+ calls)?: min ([\d.]+) (s|ms|us|ns), median ([\d.]+) (s|ms|us|ns); ([\d.e+-]+) GFLOP/s, ([\d.e+-]+) GB/s at the minimum)");
  std::smatch m;
  if (!std::regex_search(out, m, line))
    return std::nullopt;
  TimingLine t;
  t.runs = std::stol(m.str(1));
  t.min = toSeconds(std::stod(m.str(2)), m.str(3));
  t.median = toSeconds(std::stod(m.str(4)), m.str(5));
  t.gflops = std::stod(m.str(6));
  t.gbytes = std::stod(m.str(7));
  return t;
}

TEST(Repl, TimeReportsMinMedianAndRatesFromTheWork) {
  const int n = 48;
  std::string mm =
      R"(func.func @mm(%A: memref<48x48xf64>, %B: memref<48x48xf64>, %C: memref<48x48xf64>) {
  affine.for %i = 0 to 48 {
    affine.for %j = 0 to 48 {
      affine.for %k = 0 to 48 {
        %a = affine.load %A[%i, %k] : memref<48x48xf64>
        %b = affine.load %B[%k, %j] : memref<48x48xf64>
        %c = affine.load %C[%i, %j] : memref<48x48xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<48x48xf64>
      }
    }
  }
  return
}
)";
  CommandResult r = runRepl(mm + "%A = alloc memref<48x48xf64> random 1\n"
                                 "%B = alloc memref<48x48xf64> random 2\n"
                                 "%C = alloc memref<48x48xf64>\n"
                                 ":time @mm(%A, %B, %C) 7\n");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  auto t = parseTiming(r.out);
  ASSERT_TRUE(t) << r.out;
  EXPECT_EQ(t->runs, 7);
  EXPECT_LE(t->min, t->median);
  // Work counted by hand: one multiply and one add per (i, j, k); A and B
  // read, C read and written.
  double flops = 2.0 * n * n * n, bytes = 4.0 * n * n * 8;
  // The rates are printed to 3 significant digits, the time to 4.
  EXPECT_NEAR(t->gflops * 1e9 * t->min, flops, flops * 0.01);
  EXPECT_NEAR(t->gbytes * 1e9 * t->min, bytes, bytes * 0.01);
}

TEST(Repl, TimeBatchesCallsShorterThanTheClockResolves) {
  CommandResult r = runRepl(readFile(replDir() + "/kernels.mlir") +
                            "%M = alloc memref<3x3xi64> iota\n"
                            ":time @scale_i64(%M, 1) 5\n");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::smatch m;
  static const std::regex line(
      R"(@scale_i64: 5 runs of (\d+) calls: min ([\d.]+) (s|ms|us|ns), )");
  ASSERT_TRUE(std::regex_search(r.out, m, line)) << r.out;
  EXPECT_GT(std::stol(m.str(1)), 1);
  EXPECT_LT(toSeconds(std::stod(m.str(2)), m.str(3)), 20e-6);
  // Integer multiplications only: no floating-point work.
  EXPECT_TRUE(contains(r.out, "0 GFLOP/s")) << r.out;
}

TEST(Repl, InspectionAgreesWithTheSubcommands) {
  std::string kernels = replDir() + "/kernels.mlir";
  CommandResult opt =
      runCommand(shellQuote(affjitBinary()) + " opt " + shellQuote(kernels));
  CommandResult deps =
      runCommand("cd " + shellQuote(replDir()) + " && " +
                 shellQuote(affjitBinary()) + " deps kernels.mlir");
  ASSERT_EQ(opt.exitCode, 0);
  ASSERT_EQ(deps.exitCode, 0);
  CommandResult ir = runRepl(":load kernels.mlir\n:ir\n");
  EXPECT_EQ(ir.out, "defined @saxpy, @matmul, @scale_i64\n" + opt.out);
  CommandResult d = runRepl(":load kernels.mlir\n:deps\n");
  EXPECT_EQ(d.out, "defined @saxpy, @matmul, @scale_i64\n" + deps.out);
  CommandResult one =
      runRepl(":load kernels.mlir\n:ir @saxpy\n:llvm @saxpy\n:asm @saxpy\n"
              ":deps @scale_i64\n");
  ASSERT_EQ(one.exitCode, 0) << one.err;
  size_t irAt = one.out.find("func.func @saxpy(");
  size_t llvmAt = one.out.find("define void @saxpy(");
  size_t asmAt = one.out.find("\nsaxpy:");
  ASSERT_NE(irAt, std::string::npos);
  ASSERT_NE(llvmAt, std::string::npos);
  ASSERT_NE(asmAt, std::string::npos);
  EXPECT_LT(irAt, llvmAt);
  EXPECT_LT(llvmAt, asmAt);
  EXPECT_FALSE(contains(one.out, "@matmul(")) << "only @saxpy was asked for";
  EXPECT_TRUE(contains(one.out.substr(asmAt), "ret"));
  // :deps @scale_i64 reports what `affjit deps` reports for a file holding
  // only @scale_i64, at the same lines.
  std::string alone;
  bool inside = false;
  for (const std::string &l : splitLines(readFile(kernels))) {
    inside = inside || contains(l, "func.func @scale_i64");
    alone += (inside ? l : "") + "\n";
  }
  std::string alonePath = writeTempFile(alone);
  CommandResult aloneDeps =
      runCommand(shellQuote(affjitBinary()) + " deps " + shellQuote(alonePath));
  std::filesystem::remove(alonePath);
  ASSERT_EQ(aloneDeps.exitCode, 0);
  ASSERT_FALSE(aloneDeps.out.empty());
  std::string expected = std::regex_replace(
      aloneDeps.out, std::regex("(^|\n)[^\n:]*:"), "$1kernels.mlir:");
  EXPECT_TRUE(contains(one.out, expected)) << one.out;
  EXPECT_EQ(one.out.find("kernels.mlir"), one.out.find(expected));
}

TEST(Repl, BufferFillsListingAndFreeing) {
  CommandResult r = runRepl(R"(%R = alloc memref<2x3xf32> random 7
%S = alloc memref<2x3xf32> random 7
%T = alloc memref<2x3xf32> random 8
%I = alloc memref<2x2xi8> iota
%O = alloc memref<3xf64> ones
%B = alloc memref<4xi1> iota
:print %R
:print %S
:print %T
:print %I
:print %O
:print %B
:buffers
:free %R %S %T
:buffers
)");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::vector<std::string> data = dataLines(r.out);
  ASSERT_EQ(data.size(), 10u);
  EXPECT_EQ(data[0] + data[1], data[2] + data[3]) << "same seed, same data";
  EXPECT_NE(data[0] + data[1], data[4] + data[5]);
  for (int i = 0; i < 6; ++i) {
    std::string row = data[i];
    std::smatch m;
    static const std::regex number(R"(-?[0-9][0-9.e+-]*)");
    for (auto it = std::sregex_iterator(row.begin(), row.end(), number);
         it != std::sregex_iterator(); ++it) {
      double v = std::stod(it->str());
      EXPECT_GE(v, 0.0);
      EXPECT_LT(v, 1.0);
    }
  }
  EXPECT_EQ(data[6] + data[7], "[[0,   1],  [2,   3]]");
  EXPECT_EQ(data[8], "[1,  1,  1]");
  EXPECT_EQ(data[9], "[0,  1,  0,  1]");
  EXPECT_TRUE(contains(r.out, "%T       memref<2x3xf32>"));
  std::string afterFree = r.out.substr(r.out.rfind("%B  "));
  EXPECT_FALSE(contains(afterFree, "%T "));
  EXPECT_TRUE(contains(afterFree, "%O       memref<3xf64>"));
}

TEST(Repl, LargeBuffersPrintElidedUnlessAskedForAll) {
  CommandResult r = runRepl("%A = alloc memref<2000xf32> iota\n"
                            ":print %A\n:print %A full\n");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::vector<std::string> data = dataLines(r.out);
  ASSERT_EQ(data.size(), 2u);
  EXPECT_EQ(data[0], "[0,  1,  2,  ...,  1997,  1998,  1999]");
  EXPECT_TRUE(contains(r.out, ":print %A full prints everything"));
  std::string all;
  for (int i = 0; i < 2000; ++i)
    all += (i ? ",  " : "[") + std::to_string(i);
  EXPECT_EQ(data[1], all + "]");
}

TEST(Repl, MultiLineDefinitionsAndUnfinishedInput) {
  CommandResult r = runRepl(R"(// a comment, then blank lines

func.func @f(
    %m: memref<2xf32>) {   // { in a comment does not count
  %c = arith.constant 5.0 : f32
  affine.for %i = 0 to 2 {
    affine.store %c, %m[%i] : memref<2xf32>
  }
  return
}
%A = alloc memref<2xf32>
:call @f(%A)
:print %A
func.func @g() {
)");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_TRUE(contains(r.out, "defined @f\n"));
  EXPECT_EQ(dataLines(r.out), (std::vector<std::string>{"[5,  5]"}));
  EXPECT_EQ(r.err, "<stdin>:14: error: end of input inside a definition (its "
                   "brackets do not balance)\n");
}

TEST(Repl, AliasesCarryOverToLaterDefinitionsAndCanBeRedefined) {
  CommandResult r = runRepl(R"(#shift = affine_map<(d0) -> (d0 + 1)>
!vec = memref<4xi32>
func.func @f(%m: !vec) {
  %c = arith.constant 7 : i32
  %c0 = arith.constant 0 : index
  %i = affine.apply #shift(%c0)
  memref.store %c, %m[%i] : !vec
  return
}
#shift = affine_map<(d0) -> (d0 + 2)>
func.func @f(%m: !vec) {
  %c = arith.constant 7 : i32
  %c0 = arith.constant 0 : index
  %i = affine.apply #shift(%c0)
  memref.store %c, %m[%i] : !vec
  return
}
%A = alloc memref<4xi32>
:call @f(%A)
:print %A
#shift = affine_map<(d0) -> (d0 + 3)>)
func.func @g() {
  return
}
)");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_TRUE(contains(r.out, "defined alias #shift\ndefined alias !vec\n"))
      << r.out;
  EXPECT_TRUE(
      contains(r.out, "defined @f\ndefined alias #shift\nreplaced @f\n"));
  EXPECT_EQ(dataLines(r.out), (std::vector<std::string>{"[0,  0,  7,  0]"}));
  // A failed chunk defines nothing, not even its aliases.
  EXPECT_TRUE(contains(r.out, "defined @g\n"));
  EXPECT_FALSE(contains(r.out.substr(r.out.find("[0,")), "#shift")) << r.out;
}

TEST(Repl, HelpListsEveryCommandAndQuitEndsTheSession) {
  CommandResult r = runRepl(":help\n:quit\n:frob\n");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  for (const char *c :
       {":load", ":run", ":call", ":time", ":print", ":free", ":buffers", ":ir",
        ":llvm", ":asm", ":deps", ":set", ":help", ":quit"})
    EXPECT_TRUE(contains(r.out, std::string("\n  ") + c + " ")) << c;
  EXPECT_EQ(r.err, "") << "nothing after :quit runs";
}

} // namespace
