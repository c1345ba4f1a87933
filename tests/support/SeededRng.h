// Deterministic random draws for the test program generators: one
// std::mt19937_64 seeded through splitmix64, with bounded draws defined
// here (std distributions differ between standard libraries), so a seed
// gives the same program on every machine.
#pragma once

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <utility>
#include <vector>

namespace affjit::test {

/// Reads a seed (or another count) written as a non-negative decimal, hex
/// or octal number from a generator's command line; false if it is not one.
inline bool parseSeed(const char *text, uint64_t &out) {
  char *end = nullptr;
  errno = 0;
  unsigned long long v = std::strtoull(text, &end, 0);
  if (errno || !*text || *end || *text == '-')
    return false;
  out = v;
  return true;
}

/// splitmix64: decorrelates neighbouring seeds before they seed the engine.
inline uint64_t mixSeed(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

class Rng {
public:
  explicit Rng(uint64_t seed) : engine(mixSeed(seed)) {}

  /// Uniform in [0, n), by rejection; n > 0.
  uint64_t below(uint64_t n) {
    const uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do
      x = engine();
    while (x >= limit);
    return x % n;
  }
  /// Uniform in [lo, hi]; lo <= hi.
  int64_t range(int64_t lo, int64_t hi) {
    return lo + (int64_t)below((uint64_t)(hi - lo) + 1);
  }
  bool chance(int percent) { return (int64_t)below(100) < percent; }
  template <class T> const T &pick(const std::vector<T> &v) {
    return v[below(v.size())];
  }
  /// Fisher-Yates with our own draws.
  template <class T> void shuffle(std::vector<T> &v) {
    for (size_t i = v.size(); i > 1; --i)
      std::swap(v[i - 1], v[below(i)]);
  }

private:
  std::mt19937_64 engine;
};

} // namespace affjit::test
