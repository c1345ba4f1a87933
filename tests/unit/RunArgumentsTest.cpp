// `affjit run` with arguments (engine/cli/ArgumentOptions.h, RunOutputs.h):
// an entry's arguments come from the options bench takes too (--dim,
// --arg, --seed, --float-range, plus --fill and --arg NAME=@FILE.npy),
// scalar results are printed, chosen memrefs printed as printMemref does
// or saved as NumPy .npy files. Outputs are checked against independent
// computations: closed forms of --fill iota inputs, and the kernels
// recomputed here from the pseudo-random inputs the run saved.
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

using namespace affjit::test;

namespace {

// y += A x with ? sizes: a reduction per row in source order.
const char *kMatvec =
    R"(func.func @matvec(%A: memref<?x?xf32>, %x: memref<?xf32>,
                   %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xf32>
  %n = memref.dim %A, %c1 : memref<?x?xf32>
  affine.for %i = 0 to %m {
    affine.for %j = 0 to %n {
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %b = affine.load %x[%j] : memref<?xf32>
      %c = affine.load %y[%i] : memref<?xf32>
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      affine.store %s, %y[%i] : memref<?xf32>
    }
  }
  return
}
)";

// Scalar results of several types, and memrefs of every element type.
const char *kScalars = R"(func.func @tri(%n: index) -> (index, i32, f64) {
  %z = arith.constant 0 : index
  %s = affine.for %i = 0 to %n iter_args(%acc = %z) -> (index) {
    %t = arith.addi %acc, %i : index
    affine.yield %t : index
  }
  %c = arith.constant -7 : i32
  %h = arith.constant 0.5 : f64
  return %s, %c, %h : index, i32, f64
}
func.func @dot(%x: memref<?xf32>, %y: memref<?xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %s = affine.for %i = 0 to %n iter_args(%acc = %zero) -> (f32) {
    %a = affine.load %x[%i] : memref<?xf32>
    %b = affine.load %y[%i] : memref<?xf32>
    %p = arith.mulf %a, %b : f32
    %t = arith.addf %acc, %p : f32
    affine.yield %t : f32
  }
  return %s : f32
}
func.func @types(%a: memref<2x3xf64>, %b: memref<5xi32>, %c: memref<4xi8>,
                 %d: memref<3xi1>, %e: memref<2xindex>, %f: memref<2xi16>) {
  return
}
)";

const std::string &matvecPath() {
  static const std::string path = writeTempFile(kMatvec);
  return path;
}

const std::string &scalarsPath() {
  static const std::string path = writeTempFile(kScalars);
  return path;
}

CommandResult run(const std::string &path, const std::string &flags) {
  return runCommand(shellQuote(affjitBinary()) + " run " + shellQuote(path) +
                    " " + flags);
}

std::string tempPath(const std::string &suffix) {
  std::string path = writeTempFile("", suffix);
  std::filesystem::remove(path);
  return path;
}

bool numpyAvailable() {
  return runCommand("/usr/bin/python3 -c 'import numpy'").exitCode == 0;
}

CommandResult python(const std::string &code) {
  return runCommand("/usr/bin/python3 -c " + shellQuote(code));
}

/// A .npy file read by hand: its header text and the data after it.
struct Npy {
  std::string header;
  std::string data;
};

Npy parseNpy(const std::string &bytes) {
  Npy npy;
  EXPECT_GE(bytes.size(), 10u);
  EXPECT_EQ(bytes.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
  size_t length = (unsigned char)bytes[8] | (unsigned char)bytes[9] << 8;
  EXPECT_EQ((10 + length) % 64, 0u) << "the data starts 64-byte aligned";
  npy.header = bytes.substr(10, length);
  npy.data = bytes.substr(10 + length);
  return npy;
}

template <typename T> std::vector<T> elements(const std::string &data) {
  std::vector<T> v(data.size() / sizeof(T));
  std::memcpy(v.data(), data.data(), v.size() * sizeof(T));
  return v;
}

TEST(RunArguments, AnEntryWithArgumentsSaysWhichOptionsToUse) {
  CommandResult r = run(matvecPath(), "");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "affjit: error: @matvec takes 3 arguments (%A: memref<?x?xf32>, "
            "%x: memref<?xf32>, %y: memref<?xf32>): give them with --arg "
            "NAME=VALUE (scalars; NAME=@FILE.npy for a memref), --dim "
            "NAME=SIZE (? sizes) and --fill [NAME=]random|zeros|ones|iota|"
            "VALUE (memrefs; --seed N for random)\n");
  CommandResult sizes = run(matvecPath(), "--fill 1");
  EXPECT_EQ(sizes.exitCode, 1);
  EXPECT_EQ(sizes.err.rfind("affjit: error: no size for dimension 0 of %A "
                            "(memref<?x?xf32>): give it with --dim A=SIZE",
                            0),
            0u)
      << sizes.err;
}

TEST(RunArguments, IotaInputsGiveTheClosedForm) {
  // A[i][j] = 4i + j, x = 1, y = 0: y[i] = sum_j (4i + j) = 16i + 6.
  CommandResult r =
      run(matvecPath(), "--dim A.0=5 --dim A.1=4 --dim x=4 --dim y=5 "
                        "--fill A=iota --fill x=ones --fill y=zeros "
                        "--print y");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("rank = 1 offset = 0 sizes = [5] strides = [1] data "
                       "= \n[6,  22,  38,  54,  70]\n"),
            std::string::npos)
      << r.out;
  // --dims gives the ? sizes in order; positions name arguments too.
  CommandResult byPosition =
      run(matvecPath(), "--dims 5,4,4,5 --fill iota --fill 2=zeros --fill "
                        "arg1=ones --print 2");
  // The same text but the buffer's address.
  EXPECT_EQ(byPosition.out.substr(byPosition.out.find(" rank")),
            r.out.substr(r.out.find(" rank")));
  // A constant fill: y[i] = 0.5 + 4 * (0.5 * 0.5).
  CommandResult constant = run(matvecPath(), "--dims 2,4,4,2 --fill 0.5 "
                                             "--print y");
  EXPECT_NE(constant.out.find("[1.5,  1.5]"), std::string::npos)
      << constant.out;
}

TEST(RunArguments, ScalarResultsArePrintedOnePerLine) {
  CommandResult r = run(scalarsPath(), "-e tri --arg n=10");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out, "45\n-7\n0.5\n");
  CommandResult positional = run(scalarsPath(), "-e tri --arg 100");
  EXPECT_EQ(positional.out, "4950\n-7\n0.5\n");
  CommandResult dot = run(scalarsPath(), "-e dot --dims 6,6 --fill iota");
  EXPECT_EQ(dot.out, "55\n") << dot.err;
}

TEST(RunArguments, EachArgumentFlagTakesOneValueSoTheInputMayFollow) {
  std::string tool = shellQuote(affjitBinary());
  CommandResult r = runCommand(tool + " run -e tri --arg n=10 " +
                               shellQuote(scalarsPath()) + " </dev/null");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out, "45\n-7\n0.5\n");
  CommandResult filled = runCommand(
      tool + " run -e dot --dim x=6 --dim y=6 --fill iota --print x " +
      shellQuote(scalarsPath()) + " </dev/null");
  ASSERT_EQ(filled.exitCode, 0) << filled.err;
  EXPECT_NE(filled.out.find("55\n"), std::string::npos) << filled.out;
  CommandResult bench = runCommand(tool +
                                   " bench -e tri --arg n=10 --min-time 0 "
                                   "--no-bandwidth --compare none " +
                                   shellQuote(scalarsPath()) + " </dev/null");
  EXPECT_EQ(bench.exitCode, 0) << bench.err;
}

TEST(RunArguments, RandomInputsSavedAsNpyRecomputeToThePrintedResults) {
  std::string a = tempPath(".npy"), x = tempPath(".npy"), y = tempPath(".npy");
  CommandResult r =
      run(matvecPath(), "--dims 7,33,33,7 --seed 11 --fill "
                        "y=zeros --save A=" +
                            a + " --save x=" + x + " --save 2=" + y);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  Npy an = parseNpy(readFile(a)), xn = parseNpy(readFile(x)),
      yn = parseNpy(readFile(y));
  EXPECT_EQ(an.header.substr(0, 60),
            "{'descr': '<f4', 'fortran_order': False, 'shape': (7, 33), }");
  EXPECT_EQ(yn.header.rfind("{'descr': '<f4', 'fortran_order': False, "
                            "'shape': (7,), }",
                            0),
            0u);
  EXPECT_EQ(yn.header.back(), '\n');
  std::vector<float> av = elements<float>(an.data),
                     xv = elements<float>(xn.data),
                     yv = elements<float>(yn.data);
  ASSERT_EQ(av.size(), 7u * 33u);
  ASSERT_EQ(xv.size(), 33u);
  ASSERT_EQ(yv.size(), 7u);
  bool random = false;
  for (float v : av)
    random |= v != av[0] && v >= -1 && v < 1;
  EXPECT_TRUE(random) << "pseudo-random in [-1, 1)";
  // Without --fast-math the sums keep their source order: bit for bit.
  for (size_t i = 0; i < 7; ++i) {
    float sum = 0;
    for (size_t j = 0; j < 33; ++j)
      sum += av[i * 33 + j] * xv[j];
    EXPECT_EQ(yv[i], sum) << i;
  }
  // The same seed gives the same inputs.
  std::string again = tempPath(".npy");
  run(matvecPath(), "--dims 7,33,33,7 --seed 11 --save A=" + again);
  EXPECT_EQ(readFile(again), readFile(a));
  for (const std::string &f : {a, x, y, again})
    std::filesystem::remove(f);
}

TEST(RunArguments, ScalarResultOfRandomInputsMatchesTheSavedInputs) {
  std::string x = tempPath(".npy"), y = tempPath(".npy");
  CommandResult r = run(scalarsPath(), "-e dot --dims 100,100 --seed 5 "
                                       "--save x=" +
                                           x + " --save y=" + y);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::vector<float> xv = elements<float>(parseNpy(readFile(x)).data),
                     yv = elements<float>(parseNpy(readFile(y)).data);
  ASSERT_EQ(xv.size(), 100u);
  float sum = 0;
  for (size_t i = 0; i < xv.size(); ++i)
    sum += xv[i] * yv[i];
  EXPECT_EQ(std::stof(r.out), sum) << r.out;
  std::filesystem::remove(x);
  std::filesystem::remove(y);
}

TEST(RunArguments, NpyHeadersNameEveryElementType) {
  struct Case {
    std::string arg, header;
    size_t bytes;
  };
  for (const Case &c : std::vector<Case>{
           {"a", "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }",
            48},
           {"b", "{'descr': '<i4', 'fortran_order': False, 'shape': (5,), }",
            20},
           {"c", "{'descr': '|i1', 'fortran_order': False, 'shape': (4,), }",
            4},
           {"d", "{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }",
            3},
           {"e", "{'descr': '<i8', 'fortran_order': False, 'shape': (2,), }",
            16},
           {"f", "{'descr': '<i2', 'fortran_order': False, 'shape': (2,), }",
            4},
       }) {
    std::string path = tempPath(".npy");
    CommandResult r =
        run(scalarsPath(), "-e types --fill iota --save " + c.arg + "=" + path);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Npy npy = parseNpy(readFile(path));
    EXPECT_EQ(npy.header.substr(0, c.header.size()), c.header) << c.arg;
    EXPECT_EQ(npy.header.find_first_not_of(' ', c.header.size()),
              npy.header.size() - 1)
        << c.arg << ": padded with spaces up to the newline";
    EXPECT_EQ(npy.data.size(), c.bytes) << c.arg;
    std::filesystem::remove(path);
  }
  std::string path = tempPath(".npy");
  run(scalarsPath(), "-e types --fill iota --save a=" + path);
  EXPECT_EQ(elements<double>(parseNpy(readFile(path)).data),
            (std::vector<double>{0, 1, 2, 3, 4, 5}));
  std::filesystem::remove(path);
}

TEST(RunArguments, NumpyRoundTrip) {
  if (!numpyAvailable())
    GTEST_SKIP() << "python3-numpy is not installed";
  std::string a = tempPath(".npy"), x = tempPath(".npy"), y = tempPath(".npy");
  CommandResult made = python("import numpy as np\n"
                              "rng = np.random.default_rng(3)\n"
                              "np.save('" +
                              a +
                              "', rng.random((6, 5), dtype=np.float32))\n"
                              "np.save('" +
                              x + "', rng.random(5, dtype=np.float32))\n");
  ASSERT_EQ(made.exitCode, 0) << made.err;
  // The files give the ? sizes; y is sized by --dim.
  CommandResult r = run(matvecPath(), "--arg A=@" + a + " --arg x=@" + x +
                                          " --dim y=6 --fill y=zeros --save "
                                          "y=" +
                                          y);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  CommandResult check = python(
      "import numpy as np\n"
      "A = np.load('" +
      a + "'); x = np.load('" + x + "'); y = np.load('" + y +
      "')\n"
      "assert y.dtype == np.float32 and y.shape == (6,), (y.dtype, y.shape)\n"
      "expected = np.zeros(6, dtype=np.float32)\n"
      "for i in range(6):\n"
      "  for j in range(5):\n"
      "    expected[i] = np.float32(expected[i] + np.float32(A[i, j] * "
      "x[j]))\n"
      "assert (y == expected).all(), (y, expected)\n");
  EXPECT_EQ(check.exitCode, 0) << check.err;
  // Every dtype reads back in numpy with its values (iota).
  std::string saves, files;
  std::vector<std::string> paths;
  for (const char *arg : {"a", "b", "c", "d", "e", "f"}) {
    paths.push_back(tempPath(".npy"));
    saves += std::string(" --save ") + arg + "=" + paths.back();
    files += " " + paths.back();
  }
  CommandResult types = run(scalarsPath(), "-e types --fill iota" + saves);
  ASSERT_EQ(types.exitCode, 0) << types.err;
  CommandResult dtypes = runCommand(
      "/usr/bin/python3 -c " +
      shellQuote("import numpy as np, sys\n"
                 "for spec in sys.argv[1:]:\n"
                 "  v = np.load(spec).reshape(-1)\n"
                 "  want = np.arange(v.size) % 2 if v.dtype == np.bool_ else "
                 "np.arange(v.size)\n"
                 "  assert (v.astype(np.int64) == want).all(), (spec, v)\n"
                 "print(' '.join(str(np.load(s).dtype) for s in "
                 "sys.argv[1:]))\n") +
      files);
  EXPECT_EQ(dtypes.exitCode, 0) << dtypes.err;
  EXPECT_EQ(dtypes.out, "float64 int32 int8 bool int64 int16\n");
  // A saved file is a valid input again (round trip through affjit).
  std::string y2 = tempPath(".npy");
  CommandResult again =
      run(matvecPath(), "--arg A=@" + a + " --arg x=@" + x + " --arg y=@" + y +
                            " --save y=" + y2);
  EXPECT_EQ(again.exitCode, 0) << again.err;
  CommandResult doubled = python("import numpy as np\n"
                                 "y = np.load('" +
                                 y + "'); y2 = np.load('" + y2 +
                                 "')\n"
                                 "assert np.allclose(y2, 2 * y), (y, y2)\n");
  EXPECT_EQ(doubled.exitCode, 0) << doubled.err;
  for (const std::string &f : {a, x, y, y2})
    std::filesystem::remove(f);
  for (const std::string &f : paths)
    std::filesystem::remove(f);
}

TEST(RunArguments, SaveToStdoutKeepsStdoutForTheFile) {
  CommandResult r = run(scalarsPath(), "-e dot --dims 3,3 --fill ones --save "
                                       "y=- --print x");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  Npy npy = parseNpy(r.out);
  EXPECT_EQ(elements<float>(npy.data), (std::vector<float>{1, 1, 1}));
  EXPECT_EQ(r.err.rfind("3\nUnranked Memref", 0), 0u)
      << "the result and --print go to stderr: " << r.err;
}

TEST(RunArguments, ArgumentErrorsAreOneLine) {
  std::string npy = tempPath(".npy");
  ASSERT_EQ(run(scalarsPath(), "-e types --fill 1 --save a=" + npy).exitCode,
            0);
  std::string m = matvecPath(), s = scalarsPath();
  struct Case {
    std::string path, flags, error;
  };
  for (const Case &c : std::vector<Case>{
           {m, "--dims 2,2,2,2 --fill bogus",
            "--fill bogus: expected [NAME=]random, zeros, ones, iota or a "
            "number"},
           {m, "--dims 2,2,2,2 --fill z=1",
            "--fill z=1: no argument named %z (arguments: %A, %x, %y)"},
           {s, "-e tri --arg n=1 --fill n=1",
            "--fill n=1: %n is a scalar; give its value with --arg"},
           {m, "--arg A=@/nonexistent.npy --dims 2,2",
            "--arg A=@/nonexistent.npy: /nonexistent.npy: cannot open: No "
            "such file or directory"},
           {m, "--arg A=@" + npy + " --dims 2,2",
            "--arg A=@" + npy +
                ": the file holds dtype '<f8', %A (memref<?x?xf32>) needs "
                "'<f4'"},
           {m, "--arg @" + npy,
            "--arg @" + npy + ": name the memref it is for: --arg NAME=@" +
                npy},
           {s, "-e tri --arg n=@" + npy,
            "--arg n=@" + npy +
                ": %n is a scalar (index); give its value as --arg n=VALUE"},
           {s, "-e types --arg a=@" + s,
            "--arg a=@" + s + ": " + s +
                ": not a NumPy .npy file (no \\x93NUMPY magic)"},
           {s, "-e tri --arg n=3 --print n",
            "--print n: %n is a scalar (index); only memref arguments are "
            "printed or saved"},
           {m, "--dims 2,2,2,2 --print 7",
            "--print 7: no argument number 7 (arguments: %A, %x, %y)"},
           {m, "--dims 2,2,2,2 --save y",
            "--save y: expected NAME=FILE.npy (NAME an argument like y, or "
            "its position; FILE - for stdout)"},
           {m, "--dims 2,2,2,2 --save y=/nonexistent/y.npy",
            "cannot write '/nonexistent/y.npy': No such file or directory"},
           {s, "-e tri --arg n=ten",
            "--arg n=ten: expected an integer for index, got 'ten'"},
           {s, "--fill 1",
            "the module defines several functions (@tri, @dot, @types): "
            "name the one to run with -e"},
           {m, "--cross-check --fill 1",
            "--cross-check runs entries without arguments (drop --arg, "
            "--dim, --fill, --seed, --print and --save)"},
       }) {
    CommandResult r = run(c.path, c.flags);
    EXPECT_EQ(r.exitCode, 1) << c.flags;
    EXPECT_EQ(r.err, "affjit: error: " + c.error + "\n") << c.flags;
  }
  std::filesystem::remove(npy);
}

TEST(RunArguments, BenchSharesTheOptionsAndRefusesWhatItCannotDo) {
  CommandResult runHelp =
      runCommand(shellQuote(affjitBinary()) + " run --help");
  CommandResult benchHelp =
      runCommand(shellQuote(affjitBinary()) + " bench --help");
  CommandResult optHelp =
      runCommand(shellQuote(affjitBinary()) + " opt --help");
  for (const char *flag : {"--dim TEXT", "--dims TEXT", "--arg TEXT",
                           "--seed UINT", "--float-range TEXT", "--fill TEXT"})
    for (const CommandResult *help : {&runHelp, &benchHelp, &optHelp})
      EXPECT_NE(help->out.find(flag), std::string::npos) << flag;
  std::string bench = shellQuote(affjitBinary()) + " bench " +
                      shellQuote(matvecPath()) + " --dims 2,2,2,2 ";
  CommandResult fill = runCommand(bench + "--fill iota");
  EXPECT_EQ(fill.exitCode, 1);
  EXPECT_EQ(fill.err, "affjit: error: --fill iota: bench fills its inputs "
                      "pseudo-randomly (--seed, --float-range); other fills "
                      "are for affjit run\n");
  CommandResult file = runCommand(bench + "--arg A=@a.npy");
  EXPECT_EQ(file.exitCode, 1);
  EXPECT_EQ(file.err, "affjit: error: --arg A=@a.npy: bench fills memrefs "
                      "pseudo-randomly; .npy inputs are for affjit run\n");
}

TEST(RunArguments, OptMeasureTrafficTakesTheDimItAsksFor) {
  std::string opt = shellQuote(affjitBinary()) + " opt " +
                    shellQuote(matvecPath()) + " --measure-traffic ";
  CommandResult without = runCommand(opt);
  EXPECT_EQ(without.exitCode, 1);
  EXPECT_NE(without.err.find("give it with --dim A=SIZE"), std::string::npos)
      << without.err;
  CommandResult with = runCommand(opt + "--dims 8,8,8,8");
  EXPECT_EQ(with.exitCode, 0) << with.err;
  EXPECT_NE(with.out.find("func.func @matvec"), std::string::npos);
  CommandResult alone = runCommand(shellQuote(affjitBinary()) + " opt " +
                                   shellQuote(matvecPath()) + " --dims 8");
  EXPECT_EQ(alone.exitCode, 1);
  EXPECT_EQ(alone.err.rfind("affjit: error: --dim, --dims, --arg, --seed, "
                            "--float-range and --fill give the arguments of "
                            "--measure-traffic's run",
                            0),
            0u)
      << alone.err;
}

TEST(RunArguments, OutputFileTakesWhatTheRunPrints) {
  std::string out = tempPath(".txt");
  CommandResult r =
      run(scalarsPath(), "-e tri --arg n=4 -o " + shellQuote(out));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(readFile(out), "6\n-7\n0.5\n");
  std::filesystem::remove(out);
}

} // namespace
