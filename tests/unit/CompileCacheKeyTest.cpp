// The persistent compile cache (AFFJIT_CACHE_DIR) is keyed by everything
// that decides the code: compiling one file for another vector width,
// other cache sizes or another parallel grain makes a new object instead
// of reusing one built for other settings; the same settings reuse it.
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

using namespace affjit::test;

namespace {

/// A sum the vectorizer widens to the target's vector width.
const char *kProgram = R"(func.func @main() {
  %A = memref.alloc() : memref<1024xf32>
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 1024 {
    affine.store %one, %A[%i] : memref<1024xf32>
  }
  %zero = arith.constant 0.0 : f32
  %s = affine.for %i = 0 to 1024 iter_args(%acc = %zero) -> (f32) {
    %x = affine.load %A[%i] : memref<1024xf32>
    %n = arith.addf %acc, %x : f32
    affine.yield %n : f32
  }
  vector.print %s : f32
  memref.dealloc %A : memref<1024xf32>
  return
}
)";

class CompileCacheKey : public ::testing::Test {
protected:
  void SetUp() override {
    dir = std::filesystem::temp_directory_path() /
          ("affjit-cache-key-" +
           std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
           "-" + std::to_string(reinterpret_cast<uintptr_t>(this)));
    std::filesystem::create_directories(dir);
  }
  void TearDown() override { std::filesystem::remove_all(dir); }

  /// Runs the program with the cache in `dir`, `env` set and `flags`
  /// given to `affjit run`; returns its output.
  std::string run(const std::string &env, const std::string &flags = "") {
    CommandResult r = runCommand(
        "env -u AFFJIT_VECTOR_BITS -u AFFJIT_L2_BYTES -u AFFJIT_LLC_BYTES "
        "-u AFFJIT_PARALLEL_MIN_WORK AFFJIT_CACHE_DIR=" +
        shellQuote(dir.string()) + " " + env + " " +
        shellQuote(affjitBinary()) + " run " + flags + " " +
        shellQuote(program.path));
    EXPECT_EQ(r.exitCode, 0) << r.err;
    return r.out;
  }

  size_t cachedObjects() const {
    size_t n = 0;
    for (const auto &entry : std::filesystem::directory_iterator(dir))
      n += entry.path().extension() == ".o";
    return n;
  }

  TempProgram program{kProgram};
  std::filesystem::path dir;
};

TEST_F(CompileCacheKey, OtherPassTargetsGetObjectsOfTheirOwn) {
  EXPECT_EQ(run("AFFJIT_VECTOR_BITS=128"), "1024\n");
  EXPECT_EQ(cachedObjects(), 1u);
  EXPECT_EQ(run("AFFJIT_VECTOR_BITS=256"), "1024\n");
  EXPECT_EQ(cachedObjects(), 2u);
  EXPECT_EQ(run("AFFJIT_VECTOR_BITS=256 AFFJIT_L2_BYTES=65536"), "1024\n");
  EXPECT_EQ(cachedObjects(), 3u);
  EXPECT_EQ(run("AFFJIT_VECTOR_BITS=256 AFFJIT_LLC_BYTES=1048576"), "1024\n");
  EXPECT_EQ(cachedObjects(), 4u);
  EXPECT_EQ(run("AFFJIT_VECTOR_BITS=256 AFFJIT_PARALLEL_MIN_WORK=1"), "1024\n");
  EXPECT_EQ(cachedObjects(), 5u);
}

TEST_F(CompileCacheKey, OtherTargetsAndCachesGetObjectsOfTheirOwn) {
  // x86-64-v2 runs on every machine this builds for.
  EXPECT_EQ(run("", "--target=x86-64-v2"), "1024\n");
  EXPECT_EQ(cachedObjects(), 1u);
  EXPECT_EQ(run("", "--target=x86-64-v2 --mattr=-popcnt"), "1024\n");
  EXPECT_EQ(cachedObjects(), 2u);
  EXPECT_EQ(run("", "--target=x86-64-v2 --cache=l2=64K"), "1024\n");
  EXPECT_EQ(cachedObjects(), 3u);
  EXPECT_EQ(run("", "--target=x86-64-v2 --cache=l2=64K"), "1024\n");
  EXPECT_EQ(cachedObjects(), 3u) << "the same target reuses its object";
  EXPECT_EQ(run(""), "1024\n");
  EXPECT_EQ(cachedObjects(), 4u);
}

TEST_F(CompileCacheKey, TheSameSettingsReuseTheObject) {
  EXPECT_EQ(run("AFFJIT_VECTOR_BITS=128"), "1024\n");
  EXPECT_EQ(run("AFFJIT_VECTOR_BITS=128"), "1024\n");
  EXPECT_EQ(cachedObjects(), 1u);
}

} // namespace
