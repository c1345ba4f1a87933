// Argument checks against func.func parameter types (see ArgumentCheck.h).
#include "engine/api/ArgumentCheck.h"

namespace affjit {

using detail::Argument;

std::string describe(ScalarKind k) {
  switch (k) {
  case ScalarKind::I1:
    return "i1";
  case ScalarKind::I8:
    return "i8";
  case ScalarKind::I16:
    return "i16";
  case ScalarKind::I32:
    return "i32";
  case ScalarKind::I64:
    return "i64";
  case ScalarKind::Index:
    return "index";
  case ScalarKind::F32:
    return "f32";
  case ScalarKind::F64:
    return "f64";
  }
  return "?";
}

std::optional<ScalarKind> scalarKindOfType(Type t) {
  if (t.isIndex())
    return ScalarKind::Index;
  if (t.isInteger(1))
    return ScalarKind::I1;
  if (t.isInteger(8))
    return ScalarKind::I8;
  if (t.isInteger(16))
    return ScalarKind::I16;
  if (t.isInteger(32))
    return ScalarKind::I32;
  if (t.isInteger(64))
    return ScalarKind::I64;
  if (t.getKind() == TypeKind::F32)
    return ScalarKind::F32;
  if (t.getKind() == TypeKind::F64)
    return ScalarKind::F64;
  return std::nullopt;
}

static std::string describe(const Argument &a) {
  if (a.kind == Argument::Kind::Scalar)
    return describe(a.scalar);
  return "memref of rank " + std::to_string(a.rank) + " of " +
         describe(a.scalar);
}

const int64_t *descriptorSizes(const Argument &a) {
  return reinterpret_cast<const int64_t *>(
      static_cast<const char *>(a.descriptor) + 3 * sizeof(int64_t));
}

static std::string checkShape(const Argument &a, Type t) {
  const int64_t *sizes = descriptorSizes(a);
  const int64_t *strides = sizes + a.rank;
  for (int64_t d = 0; d < a.rank; ++d)
    if (!t.isDynamicDim(d) && sizes[d] != t.getDimSize(d))
      return "expected " + t.str() + ", got size " + std::to_string(sizes[d]) +
             " in dimension " + std::to_string(d);
  if (t.getLayoutKind() != LayoutKind::Identity)
    return "";
  // Generated code computes identity-layout addresses from the sizes alone.
  int64_t expected = 1;
  for (int64_t d = a.rank - 1; d >= 0; --d) {
    if (sizes[d] > 1 && strides[d] != expected)
      return "expected " + t.str() + " (contiguous, row-major), got stride " +
             std::to_string(strides[d]) + " in dimension " + std::to_string(d);
    expected *= sizes[d];
  }
  return "";
}

std::string checkArgument(const Argument &a, Type t) {
  if (t.isMemRef()) {
    auto elt = scalarKindOfType(t.getElementType());
    if (a.kind != Argument::Kind::MemRef || !elt || *elt != a.scalar ||
        a.rank != t.getRank())
      return "expected " + t.str() + ", got " + describe(a);
    if (!a.descriptor)
      return "null memref descriptor";
    return checkShape(a, t);
  }
  auto kind = scalarKindOfType(t);
  if (!kind)
    return "parameter type " + t.str() + " cannot be passed from C++";
  if (a.kind != Argument::Kind::Scalar || a.scalar != *kind)
    return "expected " + t.str() + ", got " + describe(a);
  return "";
}

} // namespace affjit
