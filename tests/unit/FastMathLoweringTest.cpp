// Float ops reach LLVM with the fast-math flags their `fastmath<...>`
// attribute names (as MLIR's arith-to-llvm lowering gives them), and with
// all of them under `--fast-math`: `contract` lets LLVM fuse a multiply and
// an add into an FMA, which rounds once where the two ops round twice, so
// a program whose ops say `contract` must print what mlir-cpu-runner
// prints, and one whose ops say nothing must not be contracted.
#include "support/MlirOracle.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

using namespace affjit::test;

namespace {

// a * a + c with a = 1 + 2^-12 and c = -(1 + 2^-11): a * a is exactly
// 1 + 2^-11 + 2^-24, which f32 rounds (a tie, to even) to 1 + 2^-11, so the
// unfused sum is 0 and the fused one 2^-24. The operands get `rtclock() *
// 0` added, which LLVM cannot fold, so the arithmetic runs.
std::string program(const std::string &flags) {
  return R"(func.func @fma(%a: f32, %b: f32, %c: f32) -> f32 {
  %p = arith.mulf %a, %b )" +
         flags + R"( : f32
  %s = arith.addf %p, %c )" +
         flags + R"( : f32
  return %s : f32
}
func.func private @rtclock() -> f64
func.func @main() {
  %a0 = arith.constant 1.000244140625 : f32
  %c0 = arith.constant -1.00048828125 : f32
  %t = func.call @rtclock() : () -> f64
  %t32 = arith.truncf %t : f64 to f32
  %zero = arith.constant 0.0 : f32
  %z = arith.mulf %t32, %zero : f32
  %a = arith.addf %a0, %z : f32
  %c = arith.addf %c0, %z : f32
  %r = func.call @fma(%a, %a, %c) : (f32, f32, f32) -> f32
  vector.print %r : f32
  return
}
)";
}

CommandResult affjit(const std::string &subcommand, const std::string &path,
                     const std::string &flags = "") {
  return runCommand(shellQuote(affjitBinary()) + " " + subcommand + " " +
                    shellQuote(path) + " " + flags);
}

TEST(FastMathLowering, OpsCarryTheFlagsTheyName) {
  TempProgram contract(program("fastmath<contract>"));
  CommandResult ir = affjit("llvm", contract.path, "--pipeline=none");
  ASSERT_EQ(ir.exitCode, 0) << ir.err;
  EXPECT_NE(ir.out.find("fmul contract float"), std::string::npos) << ir.out;
  EXPECT_NE(ir.out.find("fadd contract float"), std::string::npos) << ir.out;

  TempProgram plain(program(""));
  ir = affjit("llvm", plain.path, "--pipeline=none");
  ASSERT_EQ(ir.exitCode, 0) << ir.err;
  EXPECT_NE(ir.out.find("fmul float"), std::string::npos) << ir.out;
  EXPECT_EQ(ir.out.find("contract"), std::string::npos) << ir.out;

  TempProgram none(program("fastmath<none>"));
  ir = affjit("llvm", none.path, "--pipeline=none");
  ASSERT_EQ(ir.exitCode, 0) << ir.err;
  EXPECT_EQ(ir.out.find("fast "), std::string::npos) << ir.out;
}

TEST(FastMathLowering, FastMathFlagSetsEveryFlag) {
  TempProgram plain(program(""));
  CommandResult ir = affjit("llvm", plain.path, "--pipeline=none --fast-math");
  ASSERT_EQ(ir.exitCode, 0) << ir.err;
  EXPECT_NE(ir.out.find("fmul fast float"), std::string::npos) << ir.out;
  EXPECT_NE(ir.out.find("fadd fast float"), std::string::npos) << ir.out;
}

// {affjit.ordered} (the reassociate pass's mark) takes reassociation away
// from an op even under --fast-math, and nothing else.
TEST(FastMathLowering, OrderedOpsAreNotReassociated) {
  TempProgram p(R"(func.func @f(%a: f32, %b: f32, %c: f32) -> f32 {
  %s = arith.addf %a, %b {affjit.ordered} : f32
  %t = arith.addf %s, %c : f32
  return %t : f32
}
)");
  CommandResult ir = affjit("llvm", p.path, "--pipeline=none --fast-math");
  ASSERT_EQ(ir.exitCode, 0) << ir.err;
  EXPECT_NE(ir.out.find("fadd nnan ninf nsz arcp contract afn float %0, %1"),
            std::string::npos)
      << ir.out;
  EXPECT_NE(ir.out.find("fadd fast float"), std::string::npos) << ir.out;
}

TEST(FastMathLowering, ContractionPrintsWhatMlirPrints) {
  if (!std::filesystem::exists(runMlirScript()))
    GTEST_SKIP() << "run-mlir not found next to the source tree";
  std::vector<std::string> printed;
  for (const char *flags : {"", "fastmath<contract>"}) {
    TempProgram p(program(flags));
    CommandResult ours = affjit("run", p.path);
    ASSERT_EQ(ours.exitCode, 0) << ours.err;
    CommandResult theirs =
        runCommand(shellQuote(runMlirScript()) + " " + shellQuote(p.path));
    ASSERT_EQ(theirs.exitCode, 0) << theirs.err;
    EXPECT_EQ(ours.out, theirs.out) << "fastmath flags: '" << flags << "'";
    printed.push_back(ours.out);
  }
  // The inputs make one rounding differ from two.
  EXPECT_NE(printed[0], printed[1]);
}

} // namespace
