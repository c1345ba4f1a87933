// Cross-checks against --pipeline=none: `affjit run --cross-check`
// (engine/cli/CrossCheck.h) and EngineOptions::crossCheck. A program whose
// optimized output equals --pipeline=none's prints it once and exits 0; one
// whose output differs (a sum marked fastmath<reassoc>, which the passes
// may reorder, over values whose order matters) gets the first differing
// line and the first pass after which the output differs, exit status 1.
#include "affjit/Engine.h"
#include "support/ReorderedSum.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

using namespace affjit::test;

namespace {

const char *kAgrees = R"(func.func @main() {
  %A = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    affine.store %f, %A[%i] : memref<64xf32>
  }
  %zero = arith.constant 0.0 : f32
  %s = affine.for %i = 0 to 64 iter_args(%acc = %zero) -> (f32) {
    %x = affine.load %A[%i] : memref<64xf32>
    %n = arith.addf %acc, %x : f32
    affine.yield %n : f32
  }
  vector.print %s : f32
  return
}
)";

/// A running sum from 1e8 of 3 + 3 per step: in order each 3 vanishes into
/// the sum (whose float spacing is 8); `reassociate` adds 3 + 3 first, and
/// 6 rounds up to 8. The sum is stored each step, so no vectorizer reorders
/// it on any target. Line 2 is the sum less 1e8.
const char *kReordered = R"(func.func @main() {
  %A = memref.alloc() : memref<33xf32>
  %B = memref.alloc() : memref<33xf32>
  %big = arith.constant 1.0e8 : f32
  %three = arith.constant 3.0 : f32
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 33 {
    affine.store %three, %B[%i] : memref<33xf32>
  }
  affine.store %big, %A[0] : memref<33xf32>
  affine.for %i = 1 to 33 {
    %p = affine.load %A[%i - 1] : memref<33xf32>
    %b = affine.load %B[%i] : memref<33xf32>
    %s = arith.addf %p, %b fastmath<reassoc> : f32
    %t = arith.addf %s, %b fastmath<reassoc> : f32
    affine.store %t, %A[%i] : memref<33xf32>
  }
  vector.print %one : f32
  %r = affine.load %A[32] : memref<33xf32>
  %d = arith.subf %r, %big : f32
  vector.print %d : f32
  return
}
)";

CommandResult run(const std::string &path, const std::string &flags) {
  return runCommand(shellQuote(affjitBinary()) + " run " + shellQuote(path) +
                    " " + flags);
}

TEST(CrossCheckCli, SameOutputPrintsItOnceAndSucceeds) {
  TempProgram program(kAgrees);
  CommandResult r = run(program.path, "--cross-check");
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out, "2016\n");
  EXPECT_EQ(r.err,
            "affjit: cross-check: the output equals --pipeline=none's\n");
}

TEST(CrossCheckCli, DifferenceNamesTheLineAndTheFirstPass) {
  TempProgram program(kReordered);
  CommandResult none = run(program.path, "--pipeline=none");
  ASSERT_EQ(none.exitCode, 0) << none.err;
  CommandResult r = run(program.path, "--cross-check --threads 1");
  EXPECT_EQ(r.exitCode, 1);
  // The optimized output is printed as a plain run prints it.
  CommandResult plain = run(program.path, "--threads 1");
  EXPECT_EQ(r.out, plain.out);
  ASSERT_NE(r.out, none.out) << "the passes no longer reorder the sum";
  std::string noneSum = splitLines(none.out).at(1),
              optimizedSum = splitLines(r.out).at(1);
  EXPECT_NE(r.err.find("affjit: error: cross-check: line 2 differs from "
                       "--pipeline=none's\n  --pipeline=default: " +
                       optimizedSum + "\n  --pipeline=none: " + noneSum + "\n"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("the output first differs after pass 'reassociate' "
                       "(--pipeline=raise-scf,fuse,distribute,interchange,"
                       "tile,split-triangle,scalrep,reassociate)"),
            std::string::npos)
      << r.err;
}

TEST(CrossCheckCli, NotWithTrafficMeasurement) {
  TempProgram program(kAgrees);
  CommandResult r = run(program.path, "--cross-check --measure-traffic");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.err, "affjit: error: --cross-check and --measure-traffic cannot "
                   "be combined\n");
}

} // namespace

namespace {

/// EngineOptions::crossCheck: a call whose optimized results differ from
/// --pipeline=none's fails, names the pass, and changes nothing; one whose
/// results agree runs.
TEST(EngineCrossCheck, ADisagreeingCallFailsAndChangesNothing) {
  affjit::EngineOptions options;
  options.threads = 1;
  options.crossCheck = true;
  affjit::Engine engine(options);
  ASSERT_FALSE(engine.compile(kReorderedSum));
  affjit::MemRef<float, 1> a({96}), out({97});
  // 1e8, 5, -1e8 repeated: in order the 5s vanish into 2e8 (float spacing
  // 16); reordered, 5 + 5 = 10 rounds up to 16.
  for (int i = 0; i < 96; ++i)
    a(i) = i % 3 == 0 ? 1e8f : i % 3 == 1 ? 5.0f : -1e8f;
  for (int i = 0; i < 97; ++i)
    out(i) = 42.0f;
  affjit::Error err = engine.call("sum", a, out);
  ASSERT_TRUE(err);
  EXPECT_NE(err.message().find("cross-check of @sum: %out[2] = "),
            std::string::npos)
      << err.message();
  EXPECT_NE(err.message().find("the results first differ after pass "
                               "'reassociate'"),
            std::string::npos)
      << err.message();
  for (int i = 0; i < 97; ++i)
    EXPECT_EQ(out(i), 42.0f) << i;
  // Small integers add up the same in any order.
  for (int i = 0; i < 96; ++i)
    a(i) = (float)(i % 7);
  err = engine.call("sum", a, out);
  ASSERT_FALSE(err) << err.message();
  EXPECT_EQ(out(96), 566.0f);
}

} // namespace
