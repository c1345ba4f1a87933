// Long-running use of the engine: compiling and discarding many modules
// keeps resident memory flat, and engines on different threads compile and
// run concurrently without interfering (also run under ThreadSanitizer,
// see scripts/sanitize.sh).
#include "affjit/Buffer.h"
#include "affjit/Engine.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <thread>
#include <unistd.h>

namespace {

/// A saxpy-like kernel whose constant makes each module's text unique (so
/// none is served from the object cache).
std::string kernel(int k) {
  return "func.func @scale(%x: memref<?xf32>) {\n"
         "  %c0 = arith.constant 0 : index\n"
         "  %k = arith.constant " +
         std::to_string(k) +
         ".0 : f32\n"
         "  %n = memref.dim %x, %c0 : memref<?xf32>\n"
         "  affine.for %i = 0 to %n {\n"
         "    %v = affine.load %x[%i] : memref<?xf32>\n"
         "    %s = arith.mulf %v, %k : f32\n"
         "    affine.store %s, %x[%i] : memref<?xf32>\n"
         "  }\n"
         "  return\n"
         "}\n";
}

/// Resident set size in kB, from /proc/self/statm.
long residentKb() {
  std::ifstream statm("/proc/self/statm");
  long pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

/// Compiles `kernel(k)` in a fresh engine and checks one call's result.
void compileAndRun(int k, unsigned optLevel) {
  affjit::Engine engine(affjit::EngineOptions{{optLevel}});
  affjit::Error err = engine.compile(kernel(k));
  ASSERT_FALSE(err) << err.message();
  affjit::MemRef<float, 1> x({16});
  for (int i = 0; i < 16; ++i)
    x(i) = (float)i;
  err = engine.call("scale", x);
  ASSERT_FALSE(err) << err.message();
  EXPECT_EQ(x(3), 3.0f * (float)k);
}

TEST(EngineStability, ThousandModulesKeepMemoryFlat) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer's quarantine keeps freed memory resident";
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  GTEST_SKIP() << "AddressSanitizer's quarantine keeps freed memory resident";
#endif
#endif
  // Warm up: LLVM's first use allocates its lasting tables.
  for (int k = 0; k < 100; ++k)
    compileAndRun(k, 0);
  long before = residentKb();
  for (int k = 100; k < 1100; ++k)
    compileAndRun(k, 0);
  long growthKb = residentKb() - before;
  RecordProperty("rss_growth_kb", std::to_string(growthKb));
  std::printf("resident memory growth over 1000 modules: %ld kB\n", growthKb);
  // Leaking even 50 kB per module would show as 50 MB here.
  EXPECT_LT(growthKb, 16 * 1024);
}

TEST(EngineStability, EnginesOnTwoThreadsCompileAndRunConcurrently) {
  auto worker = [](int base) {
    for (int k = 0; k < 20; ++k)
      compileAndRun(base + k, 2);
  };
  std::thread a(worker, 1000), b(worker, 2000);
  a.join();
  b.join();
}

} // namespace
