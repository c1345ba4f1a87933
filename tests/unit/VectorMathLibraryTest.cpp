// Math ops on vectors that may be approximated (`afn`, or --fast-math)
// become calls of libmvec's vector variants (`_ZGV...N16v_expf`), one per
// register; exact ones keep LLVM's intrinsic or libm per lane. The results
// stay within libmvec's 4 ulps of what mlir-cpu-runner (libm) prints.
#include "support/MlirOracle.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

using namespace affjit::test;

namespace {

// 32 lanes from 0.05 to 1.6, plus `rtclock() * 0` so LLVM cannot fold the
// math away; exp, sin and pow (two operands) with `afn`, log without.
const char *kProgram = R"(func.func private @rtclock() -> f64
func.func @main() {
  %t = func.call @rtclock() : () -> f64
  %t32 = arith.truncf %t : f64 to f32
  %zero = arith.constant 0.0 : f32
  %z = arith.mulf %t32, %zero : f32
  %zv = vector.broadcast %z : f32 to vector<32xf32>
  %c = arith.constant dense<[0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1.0, 1.05, 1.1, 1.15, 1.2, 1.25, 1.3, 1.35, 1.4, 1.45, 1.5, 1.55, 1.6]> : vector<32xf32>
  %x = arith.addf %c, %zv : vector<32xf32>
  %e = math.exp %x fastmath<afn> : vector<32xf32>
  vector.print %e : vector<32xf32>
  %h = math.sin %x fastmath<afn> : vector<32xf32>
  vector.print %h : vector<32xf32>
  %p = math.powf %x, %e fastmath<afn> : vector<32xf32>
  vector.print %p : vector<32xf32>
  %l = math.log %x : vector<32xf32>
  vector.print %l : vector<32xf32>
  return
}
)";

bool hostHasAvx512() {
  std::string cpuinfo = readFile("/proc/cpuinfo");
  return cpuinfo.find(" avx512f") != std::string::npos;
}

/// The numbers `vector.print` printed, in order.
std::vector<double> numbers(const std::string &text) {
  std::vector<double> out;
  std::string cleaned = text;
  for (char &ch : cleaned)
    if (ch == '(' || ch == ')' || ch == ',')
      ch = ' ';
  std::istringstream in(cleaned);
  double v;
  while (in >> v)
    out.push_back(v);
  return out;
}

TEST(VectorMathLibrary, ApproximableVectorMathCallsLibmvec) {
  TempProgram p(kProgram);
  CommandResult ir = runCommand(shellQuote(affjitBinary()) + " llvm " +
                                shellQuote(p.path) + " --pipeline=none");
  ASSERT_EQ(ir.exitCode, 0) << ir.err;
  for (const char *variant : {"v_expf", "v_sinf", "vv_powf"})
    EXPECT_NE(ir.out.find(variant), std::string::npos)
        << variant << " missing:\n"
        << ir.out;
  if (hostHasAvx512()) {
    EXPECT_NE(ir.out.find("call <16 x float> @_ZGVeN16v_expf"),
              std::string::npos)
        << "16-lane AVX-512 variant expected on this host";
  }
  // log has no afn: LLVM's intrinsic, exact.
  EXPECT_EQ(ir.out.find("_logf"), std::string::npos) << ir.out;
  EXPECT_NE(ir.out.find("@llvm.log.v32f32"), std::string::npos) << ir.out;
}

TEST(VectorMathLibrary, ResultsStayWithinLibmvecAccuracyOfMlir) {
  if (!std::filesystem::exists(runMlirScript()))
    GTEST_SKIP() << "run-mlir not found next to the source tree";
  TempProgram p(kProgram);
  CommandResult ours = runCommand(shellQuote(affjitBinary()) + " run " +
                                  shellQuote(p.path) + " --pipeline=none");
  ASSERT_EQ(ours.exitCode, 0) << ours.err;
  CommandResult theirs =
      runCommand(shellQuote(runMlirScript()) + " " + shellQuote(p.path));
  ASSERT_EQ(theirs.exitCode, 0) << theirs.err;
  std::vector<double> a = numbers(ours.out), b = numbers(theirs.out);
  ASSERT_EQ(a.size(), 4u * 32u) << ours.out;
  ASSERT_EQ(a.size(), b.size()) << theirs.out;
  // Printed with 6 significant digits: 4 ulps of f32 (5e-7 relative) may
  // move the last printed digit by one.
  for (size_t i = 0; i < a.size(); ++i)
    EXPECT_NEAR(a[i], b[i], 2e-6 * std::max(1.0, std::fabs(b[i]))) << i;
}

// tanh has no LLVM intrinsic (libm per lane when exact), and MLIR 19's
// runner cannot lower it: the libmvec result is compared with affjit's own
// exact one.
TEST(VectorMathLibrary, LibmFunctionsTakeTheVectorVariantToo) {
  std::string exact = kProgram;
  exact.replace(exact.find("math.sin %x fastmath<afn>"),
                std::string("math.sin %x fastmath<afn>").size(),
                "math.tanh %x");
  std::string approx = exact;
  approx.replace(approx.find("math.tanh %x"),
                 std::string("math.tanh %x").size(),
                 "math.tanh %x fastmath<afn>");
  TempProgram e(exact), a(approx);
  std::string run = shellQuote(affjitBinary()) + " run ";
  CommandResult ir = runCommand(shellQuote(affjitBinary()) + " llvm " +
                                shellQuote(a.path) + " --pipeline=none");
  ASSERT_EQ(ir.exitCode, 0) << ir.err;
  EXPECT_NE(ir.out.find("v_tanhf"), std::string::npos) << ir.out;
  CommandResult want = runCommand(run + shellQuote(e.path));
  CommandResult got = runCommand(run + shellQuote(a.path));
  ASSERT_EQ(want.exitCode, 0) << want.err;
  ASSERT_EQ(got.exitCode, 0) << got.err;
  std::vector<double> x = numbers(got.out), y = numbers(want.out);
  ASSERT_EQ(x.size(), y.size());
  for (size_t i = 0; i < x.size(); ++i)
    EXPECT_NEAR(x[i], y[i], 2e-6 * std::max(1.0, std::fabs(y[i]))) << i;
}

} // namespace
