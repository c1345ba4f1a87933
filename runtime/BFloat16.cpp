// bfloat16 conversion helpers (see BFloat16.h).
#include "runtime/BFloat16.h"

#include <cmath>
#include <cstring>

namespace {

/// The bfloat16 nearest `value` (ties to even); a NaN stays a quiet NaN of
/// the same sign.
uint16_t bf16Bits(float value) {
  uint32_t bits = 0;
  std::memcpy(&bits, &value, sizeof bits);
  if ((bits & 0x7fffffffu) > 0x7f800000u)
    return (uint16_t)((bits >> 16) | 0x40u);
  uint32_t roundingBias = 0x7fffu + ((bits >> 16) & 1u);
  return (uint16_t)((bits + roundingBias) >> 16);
}

/// `value` rounded to a float toward zero, with the last bit set when that
/// lost anything (round to odd): rounding this float to bfloat16, which
/// keeps 16 fewer bits, gives what rounding `value` directly would.
float roundToOdd(double value) {
  float f = (float)value;
  if (std::isnan(value) || (double)f == value)
    return f;
  if (std::fabs((double)f) > std::fabs(value))
    f = std::nextafter(f, 0.0f);
  uint32_t bits = 0;
  std::memcpy(&bits, &f, sizeof bits);
  bits |= 1u;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

affjit_rt_bf16_abi inRegister(uint16_t bf16) {
  static_assert(sizeof(affjit_rt_bf16_abi) == 4);
  uint32_t low = bf16;
  affjit_rt_bf16_abi result;
  std::memcpy(&result, &low, sizeof result);
  return result;
}

} // namespace

extern "C" affjit_rt_bf16_abi affjit_rt_truncate_f32_to_bf16(float value) {
  return inRegister(bf16Bits(value));
}

extern "C" affjit_rt_bf16_abi affjit_rt_truncate_f64_to_bf16(double value) {
  return inRegister(bf16Bits(roundToOdd(value)));
}
