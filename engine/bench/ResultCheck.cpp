// Comparing variants' results (ResultCheck.h).
#include "engine/bench/ResultCheck.h"

#include "engine/bench/ScalarText.h"

#include <cmath>
#include <cstring>

namespace affjit::bench {

namespace {

/// Maps a float's bits onto a line where neighbouring floats are
/// neighbouring integers: magnitude bits for positive values, their
/// negation for negative ones (+0 and -0 both become 0).
template <typename Bits> int64_t orderedKey(Bits bits) {
  constexpr Bits sign = Bits(1) << (sizeof(Bits) * 8 - 1);
  int64_t magnitude = (int64_t)(bits & ~sign);
  return bits & sign ? -magnitude : magnitude;
}

template <typename F, typename Bits> uint64_t ulpsOf(F a, F b) {
  if (std::isnan(a) || std::isnan(b))
    return std::isnan(a) && std::isnan(b) ? 0 : UINT64_MAX;
  Bits x, y;
  std::memcpy(&x, &a, sizeof(F));
  std::memcpy(&y, &b, sizeof(F));
  int64_t kx = orderedKey(x), ky = orderedKey(y);
  // Keys lie within +-(2^63 - 1): the difference fits an unsigned 64 bits.
  return kx > ky ? (uint64_t)kx - (uint64_t)ky : (uint64_t)ky - (uint64_t)kx;
}

std::vector<int64_t> unravel(int64_t flat, const std::vector<int64_t> &shape) {
  std::vector<int64_t> indices(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    indices[d] = flat % shape[d];
    flat /= shape[d];
  }
  return indices;
}

bool isFloat(ScalarKind k) {
  return k == ScalarKind::F32 || k == ScalarKind::F64;
}

/// The ulp distance of two elements of float kind `k`.
uint64_t elementUlps(ScalarKind k, const char *a, const char *b) {
  if (k == ScalarKind::F32) {
    float x, y;
    std::memcpy(&x, a, 4);
    std::memcpy(&y, b, 4);
    return ulpDistance(x, y);
  }
  double x, y;
  std::memcpy(&x, a, 8);
  std::memcpy(&y, b, 8);
  return ulpDistance(x, y);
}

/// Compares two elements; true if `actual` is acceptable. `ulps` gets
/// their distance for floats.
bool elementAgrees(ScalarKind k, const char *expected, const char *actual,
                   size_t bytes, const CompareOptions &options,
                   std::optional<uint64_t> &ulps) {
  bool sameBits = std::memcmp(expected, actual, bytes) == 0;
  ulps.reset();
  if (!isFloat(k))
    return sameBits;
  ulps = sameBits ? 0 : elementUlps(k, expected, actual);
  return sameBits || (options.fastMath && *ulps <= options.maxUlps);
}

void compareBuffer(const ArgumentBuffer &expected, const ArgumentBuffer &actual,
                   const CompareOptions &options, CompareOutcome &out) {
  if (std::memcmp(expected.getData(), actual.getData(), expected.getBytes()) ==
      0)
    return;
  ScalarKind k = expected.getElement();
  size_t size = elementBytes(k);
  const char *e = static_cast<const char *>(expected.getData());
  const char *a = static_cast<const char *>(actual.getData());
  for (int64_t i = 0, n = expected.getNumElements(); i < n; ++i) {
    std::optional<uint64_t> ulps;
    bool agrees =
        elementAgrees(k, e + i * size, a + i * size, size, options, ulps);
    if (ulps && *ulps > out.maxUlps)
      out.maxUlps = *ulps;
    if (agrees || out.mismatch)
      continue;
    out.mismatch = BenchmarkMismatch{
        expected.getName(), unravel(i, expected.getShape()),
        elementText(k, e + i * size), elementText(k, a + i * size), ulps};
    // Integers have no ulps to look for: the first difference says it all.
    if (!isFloat(k))
      return;
  }
}

void compareScalar(size_t index, const ScalarResult &expected,
                   const ScalarResult &actual, const CompareOptions &options,
                   CompareOutcome &out) {
  ScalarKind k = expected.first;
  size_t size = elementBytes(k);
  // ScalarValue keeps every kind in its low bytes.
  const char *e = reinterpret_cast<const char *>(&expected.second);
  const char *a = reinterpret_cast<const char *>(&actual.second);
  std::optional<uint64_t> ulps;
  bool agrees = elementAgrees(k, e, a, size, options, ulps);
  if (ulps && *ulps > out.maxUlps)
    out.maxUlps = *ulps;
  if (!agrees && !out.mismatch)
    out.mismatch = BenchmarkMismatch{"result #" + std::to_string(index),
                                     {},
                                     scalarText(k, expected.second),
                                     scalarText(k, actual.second),
                                     ulps};
}

} // namespace

uint64_t ulpDistance(float a, float b) { return ulpsOf<float, uint32_t>(a, b); }
uint64_t ulpDistance(double a, double b) {
  return ulpsOf<double, uint64_t>(a, b);
}

CompareOutcome compareResults(const ArgumentSet &expected,
                              const std::vector<ScalarResult> &expectedResults,
                              const ArgumentSet &actual,
                              const std::vector<ScalarResult> &actualResults,
                              const CompareOptions &options) {
  CompareOutcome out;
  const auto &e = expected.buffers(), &a = actual.buffers();
  for (size_t i = 0; i < e.size(); ++i)
    if (e[i])
      compareBuffer(*e[i], *a[i], options, out);
  for (size_t i = 0; i < expectedResults.size(); ++i)
    compareScalar(i, expectedResults[i], actualResults[i], options, out);
  return out;
}

} // namespace affjit::bench
