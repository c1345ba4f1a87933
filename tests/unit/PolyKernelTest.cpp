// The benchmark kernels of benchmarks/KernelBench.cpp
// (benchmarks/kernels/poly/*.mlir and seed 002's chain) run the same under
// affjit and MLIR 19: for each, `affjit run --pipeline=none` and
// `--pipeline=default` (also with `--checked`) print exactly what run-mlir
// prints, and `affjit run --fast-math` the same numbers within a relative
// kFastMathTolerance of the largest magnitude on their line (reassociated
// sums round differently).
//
// The kernels are sized for benchmarking (up to a second each unoptimized);
// to keep CI short the test runs a small instance of each, made from the
// file itself: its `// TEST-SIZES: 1024=48 1023=47` header lists each size
// and its test-size replacement, and every integer token equal to a listed
// size (in shapes like `1024x1024`, bounds and constants, never inside a
// name or a float literal) is replaced, so the small program is the same
// code. AFFJIT_POLY_FULL_SIZE=1 runs the files as they are (about a minute).
#include "support/FusionOracle.h"
#include "support/MlirOracle.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <sstream>

using namespace affjit::test;

namespace {

namespace fs = std::filesystem;

/// Relative tolerance of `--fast-math` output, per line against the
/// line's largest magnitude: the digests print 6 significant digits, and
/// reassociated f32 sums of a few thousand positive terms stay far
/// closer than this.
constexpr double kFastMathTolerance = 1e-4;

bool fullSize() {
  const char *env = std::getenv("AFFJIT_POLY_FULL_SIZE");
  return env && *env && std::string(env) != "0";
}

/// The kernel files: every .mlir of benchmarks/kernels/poly, and seed
/// 002's chain.
std::vector<std::string> kernelFiles() {
  std::vector<std::string> files =
      listSourceFiles("benchmarks/kernels/poly", ".mlir");
  files.push_back(std::string(AFFJIT_SOURCE_DIR) +
                  "/benchmarks/kernels/seed002_chained_matmul.mlir");
  return files;
}

/// The `// TEST-SIZES:` header of `text` as size -> replacement; nullopt
/// when there is none or it is malformed (`error` says why).
std::optional<std::map<std::string, std::string>>
testSizes(const std::string &text, std::string &error) {
  const std::string marker = "// TEST-SIZES:";
  for (const std::string &line : splitLines(text)) {
    if (line.rfind("//", 0) != 0)
      break;
    if (line.rfind(marker, 0) != 0)
      continue;
    std::map<std::string, std::string> sizes;
    std::istringstream in(line.substr(marker.size()));
    for (std::string pair; in >> pair;) {
      size_t eq = pair.find('=');
      std::string from = pair.substr(0, eq), to;
      if (eq != std::string::npos)
        to = pair.substr(eq + 1);
      auto isNumber = [](const std::string &s) {
        return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
          return std::isdigit((unsigned char)c);
        });
      };
      if (!isNumber(from) || !isNumber(to)) {
        error = "bad TEST-SIZES entry '" + pair + "'";
        return std::nullopt;
      }
      sizes[from] = to;
    }
    if (sizes.empty())
      error = "empty TEST-SIZES";
    return sizes.empty() ? std::nullopt : std::optional(sizes);
  }
  error = "no // TEST-SIZES: header";
  return std::nullopt;
}

/// `text` with every integer token listed in `sizes` replaced. A token is
/// a maximal run of digits that does not continue a name (`%arg5`, `f32`,
/// `d0`) or a float literal (`0.125`, `1.0e-05`) and is not followed by a
/// letter other than the `x` of a shape (`1024x1024xf32`).
std::string resize(const std::string &text,
                   const std::map<std::string, std::string> &sizes) {
  std::string out;
  out.reserve(text.size());
  size_t n = text.size();
  for (size_t i = 0; i < n;) {
    if (!std::isdigit((unsigned char)text[i])) {
      out += text[i++];
      continue;
    }
    size_t end = i;
    while (end < n && std::isdigit((unsigned char)text[end]))
      ++end;
    char before = i > 0 ? text[i - 1] : ' ';
    char after = end < n ? text[end] : ' ';
    bool startsToken = before == 'x' || !(std::isalnum((unsigned char)before) ||
                                          std::string("_.%#@").find(before) !=
                                              std::string::npos);
    bool endsToken = !(after == '.' || after == '_' ||
                       (std::isalnum((unsigned char)after) && after != 'x'));
    // The exponent of a float literal (`1.0e-05`).
    if ((before == '-' || before == '+') && i >= 2 &&
        (text[i - 2] == 'e' || text[i - 2] == 'E'))
      startsToken = false;
    std::string token = text.substr(i, end - i);
    auto it = sizes.find(token);
    out += startsToken && endsToken && it != sizes.end() ? it->second : token;
    i = end;
  }
  return out;
}

/// The program the test runs for `path`: the file resized to its test
/// sizes (or as it is with AFFJIT_POLY_FULL_SIZE=1).
std::string programText(const std::string &path, std::string &error) {
  std::string text = readFile(path);
  if (fullSize())
    return text;
  auto sizes = testSizes(text, error);
  return sizes ? resize(text, *sizes) : "";
}

/// Every number of each line of `output`.
std::vector<std::vector<double>> numbersByLine(const std::string &output) {
  std::vector<std::vector<double>> lines;
  for (const std::string &line : splitLines(output)) {
    std::vector<double> numbers;
    const char *p = line.c_str();
    while (*p) {
      bool starts =
          std::isdigit((unsigned char)*p) ||
          ((*p == '-' || *p == '+') && std::isdigit((unsigned char)p[1])) ||
          std::string(p).rfind("nan", 0) == 0 ||
          std::string(p).rfind("-nan", 0) == 0 ||
          std::string(p).rfind("inf", 0) == 0 ||
          std::string(p).rfind("-inf", 0) == 0;
      if (starts) {
        char *end = nullptr;
        double v = std::strtod(p, &end);
        if (end != p) {
          numbers.push_back(v);
          p = end;
          continue;
        }
      }
      ++p;
    }
    lines.push_back(numbers);
  }
  return lines;
}

/// Empty when `got` has the numbers of `expected` line by line, each
/// within kFastMathTolerance of the line's largest magnitude; else the
/// first difference.
std::string compareWithTolerance(const std::string &got,
                                 const std::string &expected) {
  auto g = numbersByLine(got), e = numbersByLine(expected);
  if (g.size() != e.size())
    return "different line counts";
  for (size_t l = 0; l < e.size(); ++l) {
    if (g[l].size() != e[l].size())
      return "line " + std::to_string(l + 1) + ": different number counts";
    double scale = 0;
    for (double v : e[l])
      scale = std::max(scale, std::fabs(v));
    for (size_t k = 0; k < e[l].size(); ++k) {
      double d = std::fabs(g[l][k] - e[l][k]);
      if (!(d <= kFastMathTolerance * scale)) { // NaN fails too
        std::ostringstream os;
        os << "line " << l + 1 << ", number " << k + 1 << ": " << g[l][k]
           << " vs " << e[l][k] << " (tolerance " << kFastMathTolerance
           << " of " << scale << ")";
        return os.str();
      }
    }
  }
  return "";
}

std::string testName(const testing::TestParamInfo<std::string> &info) {
  return testNameForPath(info.param);
}

//===----------------------------------------------------------------------===//
// the kernel files
//===----------------------------------------------------------------------===//

TEST(PolyKernelFiles, EachHasKernelMainTestSizesAndCPeer) {
  std::vector<std::string> files = kernelFiles();
  ASSERT_GE(files.size(), 13u);
  for (const std::string &path : files) {
    SCOPED_TRACE(path);
    std::string text = readFile(path);
    EXPECT_NE(text.find("func.func @kernel("), std::string::npos);
    EXPECT_NE(text.find("func.func @main() {"), std::string::npos);
    std::string error;
    auto sizes = testSizes(text, error);
    ASSERT_TRUE(sizes) << error;
    // Every size is used, and the test instance is smaller.
    std::string small = resize(text, *sizes);
    EXPECT_NE(small, text);
    EXPECT_LT(small.find("func.func @kernel("), std::string::npos);
    for (const auto &[from, to] : *sizes)
      EXPECT_LT(std::stoll(to), std::stoll(from)) << from << "=" << to;
    // The C peer KernelBench.cpp compares against.
    fs::path p(path);
    fs::path peer = p.parent_path().filename() == "poly"
                        ? p.parent_path() / (p.stem().string() + ".c")
                        : p.parent_path() / "poly" / "seed002_chain.c";
    EXPECT_TRUE(fs::exists(peer)) << peer;
  }
}

TEST(PolyKernelFiles, ResizeReplacesSizeTokensOnly) {
  std::map<std::string, std::string> sizes{{"1024", "48"}, {"8", "2"}};
  EXPECT_EQ(resize("memref<1024x1024xf32> 0 to 1024 {", sizes),
            "memref<48x48xf32> 0 to 48 {");
  EXPECT_EQ(resize("%arg8 %c1024 d8 f32 0.8 8.0 1.0e-8 #map8 @f8", sizes),
            "%arg8 %c1024 d8 f32 0.8 8.0 1.0e-8 #map8 @f8");
  EXPECT_EQ(resize("%A[%i, 8] mod 8 8x1024", sizes), "%A[%i, 2] mod 2 2x48");
  EXPECT_EQ(resize("10240 81024", sizes), "10240 81024");
}

TEST(PolyKernelFiles, ToleranceComparison) {
  EXPECT_EQ(compareWithTolerance("[1.00001, 2]\n3", "[1, 2]\n3"), "");
  EXPECT_NE(compareWithTolerance("[1.1, 2]\n3", "[1, 2]\n3"), "");
  EXPECT_NE(compareWithTolerance("[nan, 2]", "[1, 2]"), "");
  EXPECT_NE(compareWithTolerance("[1, 2, 3]", "[1, 2]"), "");
}

//===----------------------------------------------------------------------===//
// affjit prints what MLIR prints
//===----------------------------------------------------------------------===//

class PolyKernel : public testing::TestWithParam<std::string> {};

TEST_P(PolyKernel, AffjitPrintsWhatMlirPrints) {
  if (!runMlirAvailable())
    GTEST_SKIP() << "mlir-opt or run-mlir not found";
  std::string error;
  std::string text = programText(GetParam(), error);
  ASSERT_FALSE(text.empty()) << error;
  TempProgram program(text);
  ProgramOutput reference = runWithMlir(program.path);
  ASSERT_TRUE(reference.ok()) << "run-mlir\n" << reference.err;
  ASSERT_FALSE(reference.out.empty());
  ASSERT_EQ(reference.out.find("nan"), std::string::npos) << reference.out;

  for (const char *pipeline : {"none", "default"}) {
    SCOPED_TRACE(std::string("--pipeline=") + pipeline);
    ProgramOutput run = runWithAffjit(program.path, pipeline);
    ASSERT_TRUE(run.ok()) << run.err;
    EXPECT_EQ(run.out, reference.out);
  }
  // A transformation that indexes out of bounds may still print the
  // right digest by chance.
  ProgramOutput checked = runWithAffjit(program.path, "default", "--checked");
  ASSERT_TRUE(checked.ok()) << checked.err;
  EXPECT_EQ(checked.out, reference.out) << "--checked";

  ProgramOutput fast = runWithAffjit(program.path, "default", "--fast-math");
  ASSERT_TRUE(fast.ok()) << fast.err;
  EXPECT_EQ(compareWithTolerance(fast.out, reference.out), "")
      << "--fast-math\n"
      << fast.out << "run-mlir:\n"
      << reference.out;
}

INSTANTIATE_TEST_SUITE_P(Kernels, PolyKernel, testing::ValuesIn(kernelFiles()),
                         testName);

} // namespace
