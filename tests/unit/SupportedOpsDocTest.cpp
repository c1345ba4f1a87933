// docs/supported-ops.md is what `affjit ops --markdown` prints from the op
// registries: adding an op without regenerating the page fails here
// (regenerate with `build/bin/affjit ops --markdown > docs/supported-ops.md`).
#include "support/Subprocess.h"

#include <gtest/gtest.h>

using namespace affjit::test;

namespace {

TEST(SupportedOpsDoc, MatchesTheRegistries) {
  CommandResult r = runCommand(shellQuote(affjitBinary()) + " ops --markdown");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(readFile(std::string(AFFJIT_SOURCE_DIR) + "/docs/supported-ops.md"),
            r.out)
      << "regenerate: build/bin/affjit ops --markdown > docs/supported-ops.md";
}

TEST(SupportedOpsDoc, ListsEveryDialectAndWhatCannotRun) {
  CommandResult r = runCommand(shellQuote(affjitBinary()) + " ops");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  for (const char *dialect :
       {"affine:", "arith:", "func:", "math:", "memref:", "scf:", "vector:"})
    EXPECT_NE(("\n" + r.out).find(std::string("\n") + dialect),
              std::string::npos)
        << dialect << "\n"
        << r.out;
  EXPECT_NE(r.out.find("tensor.*"), std::string::npos) << r.out;
}

} // namespace
