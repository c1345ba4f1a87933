// Deterministic argument fills (InputFill.h).
#include "engine/bench/InputFill.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

namespace affjit::bench {

namespace {

uint64_t splitmix64(uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/// Integers stay small so that sums and products of a few of them neither
/// wrap nor index far out of a buffer.
constexpr uint64_t kIntegerRange = 16;

template <typename T>
void fillTyped(ArgumentBuffer &b, uint64_t argument,
               const BenchmarkInputs &in) {
  T *p = static_cast<T *>(b.getData());
  for (int64_t i = 0, n = b.getNumElements(); i < n; ++i) {
    uint64_t bits = inputBits(in.seed, argument, (uint64_t)i);
    if constexpr (std::is_floating_point_v<T>) {
      double unit = (double)(bits >> 11) * 0x1.0p-53;
      double v = in.floatMin + unit * (in.floatMax - in.floatMin);
      // A range wider than the type saturates rather than overflowing.
      p[i] = T(std::clamp<double>(v, std::numeric_limits<T>::lowest(),
                                  std::numeric_limits<T>::max()));
    } else {
      p[i] = T(bits % kIntegerRange);
    }
  }
}

void fillBits(ArgumentBuffer &b, uint64_t argument, const BenchmarkInputs &in) {
  auto *p = static_cast<uint8_t *>(b.getData());
  for (int64_t i = 0, n = b.getNumElements(); i < n; ++i)
    p[i] = inputBits(in.seed, argument, (uint64_t)i) >> 63;
}

/// Element i of a pattern fill as a double (exact for iota up to 2^53).
double patternValue(const FillSpec &fill, int64_t i) {
  switch (fill.kind) {
  case FillSpec::Kind::Zeros:
    return 0;
  case FillSpec::Kind::Ones:
    return 1;
  case FillSpec::Kind::Iota:
    return (double)i;
  default:
    return fill.value;
  }
}

template <typename T> T convertPattern(double v) {
  if constexpr (std::is_floating_point_v<T>)
    return T(v);
  else
    // Through int64 so that iota wraps in narrow types instead of being
    // undefined.
    return T((int64_t)v);
}

template <typename T> void fillPattern(ArgumentBuffer &b, const FillSpec &f) {
  T *p = static_cast<T *>(b.getData());
  for (int64_t i = 0, n = b.getNumElements(); i < n; ++i)
    p[i] = convertPattern<T>(patternValue(f, i));
}

void fillPatternBits(ArgumentBuffer &b, const FillSpec &f) {
  auto *p = static_cast<uint8_t *>(b.getData());
  for (int64_t i = 0, n = b.getNumElements(); i < n; ++i)
    p[i] = (uint8_t)((int64_t)patternValue(f, i) & 1);
}

} // namespace

Expected<FillSpec> parseFill(std::string_view text) {
  FillSpec fill;
  if (text == "random")
    return fill;
  if (text == "zeros" || text == "ones" || text == "iota") {
    fill.kind = text == "zeros"  ? FillSpec::Kind::Zeros
                : text == "ones" ? FillSpec::Kind::Ones
                                 : FillSpec::Kind::Iota;
    return fill;
  }
  std::string s(text);
  char *end = nullptr;
  fill.value = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(fill.value))
    return Error("--fill " + s +
                 ": expected random, zeros, ones, iota or a number");
  fill.kind = FillSpec::Kind::Constant;
  return fill;
}

void fillBuffer(ArgumentBuffer &b, uint64_t argument, const FillSpec &fill,
                const BenchmarkInputs &inputs) {
  if (fill.kind == FillSpec::Kind::Random)
    return fillInput(b, argument, inputs);
  switch (b.getElement()) {
  case ScalarKind::I1:
    return fillPatternBits(b, fill);
  case ScalarKind::I8:
    return fillPattern<int8_t>(b, fill);
  case ScalarKind::I16:
    return fillPattern<int16_t>(b, fill);
  case ScalarKind::I32:
    return fillPattern<int32_t>(b, fill);
  case ScalarKind::I64:
  case ScalarKind::Index:
    return fillPattern<int64_t>(b, fill);
  case ScalarKind::F32:
    return fillPattern<float>(b, fill);
  case ScalarKind::F64:
    return fillPattern<double>(b, fill);
  }
}

uint64_t inputBits(uint64_t seed, uint64_t argument, uint64_t i) {
  return splitmix64(splitmix64(seed * 0x100000001b3ull + argument) + i);
}

void fillInput(ArgumentBuffer &buffer, uint64_t argument,
               const BenchmarkInputs &inputs) {
  switch (buffer.getElement()) {
  case ScalarKind::I1:
    return fillBits(buffer, argument, inputs);
  case ScalarKind::I8:
    return fillTyped<int8_t>(buffer, argument, inputs);
  case ScalarKind::I16:
    return fillTyped<int16_t>(buffer, argument, inputs);
  case ScalarKind::I32:
    return fillTyped<int32_t>(buffer, argument, inputs);
  case ScalarKind::I64:
  case ScalarKind::Index:
    return fillTyped<int64_t>(buffer, argument, inputs);
  case ScalarKind::F32:
    return fillTyped<float>(buffer, argument, inputs);
  case ScalarKind::F64:
    return fillTyped<double>(buffer, argument, inputs);
  }
}

} // namespace affjit::bench
