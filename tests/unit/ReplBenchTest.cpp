// The REPL's :bench, driven from a pipe: the table for the session's
// kernel and buffers with every variant, the buffers unchanged afterwards
// (each variant ran on copies), and bad lines reported with the session
// going on.
#include "frontend/transform/PassPipeline.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

using namespace affjit::test;

namespace {

CommandResult runRepl(const std::string &script) {
  std::string path = writeTempFile(script, ".repl");
  CommandResult r = runCommand(
      "timeout 120 " + shellQuote(affjitBinary()) + " repl " +
      shellQuote(std::string(AFFJIT_SOURCE_DIR) + "/tests/repl/kernels.mlir") +
      " < " + shellQuote(path));
  std::filesystem::remove(path);
  return r;
}

/// "none, default" and the registered passes, as errors list them.
std::string knownNames() {
  std::string names = "none, default";
  for (const affjit::PassInfo &pass : affjit::passRegistry().passes)
    names += ", " + std::string(pass.name);
  return names;
}

bool contains(const std::string &haystack, const std::string &needle) {
  return haystack.find(needle) != std::string::npos;
}

TEST(ReplBench, BenchmarksTheSessionKernelOnCopiesOfItsBuffers) {
  CommandResult r = runRepl("%X = alloc memref<16xf32> iota\n"
                            "%Y = alloc memref<16xf32> ones\n"
                            ":bench @saxpy(%X, %Y, 2.0) none,fuse,default\n"
                            ":print %Y\n");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_TRUE(contains(r.out, "@saxpy(%x, %y: memref<16xf32>, %a: f32 = 2)\n"))
      << r.out;
  // 16 multiply-adds; %x read, %y read and written.
  EXPECT_TRUE(contains(r.out, "work per call: 32 FLOP, 192 B of arguments"))
      << r.out;
  for (const char *row : {"\nnone ", "\nfuse ", "\ndefault "})
    EXPECT_TRUE(contains(r.out, row)) << row << "\n" << r.out;
  EXPECT_TRUE(contains(r.out, "bit for bit as none does\n"));
  EXPECT_TRUE(contains(r.out, "[1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  "
                              "1,  1,  1,  1,  1]"))
      << "%Y keeps its values\n"
      << r.out;
}

TEST(ReplBench, BadLinesAreReportedAndTheSessionGoesOn) {
  CommandResult r = runRepl("%X = alloc memref<16xf32> iota\n"
                            ":bench @saxpy(%X, %X, 2.0) none,nope\n"
                            ":bench @saxpy(%X) none\n"
                            ":bench @nothing(%X)\n"
                            ":bench saxpy\n"
                            ":buffers\n");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(splitLines(r.err),
            (std::vector<std::string>{
                "<stdin>:2: error: unknown pass 'nope' in :bench (known: " +
                    knownNames() + ")",
                "<stdin>:3: error: @saxpy takes 3 arguments, got 1",
                "<stdin>:4: error: no function named @nothing is defined",
                "<stdin>:5: error: expected a call like @kernel(%A, 2.0) "
                "(usage: :bench @f(%A, 2.0) [none,default])"}));
  EXPECT_TRUE(contains(r.out, "%X ")) << r.out;
}

} // namespace
