// The random affine program generator (tests/support/RandomAffineProgram)
// and the MLIR dependence oracle (tests/support/MlirOracle): for seeds
// 1..300 the program is deterministic, mlir-opt 19 accepts it, and
// `-test-memref-dependence-check` reports dependences for its accesses.
#include "support/MlirOracle.h"
#include "support/RandomAffineProgram.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

using namespace affjit::test;

namespace {

namespace fs = std::filesystem;

constexpr uint64_t kFirstSeed = 1, kLastSeed = 300;

/// A fresh directory under the system temp dir, removed with the object.
class TempDir {
public:
  TempDir() {
    std::string tmpl =
        (fs::temp_directory_path() / "affjit-random-XXXXXX").string();
    if (mkdtemp(tmpl.data()))
      path = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    if (!path.empty())
      fs::remove_all(path, ec);
  }
  std::string write(const std::string &name, const std::string &text) const {
    std::string file = path + "/" + name;
    FILE *f = std::fopen(file.c_str(), "wb");
    if (!f)
      return "";
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
    return file;
  }
  std::string path;
};

TEST(RandomProgram, DeterministicPerSeed) {
  for (uint64_t seed = kFirstSeed; seed <= kLastSeed; ++seed)
    ASSERT_EQ(generateAffineProgram(seed), generateAffineProgram(seed))
        << "seed " << seed;
  EXPECT_NE(generateAffineProgram(1), generateAffineProgram(2));
}

TEST(RandomProgram, RespectsAccessCount) {
  for (uint64_t seed = kFirstSeed; seed <= kLastSeed; ++seed) {
    int n = countAffineAccesses(generateAffineProgram(seed));
    EXPECT_GE(n, GeneratorOptions().minAccesses) << "seed " << seed;
    EXPECT_LE(n, GeneratorOptions().maxAccesses) << "seed " << seed;
  }
  GeneratorOptions bench = GeneratorOptions::forBenchmark(200);
  EXPECT_EQ(countAffineAccesses(generateAffineProgram(7, bench)), 200);
}

TEST(RandomProgram, AcceptedByMlirWithDependenceRemarks) {
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not found at " << mlirOptPath();
  TempDir dir;
  ASSERT_FALSE(dir.path.empty());
  for (uint64_t seed = kFirstSeed; seed <= kLastSeed; ++seed) {
    std::string text = generateAffineProgram(seed);
    std::string file = dir.write("seed" + std::to_string(seed) + ".mlir", text);
    std::string diagnostics;
    ASSERT_TRUE(mlirAccepts(file, &diagnostics)) << "seed " << seed << ":\n"
                                                 << diagnostics << "\n"
                                                 << text;
    int exitCode = -1;
    std::string other;
    std::vector<std::string> remarks =
        mlirDependenceRemarks(file, &exitCode, &other);
    ASSERT_EQ(exitCode, 0) << "seed " << seed << ":\n" << other << text;
    if (countAffineAccesses(text) >= 2) {
      EXPECT_FALSE(remarks.empty()) << "seed " << seed << ":\n" << text;
    }
    for (const std::string &r : remarks)
      ASSERT_EQ(r.rfind(file + ":", 0), 0u) << r;
  }
}

TEST(RandomProgram, BenchmarkProgramAccepted) {
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not found at " << mlirOptPath();
  TempDir dir;
  std::string text =
      generateAffineProgram(3, GeneratorOptions::forBenchmark(100));
  std::string file = dir.write("bench.mlir", text);
  std::string diagnostics;
  EXPECT_TRUE(mlirAccepts(file, &diagnostics)) << diagnostics << text;
}

} // namespace
