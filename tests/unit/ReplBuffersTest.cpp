// The REPL's buffer contents across calls, driven from a pipe: calls into
// programs with parallel loops that crash (on any thread) or stop with a
// runtime error keep the session and leave the buffers as they were before
// the call, at the default thread count and at others; `:buffers` tells
// which call wrote a buffer; `:fill`, constant initializers, `:save` and
// `:load` of NumPy files (checked with NumPy itself when python3 has it);
// `:help COMMAND`; and diagnostics of definitions citing lines within them.
#include "runtime/Npy.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <unistd.h>

using namespace affjit::test;
namespace npy = affjit::rt::npy;

namespace {

CommandResult runRepl(const std::string &script,
                      const std::string &flags = "") {
  std::string path = writeTempFile(script, ".repl");
  CommandResult r = runCommand("timeout 120 " + shellQuote(affjitBinary()) +
                               " repl " + flags + " < " + shellQuote(path));
  std::filesystem::remove(path);
  return r;
}

bool contains(const std::string &haystack, const std::string &needle) {
  return haystack.find(needle) != std::string::npos;
}

std::vector<std::string> dataLines(const std::string &out) {
  std::vector<std::string> lines;
  for (const std::string &l : splitLines(out))
    if (!l.empty() && l[0] == '[')
      lines.push_back(l);
  return lines;
}

/// A fresh directory for .npy files, removed at the end of the test.
struct TempDir {
  std::filesystem::path path;
  TempDir() {
    path = std::filesystem::temp_directory_path() /
           ("affjit-repl-" + std::to_string(getpid()) + "-" +
            testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(path);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  std::string operator/(const std::string &name) const {
    return (path / name).string();
  }
};

// @stamp stores 7 at m[i], then at m[i * k]: with a huge k the second
// store crashes right after the first wrote, in both chunks of the
// parallel loop (the second runs on another thread). @sum returns a
// parallel reduction.
const char *kParallel = R"(func.func @stamp(%m: memref<8xf32>, %k: index) {
  %c = arith.constant 7.0 : f32
  affine.parallel (%i) = (0) to (8) {
    memref.store %c, %m[%i] : memref<8xf32>
    %j = arith.muli %i, %k : index
    memref.store %c, %m[%j] : memref<8xf32>
  }
  return
}
func.func @sum(%m: memref<8xf32>) -> f32 {
  %r = affine.parallel (%i) = (0) to (8) reduce ("addf") -> f32 {
    %v = affine.load %m[%i] : memref<8xf32>
    affine.yield %v : f32
  }
  return %r : f32
}
%A = alloc memref<8xf32> iota
%B = alloc memref<8xf32> 2.5
)";

const char *kCrashCalls = R"(:call @stamp(%A, 1099511627776)
:print %A
:buffers
:call @sum(%A)
:set checked on
:call @stamp(%A, 2)
:print %A
:set checked off
:call @stamp(%A, 0)
:print %A
:call @sum(%A)
:time @stamp(%A, 0) 3
:buffers
)";

void expectCrashesSurvived(const std::string &settings) {
  SCOPED_TRACE(settings.empty() ? "default threads" : settings);
  CommandResult r = runRepl(settings + kParallel + kCrashCalls);
  EXPECT_EQ(r.exitCode, 1);
  std::vector<std::string> errors = splitLines(r.err);
  ASSERT_EQ(errors.size(), 2u) << r.err;
  EXPECT_TRUE(contains(errors[0], "error: @stamp crashed with SIGSEGV"))
      << errors[0];
  // j = 2i leaves the buffer first at i = 4, the second chunk's first
  // iteration (on another thread when there are two).
  EXPECT_TRUE(contains(errors[1], "error: @stamp stopped by a runtime error: "
                                  "@stamp:6:5: error: out-of-bounds access to "
                                  "memref dimension #0: index 8, size 8"))
      << errors[1];
  // Both failed calls left %A as it was: the stores before the crash
  // (m[0], m[4], ...) are undone.
  EXPECT_EQ(dataLines(r.out),
            (std::vector<std::string>{"[0,  1,  2,  3,  4,  5,  6,  7]",
                                      "[0,  1,  2,  3,  4,  5,  6,  7]",
                                      "[7,  7,  7,  7,  7,  7,  7,  7]"}));
  EXPECT_TRUE(contains(r.out, "@sum returned 28 : f32\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "@sum returned 56 : f32\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "@stamp: 3 runs")) << r.out;
  // Before the good call %A is still its fill; after it, @stamp's. %B was
  // never passed.
  size_t firstListing = r.out.find("%A       memref<8xf32>");
  ASSERT_NE(firstListing, std::string::npos) << r.out;
  EXPECT_TRUE(contains(r.out.substr(firstListing, 70), "bytes  iota\n"));
  std::string last = r.out.substr(r.out.rfind("%A       memref<8xf32>"));
  EXPECT_TRUE(contains(last, "bytes  written by @stamp\n")) << last;
  EXPECT_TRUE(contains(last, "bytes  fill 2.5\n")) << last;
}

TEST(ReplBuffers, CrashesInParallelLoopsKeepTheSessionAndTheBuffers) {
  expectCrashesSurvived("");
  expectCrashesSurvived(":set threads 2\n");
  expectCrashesSurvived(":set threads 3\n");
  expectCrashesSurvived(":set threads 1\n");
}

TEST(ReplBuffers, BuffersTellWhichCallWroteThem) {
  CommandResult r =
      runRepl(R"(func.func @double(%x: memref<4xf32>, %y: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %v = affine.load %x[%i] : memref<4xf32>
    %d = arith.addf %v, %v : f32
    affine.store %d, %y[%i] : memref<4xf32>
  }
  return
}
%X = alloc memref<4xf32> iota
%Y = alloc memref<4xf32>
%Z = alloc memref<4xf32> iota
:call @double(%Z, %Z)
:call @double(%X, %Y)
:buffers
:fill %Y 1
:buffers
)");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::vector<std::string> lines = splitLines(r.out);
  auto listed = [&](const std::string &name, size_t from) {
    for (size_t i = from; i < lines.size(); ++i)
      if (lines[i].rfind(name + " ", 0) == 0)
        return lines[i];
    return std::string();
  };
  size_t second = 0;
  for (size_t i = 0; i < lines.size(); ++i)
    if (lines[i].rfind("%Y: ", 0) == 0)
      second = i;
  EXPECT_TRUE(contains(listed("%X", 0), "bytes  iota")) << r.out;
  EXPECT_TRUE(contains(listed("%Y", 0), "bytes  written by @double"));
  EXPECT_TRUE(contains(listed("%Z", 0), "bytes  written by @double"));
  EXPECT_TRUE(contains(listed("%Y", second), "bytes  fill 1")) << r.out;
}

TEST(ReplBuffers, ConstantFillsAndRefills) {
  CommandResult r = runRepl(R"(%F = alloc memref<3xf32> 1.5
%D = alloc memref<2xf64> -0.25
%I = alloc memref<4xi8> -3
%B = alloc memref<3xi1> true
:print %F
:print %D
:print %I
:print %B
:fill %F 2
:fill %I 255
:fill %B 0
:fill %I iota
:print %F
:print %I
:print %B
:fill %I 256
:fill %I 1.5
:fill %B 2
:fill %F seven
:fill %Q 1
%E = alloc memref<2xi32> 4294967296
:fill %F random 3
:buffers
)");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(dataLines(r.out),
            (std::vector<std::string>{"[1.5,  1.5,  1.5]", "[-0.25,  -0.25]",
                                      "[-3,  -3,  -3,  -3]", "[1,  1,  1]",
                                      "[2,  2,  2]", "[0,  1,  2,  3]",
                                      "[0,  0,  0]"}));
  EXPECT_TRUE(contains(r.out, "%I: memref<4xi8>, 4 bytes, fill 255\n"));
  EXPECT_EQ(splitLines(r.err),
            (std::vector<std::string>{
                "<stdin>:16: error: 256 does not fit in i8",
                "<stdin>:17: error: expected an integer for i8 elements, got "
                "1.5",
                "<stdin>:18: error: 2 does not fit in i1",
                "<stdin>:19: error: expected a number (like 1.5, -3 or true), "
                "got 'seven'",
                "<stdin>:20: error: no buffer named %Q",
                "<stdin>:21: error: 4294967296 does not fit in i32"}));
  EXPECT_TRUE(contains(r.out, "bytes  random 3\n")) << r.out;
}

/// A python3 that has NumPy ("" if none does): the first on the PATH,
/// else the system's (a pyenv on the PATH may lack Debian's python3-numpy).
std::string numpyPython() {
  for (const char *python : {"python3", "/usr/bin/python3"})
    if (runCommand(std::string(python) + " -c 'import numpy' 2>/dev/null")
            .exitCode == 0)
      return python;
  return "";
}

TEST(ReplBuffers, SaveWritesNpyFilesNumpyReads) {
  TempDir dir;
  CommandResult r = runRepl(
      "func.func @square(%m: memref<3x4xf32>) {\n"
      "  affine.for %i = 0 to 3 {\n"
      "    affine.for %j = 0 to 4 {\n"
      "      %v = affine.load %m[%i, %j] : memref<3x4xf32>\n"
      "      %s = arith.mulf %v, %v : f32\n"
      "      affine.store %s, %m[%i, %j] : memref<3x4xf32>\n"
      "    }\n"
      "  }\n"
      "  return\n"
      "}\n"
      "%A = alloc memref<3x4xf32> iota\n"
      ":call @square(%A)\n"
      ":save %A " +
      (dir / "a.npy") +
      "\n"
      "%L = alloc memref<5xi64> iota\n"
      ":save %L " +
      (dir / "l.npy") +
      "\n"
      "%B = alloc memref<2x2xi1> iota\n"
      ":save %B " +
      (dir / "b.npy") + "\n:save %A " + (dir / "no/such/dir.npy") + "\n");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_TRUE(contains(r.out, "saved %A (memref<3x4xf32>, dtype <f4) to "));
  EXPECT_TRUE(contains(r.err, "<stdin>:18: error: cannot save %A: cannot "
                              "open '" +
                                  (dir / "no/such/dir.npy") + "' for writing"))
      << r.err;
  // Independently: our reader, then NumPy.
  npy::ReadResult a = npy::read(dir / "a.npy");
  ASSERT_TRUE(a.array) << a.error;
  EXPECT_EQ(a.array->dtype, "<f4");
  EXPECT_EQ(a.array->shape, (std::vector<int64_t>{3, 4}));
  std::vector<float> expected(12);
  for (int i = 0; i < 12; ++i)
    expected[i] = float(i) * float(i);
  ASSERT_EQ(a.array->bytes.size(), 48u);
  EXPECT_EQ(std::memcmp(a.array->bytes.data(), expected.data(), 48), 0);
  std::string python = numpyPython();
  if (python.empty())
    GTEST_SKIP() << "python3 has no numpy (Debian: python3-numpy)";
  CommandResult check = runCommand(
      python +
      " -c 'import numpy as np, sys\n"
      "a = np.load(sys.argv[1]); l = np.load(sys.argv[2]); "
      "b = np.load(sys.argv[3])\n"
      "assert a.dtype == np.float32 and a.shape == (3, 4), (a.dtype, a.shape)\n"
      "assert (a == (np.arange(12, dtype=np.float32) ** 2).reshape(3, "
      "4)).all(), a\n"
      "assert l.dtype == np.int64 and (l == np.arange(5)).all(), l\n"
      "assert b.dtype == np.bool_ and b.tolist() == [[False, True], [False, "
      "True]], b\n"
      "print(\"ok\")' " +
      shellQuote(dir / "a.npy") + " " + shellQuote(dir / "l.npy") + " " +
      shellQuote(dir / "b.npy"));
  EXPECT_EQ(check.exitCode, 0) << check.err;
  EXPECT_EQ(check.out, "ok\n");
}

TEST(ReplBuffers, LoadReadsNpyFilesAndChecksShapeAndDtype) {
  TempDir dir;
  std::vector<int32_t> values = {0, 7, 14, 21, 28, 35};
  ASSERT_EQ(npy::write(dir / "i.npy", "<i4", {2, 3}, values.data(), 24), "");
  std::vector<double> f64 = {0.5, -1.25};
  ASSERT_EQ(npy::write(dir / "d.npy", "<f8", {2}, f64.data(), 16), "");
  CommandResult r = runRepl(
      "%I = alloc memref<2x3xi32>\n:load %I " + (dir / "i.npy") +
      "\n:print %I\n"
      ":load %N " +
      (dir / "d.npy") +
      "\n:print %N\n"
      "%W = alloc memref<3x2xi32>\n:load %W " +
      (dir / "i.npy") +
      "\n"
      "%V = alloc memref<2x3xf32>\n:load %V " +
      (dir / "i.npy") + "\n:load %V " + (dir / "missing.npy") + "\n:load %V " +
      (dir / "../" + dir.path.filename().string() + "/i.npy") +
      "x\n:buffers\n");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(dataLines(r.out),
            (std::vector<std::string>{"[[0,   7,   14], ", "[0.5,  -1.25]"}))
      << r.out;
  EXPECT_TRUE(contains(r.out, "%N: memref<2xf64>, 16 bytes, loaded from " +
                                  (dir / "d.npy") + "\n"));
  std::vector<std::string> errors = splitLines(r.err);
  ASSERT_EQ(errors.size(), 4u) << r.err;
  EXPECT_EQ(errors[0], "<stdin>:7: error: cannot load %W from " +
                           (dir / "i.npy") +
                           ": the file's shape is (2, 3), %W's is (3, 2) "
                           "(memref<3x2xi32>)");
  EXPECT_EQ(errors[1], "<stdin>:9: error: cannot load %V from " +
                           (dir / "i.npy") +
                           ": the file holds <i4 elements (i32), %V holds "
                           "f32 (<f4)");
  EXPECT_TRUE(contains(errors[2], "cannot load %V from " +
                                      (dir / "missing.npy") + ": cannot open"))
      << errors[2];
  EXPECT_TRUE(contains(errors[3], "cannot open")) << errors[3];
  EXPECT_TRUE(contains(r.out, "%I       memref<2x3xi32>"));
  EXPECT_TRUE(contains(r.out, "loaded from " + (dir / "i.npy") + "\n"));
  std::string python = numpyPython();
  if (python.empty())
    GTEST_SKIP() << "python3 has no numpy (Debian: python3-numpy)";
  // Files NumPy wrote, including a Fortran-order one it must refuse.
  CommandResult made =
      runCommand("cd " + shellQuote(dir.path.string()) + " && " + python +
                 " -c 'import numpy as np\n"
                 "np.save(\"m.npy\", (np.arange(6, dtype=np.float64) * 1.5 - "
                 "2).reshape(3, 2))\n"
                 "np.save(\"f.npy\", np.asfortranarray(np.ones((2, 3), "
                 "dtype=np.float32)))\n"
                 "np.save(\"be.npy\", np.arange(3, dtype=\">i4\"))'");
  ASSERT_EQ(made.exitCode, 0) << made.err;
  CommandResult loaded =
      runRepl(":load %M " + (dir / "m.npy") + "\n:print %M\n%F = alloc " +
              "memref<2x3xf32>\n:load %F " + (dir / "f.npy") + "\n:load %E " +
              (dir / "be.npy") + "\n");
  EXPECT_EQ(loaded.exitCode, 1);
  EXPECT_TRUE(
      contains(loaded.out, "%M: memref<3x2xf64>, 48 bytes, loaded from"));
  EXPECT_EQ(dataLines(loaded.out),
            (std::vector<std::string>{"[[-2,   -0.5], "}));
  EXPECT_TRUE(contains(loaded.out, " [1,   2.5], \n [4,   5.5]]"))
      << loaded.out;
  EXPECT_TRUE(contains(loaded.err, "stored in Fortran order")) << loaded.err;
  EXPECT_TRUE(contains(loaded.err, "big-endian dtype '>i4'")) << loaded.err;
}

TEST(ReplBuffers, HelpExplainsOneCommand) {
  CommandResult r = runRepl(":help fill\n:help :save\n:help set\n:help nope\n");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_TRUE(contains(r.out, ":fill %A VALUE|FILL\n:fill %A VALUE sets every "
                              "element of %A to VALUE"))
      << r.out;
  EXPECT_TRUE(contains(r.out, ":save %A FILE.npy\n:save %A FILE.npy writes"));
  for (const char *setting :
       {"  pipeline LIST", "  threads N|default", "  fast-math on|off",
        "  O 0..3", "  checked on|off"})
    EXPECT_TRUE(contains(r.out, setting)) << setting;
  EXPECT_EQ(r.err, "<stdin>:4: error: no command named ':nope' (:help lists "
                   "the commands)\n");
}

TEST(ReplBuffers, DefinitionErrorsCiteLinesWithinTheDefinition) {
  CommandResult r = runRepl(R"(%A = alloc memref<4xf32>

func.func @one() {
  return
}
module {
  func.func @a() {
    return
  }
  func.func @b(%m: memref<4xf32>) {
    %c = arith.constant 1 : i32
    affine.store %c, %m[0] : memref<4xf32>
    return
  }
}
func.func @c() {
  %x = arith.addi %nope, %nope : i32
  return
}
)");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(
      splitLines(r.err),
      (std::vector<std::string>{
          "<def 2>:7:18: error: use of value '%c' expects different type "
          "than prior uses: 'f32' vs 'i32'",
          "    affine.store %c, %m[0] : memref<4xf32>", "                 ^",
          "@c:2:19: error: use of undeclared SSA value name",
          "  %x = arith.addi %nope, %nope : i32", "                  ^"}))
      << r.err;
}

} // namespace
