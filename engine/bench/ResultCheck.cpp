// Comparing variants' results (ResultCheck.h).
#include "engine/bench/ResultCheck.h"

#include "engine/bench/ScalarText.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

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

/// A float element as a double.
double loadFloat(ScalarKind k, const char *p) {
  if (k == ScalarKind::F32) {
    float x;
    std::memcpy(&x, p, 4);
    return x;
  }
  double x;
  std::memcpy(&x, p, 8);
  return x;
}

/// The spacing of floats of kind `k` at magnitude `scale`.
double ulpAt(ScalarKind k, double scale) {
  if (k == ScalarKind::F32) {
    float s = (float)std::min(scale, (double)std::numeric_limits<float>::max());
    return (double)std::nextafter(s, INFINITY) - (double)s;
  }
  return std::nextafter(scale, INFINITY) - scale;
}

/// The largest finite magnitude among `n` float elements at `p`.
double largestMagnitude(ScalarKind k, const char *p, int64_t n) {
  double largest = 0;
  size_t size = elementBytes(k);
  for (int64_t i = 0; i < n; ++i) {
    double x = std::fabs(loadFloat(k, p + i * size));
    if (std::isfinite(x) && x > largest)
      largest = x;
  }
  return largest;
}

/// How far apart two float elements are, in ulps at `scale` (the largest
/// magnitude of their buffer) or in their own ulps, whichever is less: a
/// reassociated sum that ends near zero differs by many of its own ulps
/// but by few of the values it was summed from.
uint64_t difference(ScalarKind k, const char *expected, const char *actual,
                    double scale, uint64_t ownUlps) {
  double e = loadFloat(k, expected), a = loadFloat(k, actual);
  double apart = std::fabs(a - e);
  if (!std::isfinite(apart))
    return ownUlps;
  double scaled = std::ceil(apart / ulpAt(k, scale));
  return scaled < (double)ownUlps ? (uint64_t)scaled : ownUlps;
}

/// Compares two elements; true if `actual` is acceptable. For floats,
/// `ulps` gets their distance in their own ulps and `measured` the
/// difference the tolerance applies to (see difference()).
bool elementAgrees(ScalarKind k, const char *expected, const char *actual,
                   size_t bytes, double scale, const CompareOptions &options,
                   std::optional<uint64_t> &ulps, uint64_t &measured) {
  bool sameBits = std::memcmp(expected, actual, bytes) == 0;
  ulps.reset();
  measured = 0;
  if (!isFloat(k))
    return sameBits;
  ulps = sameBits ? 0 : elementUlps(k, expected, actual);
  // LLVM leaves the sign and payload of a NaN result unspecified (and
  // picks either operand's NaN when both are): a NaN agrees with a NaN.
  if (sameBits ||
      (std::isnan(loadFloat(k, expected)) && std::isnan(loadFloat(k, actual))))
    return true;
  measured = difference(k, expected, actual, scale, *ulps);
  return options.fastMath && measured <= options.maxUlps;
}

/// The scale a float buffer's differences are measured at: its largest
/// magnitude, or that of the same buffer computed from non-negative inputs
/// (`magnitudes`, if any), whichever is larger.
double bufferScale(const ArgumentBuffer &expected,
                   const ArgumentBuffer *magnitudes) {
  ScalarKind k = expected.getElement();
  int64_t n = expected.getNumElements();
  double scale =
      largestMagnitude(k, static_cast<const char *>(expected.getData()), n);
  if (magnitudes)
    scale = std::max(
        scale, largestMagnitude(
                   k, static_cast<const char *>(magnitudes->getData()), n));
  return scale;
}

void compareBuffer(const ArgumentBuffer &expected, const ArgumentBuffer &actual,
                   const ArgumentBuffer *magnitudes,
                   const CompareOptions &options, CompareOutcome &out) {
  if (std::memcmp(expected.getData(), actual.getData(), expected.getBytes()) ==
      0)
    return;
  ScalarKind k = expected.getElement();
  size_t size = elementBytes(k);
  const char *e = static_cast<const char *>(expected.getData());
  const char *a = static_cast<const char *>(actual.getData());
  int64_t n = expected.getNumElements();
  double scale = isFloat(k) ? bufferScale(expected, magnitudes) : 0;
  for (int64_t i = 0; i < n; ++i) {
    std::optional<uint64_t> ulps;
    uint64_t measured = 0;
    bool agrees = elementAgrees(k, e + i * size, a + i * size, size, scale,
                                options, ulps, measured);
    out.maxUlps = std::max(out.maxUlps, measured);
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
                   const ScalarResult &actual, const ScalarResult *magnitude,
                   const CompareOptions &options, CompareOutcome &out) {
  ScalarKind k = expected.first;
  size_t size = elementBytes(k);
  // ScalarValue keeps every kind in its low bytes.
  const char *e = reinterpret_cast<const char *>(&expected.second);
  const char *a = reinterpret_cast<const char *>(&actual.second);
  std::optional<uint64_t> ulps;
  uint64_t measured = 0;
  double scale = isFloat(k) ? std::fabs(loadFloat(k, e)) : 0;
  if (isFloat(k) && magnitude) {
    double terms = std::fabs(
        loadFloat(k, reinterpret_cast<const char *>(&magnitude->second)));
    if (std::isfinite(terms))
      scale = std::max(scale, terms);
  }
  bool agrees = elementAgrees(k, e, a, size, scale, options, ulps, measured);
  out.maxUlps = std::max(out.maxUlps, measured);
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
      compareBuffer(*e[i], *a[i],
                    options.magnitudes ? options.magnitudes->buffers()[i].get()
                                       : nullptr,
                    options, out);
  for (size_t i = 0; i < expectedResults.size(); ++i) {
    const ScalarResult *magnitude = nullptr;
    if (options.magnitudeResults && i < options.magnitudeResults->size())
      magnitude = &(*options.magnitudeResults)[i];
    compareScalar(i, expectedResults[i], actualResults[i], magnitude, options,
                  out);
  }
  return out;
}

} // namespace affjit::bench
