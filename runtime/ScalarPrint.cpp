// MLIR 19 c_runner_utils compatible scalar printing and timing: the helpers
// vector.print lowers to (printF32, printOpen, ...), printFlops and rtclock.
// They write through C stdio exactly like libmlir_c_runner_utils.so so that
// output interleaves identically with the memref printers' std::cout.
#include "affjit/Runtime.h"

#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <sys/time.h>

namespace {

/// MLIR prints a NaN with the sign bit set as "-nan" whatever the libc does.
bool isNegativeNaN(double d) { return std::isnan(d) && std::signbit(d); }

} // namespace

extern "C" void printI64(int64_t i) { std::fprintf(stdout, "%" PRId64, i); }
extern "C" void printU64(uint64_t u) { std::fprintf(stdout, "%" PRIu64, u); }

extern "C" void printF32(float f) {
  if (isNegativeNaN(f))
    std::fputs("-nan", stdout);
  else
    std::fprintf(stdout, "%g", (double)f);
}

extern "C" void printF64(double d) {
  if (isNegativeNaN(d))
    std::fputs("-nan", stdout);
  else
    std::fprintf(stdout, "%lg", d);
}

extern "C" void printString(char const *s) { std::fputs(s, stdout); }
extern "C" void printOpen() { std::fputs("( ", stdout); }
extern "C" void printClose() { std::fputs(" )", stdout); }
extern "C" void printComma() { std::fputs(", ", stdout); }
extern "C" void printNewline() { std::fputc('\n', stdout); }

extern "C" void printFlops(double flops) {
  std::fprintf(stderr, "%lf GFLOPS\n", flops / 1.0E9);
}

extern "C" double rtclock() {
  struct timeval tp;
  if (int stat = gettimeofday(&tp, nullptr); stat != 0)
    std::fprintf(stderr, "Error returning time from gettimeofday: %d\n", stat);
  return tp.tv_sec + tp.tv_usec * 1.0e-6;
}

extern "C" int64_t _mlir_ciface_nanoTime() {
  auto now = std::chrono::high_resolution_clock::now().time_since_epoch();
  return std::chrono::duration_cast<std::chrono::nanoseconds>(now).count();
}
