// The integer divisions of arith (divsi, remsi, floordivsi, ceildivsi,
// divui, remui, ceildivui) against exact arithmetic in C++: every i8 pair
// and the i64 extremes, without passes and through the default pipeline.
// The run corpus cannot hold these: MLIR 19's expansion of ceildivsi
// overflows at i8's extremes (ceildivsi(-128, 7) prints 18, not -18), and
// the corpus compares with MLIR 19's output.
#include "affjit/Engine.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace {

/// `@divide(a, b, q)`: q[i, 0..6] = the seven divisions of a[i] by b[i].
std::string divisionKernel(const std::string &t) {
  std::string m = "memref<?x" + t + ">";
  std::string q = "memref<?x7x" + t + ">";
  std::string text = "func.func @divide(%a: " + m + ", %b: " + m +
                     ", %q: " + q +
                     ") {\n"
                     "  %c0 = arith.constant 0 : index\n"
                     "  %n = memref.dim %a, %c0 : " +
                     m +
                     "\n"
                     "  affine.for %i = 0 to %n {\n"
                     "    %x = affine.load %a[%i] : " +
                     m +
                     "\n"
                     "    %y = affine.load %b[%i] : " +
                     m + "\n";
  const char *ops[] = {"divsi", "remsi", "floordivsi", "ceildivsi",
                       "divui", "remui", "ceildivui"};
  for (int k = 0; k < 7; ++k) {
    std::string v = "%r" + std::to_string(k);
    text += "    " + v + " = arith." + ops[k] + " %x, %y : " + t + "\n";
    text += "    affine.store " + v + ", %q[%i, " + std::to_string(k) +
            "] : " + q + "\n";
  }
  return text + "  }\n  return\n}\n";
}

/// The seven results for `a` and `b`, computed exactly in 128 bits.
template <typename T> std::vector<T> expected(T a, T b) {
  using U = std::make_unsigned_t<T>;
  __int128 x = a, y = b;
  __int128 q = x / y, r = x % y; // truncated, as C++ divides
  __int128 floorQ = q - (r != 0 && ((x < 0) != (y < 0)));
  __int128 ceilQ = q + (r != 0 && ((x < 0) == (y < 0)));
  unsigned __int128 ux = (U)a, uy = (U)b;
  return {(T)q,
          (T)r,
          (T)floorQ,
          (T)ceilQ,
          (T)(U)(ux / uy),
          (T)(U)(ux % uy),
          (T)(U)((ux + uy - 1) / uy)};
}

/// Divides every pair with `pipeline` and compares with expected().
template <typename T>
void checkPairs(const std::string &type,
                const std::vector<std::pair<T, T>> &pairs,
                const char *pipeline) {
  affjit::EngineOptions options;
  options.pipeline = pipeline;
  affjit::Engine engine(options);
  affjit::Error err = engine.compile(divisionKernel(type), "divide.mlir");
  ASSERT_FALSE(err) << err.message();
  int64_t n = (int64_t)pairs.size();
  affjit::MemRef<T, 1> a({n}), b({n});
  affjit::MemRef<T, 2> q({n, 7});
  for (int64_t i = 0; i < n; ++i) {
    a(i) = pairs[i].first;
    b(i) = pairs[i].second;
  }
  err = engine.call("divide", a, b, q);
  ASSERT_FALSE(err) << err.message();
  const char *names[] = {"divsi", "remsi", "floordivsi", "ceildivsi",
                         "divui", "remui", "ceildivui"};
  int failures = 0;
  for (int64_t i = 0; i < n && failures < 10; ++i) {
    std::vector<T> want = expected(pairs[i].first, pairs[i].second);
    for (int k = 0; k < 7; ++k) {
      if (q(i, k) == want[k])
        continue;
      ++failures;
      ADD_FAILURE() << pipeline << ": arith." << names[k] << " "
                    << (int64_t)pairs[i].first << ", "
                    << (int64_t)pairs[i].second << " : " << type << " gave "
                    << (int64_t)q(i, k) << ", expected " << (int64_t)want[k];
    }
  }
}

/// Every i8 pair except division by zero and the signed overflow
/// -128 / -1 (undefined in arith for the signed divisions).
std::vector<std::pair<int8_t, int8_t>> allI8Pairs() {
  std::vector<std::pair<int8_t, int8_t>> pairs;
  for (int x = -128; x < 128; ++x)
    for (int y = -128; y < 128; ++y)
      if (y != 0 && !(x == -128 && y == -1))
        pairs.emplace_back((int8_t)x, (int8_t)y);
  return pairs;
}

std::vector<std::pair<int64_t, int64_t>> i64Extremes() {
  const int64_t lo = std::numeric_limits<int64_t>::min(),
                hi = std::numeric_limits<int64_t>::max();
  const int64_t dividends[] = {lo, lo + 1, -7, -1, 0, 1, 7, hi - 1, hi};
  const int64_t divisors[] = {lo, lo + 1, -7, -2, -1, 1, 2, 7, hi - 1, hi};
  std::vector<std::pair<int64_t, int64_t>> pairs;
  for (int64_t x : dividends)
    for (int64_t y : divisors)
      if (!(x == lo && y == -1))
        pairs.emplace_back(x, y);
  return pairs;
}

TEST(IntegerDivision, EveryI8PairWithoutPasses) {
  checkPairs<int8_t>("i8", allI8Pairs(), "none");
}

TEST(IntegerDivision, EveryI8PairThroughTheDefaultPipeline) {
  checkPairs<int8_t>("i8", allI8Pairs(), "default");
}

TEST(IntegerDivision, I64Extremes) {
  for (const char *pipeline : {"none", "default"})
    checkPairs<int64_t>("i64", i64Extremes(), pipeline);
}

} // namespace
