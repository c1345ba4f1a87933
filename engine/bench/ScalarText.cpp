// Shortest round-trip text of scalars and elements (ScalarText.h).
#include "engine/bench/ScalarText.h"

#include <charconv>
#include <cstdint>
#include <cstring>

namespace affjit::bench {

namespace {

template <typename T> std::string shortest(T v) {
  char text[64];
  auto r = std::to_chars(text, text + sizeof(text), v);
  return std::string(text, r.ptr);
}

template <typename T> T load(const void *p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

} // namespace

std::string scalarText(ScalarKind kind, detail::ScalarValue value) {
  switch (kind) {
  case ScalarKind::I1:
    return value.i & 1 ? "true" : "false";
  case ScalarKind::F32:
    return shortest(value.f32);
  case ScalarKind::F64:
    return shortest(value.f64);
  default:
    return std::to_string(value.i);
  }
}

std::string elementText(ScalarKind kind, const void *p) {
  detail::ScalarValue v{};
  switch (kind) {
  case ScalarKind::I1:
  case ScalarKind::I8:
    v.i = load<int8_t>(p);
    break;
  case ScalarKind::I16:
    v.i = load<int16_t>(p);
    break;
  case ScalarKind::I32:
    v.i = load<int32_t>(p);
    break;
  case ScalarKind::I64:
  case ScalarKind::Index:
    v.i = load<int64_t>(p);
    break;
  case ScalarKind::F32:
    v.f32 = load<float>(p);
    break;
  case ScalarKind::F64:
    v.f64 = load<double>(p);
    break;
  }
  return scalarText(kind, v);
}

rt::PrintElement printElementOf(ScalarKind kind) {
  switch (kind) {
  case ScalarKind::I1:
  case ScalarKind::I8:
    return rt::PrintElement::I8;
  case ScalarKind::I16:
    return rt::PrintElement::I16;
  case ScalarKind::I32:
    return rt::PrintElement::I32;
  case ScalarKind::I64:
    return rt::PrintElement::I64;
  case ScalarKind::Index:
    return rt::PrintElement::Index;
  case ScalarKind::F32:
    return rt::PrintElement::F32;
  case ScalarKind::F64:
    return rt::PrintElement::F64;
  }
  return rt::PrintElement::F64;
}

} // namespace affjit::bench
