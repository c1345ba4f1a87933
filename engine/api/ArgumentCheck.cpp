// Argument checks against func.func parameter types (see ArgumentCheck.h).
#include "engine/api/ArgumentCheck.h"

#include "engine/api/FunctionInfo.h"

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

const int64_t *descriptorSizes(const Argument &a) {
  return reinterpret_cast<const int64_t *>(
      static_cast<const char *>(a.descriptor) + 3 * sizeof(int64_t));
}

/// Whether `a`'s strides are the row-major ones its sizes imply (size-1
/// dimensions may have any stride), so its type needs no layout.
static bool isRowMajor(const Argument &a) {
  const int64_t *sizes = descriptorSizes(a);
  const int64_t *strides = sizes + a.rank;
  int64_t expected = 1;
  for (int64_t d = a.rank - 1; d >= 0; --d) {
    if (sizes[d] > 1 && strides[d] != expected)
      return false;
    expected *= sizes[d];
  }
  return true;
}

/// The offset field of `a`'s descriptor {ptr, ptr, i64 offset, ...}.
static int64_t descriptorOffset(const Argument &a) {
  return *reinterpret_cast<const int64_t *>(
      static_cast<const char *>(a.descriptor) + 2 * sizeof(int64_t));
}

/// `a` as MLIR spells its type, so that a mismatch reads as two types:
/// `memref<4x5xf32>`, `memref<4x4xf32, strided<[8, 1]>>` when not row-major,
/// `memref<?xf32>` without a descriptor.
static std::string describe(const Argument &a) {
  if (a.kind == Argument::Kind::Scalar)
    return describe(a.scalar);
  std::string shape;
  for (int64_t d = 0; d < a.rank; ++d)
    shape += (a.descriptor ? std::to_string(descriptorSizes(a)[d]) : "?") + "x";
  std::string type = "memref<" + shape + describe(a.scalar);
  if (!a.descriptor || (isRowMajor(a) && descriptorOffset(a) == 0))
    return type + ">";
  const int64_t *strides = descriptorSizes(a) + a.rank;
  std::string layout;
  for (int64_t d = 0; d < a.rank; ++d)
    layout += (d ? ", " : "") + std::to_string(strides[d]);
  type += ", strided<[" + layout + "]";
  if (descriptorOffset(a) != 0)
    type += ", offset: " + std::to_string(descriptorOffset(a));
  return type + ">>";
}

static std::string checkShape(const Argument &a, Type t) {
  const int64_t *sizes = descriptorSizes(a);
  for (int64_t d = 0; d < a.rank; ++d)
    if (!t.isDynamicDim(d) && sizes[d] != t.getDimSize(d))
      return "expected " + t.str() + ", got " + describe(a);
  if (t.getLayoutKind() != LayoutKind::Identity)
    return "";
  // Generated code computes identity-layout addresses from the sizes alone.
  if (!isRowMajor(a))
    return "expected " + t.str() + " (contiguous, row-major), got " +
           describe(a);
  return "";
}

std::string checkArgument(const Argument &a, Type t) {
  if (t.isMemRef()) {
    auto elt = scalarKindOfType(t.getElementType());
    if (a.kind != Argument::Kind::MemRef || !elt || *elt != a.scalar ||
        a.rank != t.getRank())
      return "expected " + t.str() + ", got " + describe(a);
    if (!a.descriptor)
      return "expected " + t.str() + ", got a null memref descriptor";
    return checkShape(a, t);
  }
  auto kind = scalarKindOfType(t);
  if (!kind)
    return "parameter type " + t.str() + " cannot be passed from C++";
  if (a.kind != Argument::Kind::Scalar || a.scalar != *kind)
    return "expected " + t.str() + ", got " + describe(a);
  return "";
}

detail::ParameterCheck parameterCheckOf(Type t) {
  detail::ParameterCheck c;
  c.memref = t.isMemRef();
  std::optional<ScalarKind> kind =
      scalarKindOfType(c.memref ? t.getElementType() : t);
  c.passable = kind.has_value();
  if (!kind)
    return c;
  c.kind = *kind;
  if (!c.memref)
    return c;
  c.rank = t.getRank();
  c.identityLayout = t.getLayoutKind() == LayoutKind::Identity;
  for (int64_t d = 0; d < c.rank; ++d)
    c.sizes.push_back(t.isDynamicDim(d) ? kDynamic : t.getDimSize(d));
  return c;
}

bool parameterMatches(const Argument &a, const detail::ParameterCheck &c) {
  if (!c.passable || a.scalar != c.kind)
    return false;
  if (!c.memref)
    return a.kind == Argument::Kind::Scalar;
  if (a.kind != Argument::Kind::MemRef || a.rank != c.rank || !a.descriptor)
    return false;
  const int64_t *sizes = descriptorSizes(a);
  for (int64_t d = 0; d < a.rank; ++d)
    if (c.sizes[d] != kDynamic && sizes[d] != c.sizes[d])
      return false;
  return !c.identityLayout || isRowMajor(a);
}

} // namespace affjit
