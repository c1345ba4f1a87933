// Strides and offsets of memref layouts with MLIR 19's rules, including
// the reading of linear affine-map layouts and canonicalizeStridedLayout.
#include "frontend/ir/MemRefLayout.h"

namespace affjit {

int64_t saturatedMul(int64_t a, int64_t b) {
  if (a == 0 || b == 0)
    return 0;
  if (a == kDynamic || b == kDynamic)
    return kDynamic;
  return a * b;
}

int64_t saturatedAdd(int64_t a, int64_t b) {
  return a == kDynamic || b == kDynamic ? kDynamic : a + b;
}

namespace {

/// A linear form of an affine layout expression: per-dim coefficients
/// and a constant, kDynamic where a symbol makes them unknown.
struct Linear {
  std::vector<int64_t> coef;
  int64_t constant = 0;
};

bool linearize(const AffineExpr &e, unsigned numDims, Linear &out) {
  out.coef.assign(numDims, 0);
  out.constant = 0;
  switch (e.getKind()) {
  case AffineExprKind::Dim:
    out.coef[e.getPosition()] = 1;
    return true;
  case AffineExprKind::Symbol:
    out.constant = kDynamic;
    return true;
  case AffineExprKind::Constant:
    out.constant = e.getValue();
    return true;
  case AffineExprKind::Add: {
    Linear l, r;
    if (!linearize(e.getLHS(), numDims, l) ||
        !linearize(e.getRHS(), numDims, r))
      return false;
    for (unsigned d = 0; d < numDims; ++d)
      out.coef[d] = saturatedAdd(l.coef[d], r.coef[d]);
    out.constant = saturatedAdd(l.constant, r.constant);
    return true;
  }
  case AffineExprKind::Mul: {
    Linear l, r;
    if (!linearize(e.getLHS(), numDims, l) ||
        !linearize(e.getRHS(), numDims, r))
      return false;
    // One side is dim-free (affine): it scales the other.
    bool lHasDims = false, rHasDims = false;
    for (unsigned d = 0; d < numDims; ++d) {
      lHasDims |= l.coef[d] != 0;
      rHasDims |= r.coef[d] != 0;
    }
    if (lHasDims && rHasDims)
      return false;
    const Linear &v = lHasDims ? l : r;
    int64_t k = lHasDims ? r.constant : l.constant;
    for (unsigned d = 0; d < numDims; ++d)
      out.coef[d] = saturatedMul(v.coef[d], k);
    out.constant = saturatedMul(v.constant, k);
    return true;
  }
  default:
    // mod/floordiv/ceildiv of dims are not strided.
    for (unsigned d = 0; d < numDims; ++d)
      if (e.isFunctionOfDim(d))
        return false;
    out.constant = kDynamic;
    return true;
  }
}

/// The single-result linear layout map `offset + sum(d_i * stride_i)`, with
/// a fresh symbol for each dynamic value (offset first), as MLIR builds it.
AffineMap linearLayoutMap(const std::vector<int64_t> &strides, int64_t offset) {
  unsigned nSyms = 0;
  AffineExpr e = offset == kDynamic ? AffineExpr::symbol(nSyms++)
                                    : AffineExpr::constant(offset);
  for (unsigned d = 0; d < strides.size(); ++d)
    e = e + AffineExpr::dim(d) * (strides[d] == kDynamic
                                      ? AffineExpr::symbol(nSyms++)
                                      : AffineExpr::constant(strides[d]));
  return AffineMap::get((unsigned)strides.size(), nSyms, {e});
}

/// Row-major strides of `shape` in saturated arithmetic.
std::vector<int64_t> canonicalStrides(const std::vector<int64_t> &shape) {
  std::vector<int64_t> strides(shape.size());
  int64_t running = 1;
  for (size_t d = strides.size(); d-- > 0;) {
    strides[d] = running;
    running = saturatedMul(running, shape[d]);
  }
  return strides;
}

bool isStaticLayout(const StridedLayout &l) {
  if (l.offset == kDynamic)
    return false;
  for (int64_t s : l.strides)
    if (s == kDynamic)
      return false;
  return true;
}

} // namespace

std::optional<StridedLayout> getStridedLayout(Type t) {
  StridedLayout s;
  if (t.getStridesAndOffset(s.strides, s.offset))
    return s;
  if (!t.isMemRef() || t.getLayoutKind() != LayoutKind::Map)
    return std::nullopt;
  AffineMap m = t.getLayoutMap();
  Linear l;
  if (m.getNumResults() != 1 || m.getNumDims() != t.getRank() ||
      !linearize(m.getResult(0), m.getNumDims(), l))
    return std::nullopt;
  s.strides = l.coef;
  s.offset = l.constant;
  return s;
}

bool hasIdentityLayout(Type t) {
  return t.isMemRef() && t.getLayoutKind() == LayoutKind::Identity;
}

bool hasIdentityLayoutMap(Type t) {
  if (hasIdentityLayout(t))
    return true;
  return t.isMemRef() && t.getLayoutKind() == LayoutKind::Strided &&
         t.getRank() == 1 && t.getLayoutOffset() == 0 &&
         t.getLayoutStrides() == std::vector<int64_t>{1};
}

bool hasUnitInnermostStride(Type t) {
  if (!t.isMemRef())
    return false;
  std::optional<StridedLayout> s = getStridedLayout(t);
  return s && (s->strides.empty() || s->strides.back() == 1);
}

bool haveSameLayout(Type a, Type b) {
  if (a.getLayoutKind() != b.getLayoutKind())
    return false;
  switch (a.getLayoutKind()) {
  case LayoutKind::Identity:
    return true;
  case LayoutKind::Strided:
    return a.getLayoutStrides() == b.getLayoutStrides() &&
           a.getLayoutOffset() == b.getLayoutOffset();
  case LayoutKind::Map:
    return a.getLayoutMap() == b.getLayoutMap();
  }
  return false;
}

Type makeStridedMemRefType(Type like, std::vector<int64_t> shape,
                           const StridedLayout &layout) {
  return Type::stridedMemref(std::move(shape), like.getElementType(),
                             layout.strides, layout.offset,
                             like.getMemorySpace());
}

Type canonicalizeStridedLayout(Type t) {
  auto s = getStridedLayout(t);
  if (!s || t.getLayoutKind() == LayoutKind::Identity)
    return t;
  // Layouts whose map is already the identity (`strided<[1]>`) or that
  // are 0-d with a symbolic offset stay as written.
  if (t.getRank() == 1 && s->strides[0] == 1 && s->offset == 0)
    return t;
  if (t.getRank() == 0)
    return s->offset == 0
               ? Type::memref({}, t.getElementType(), t.getMemorySpace())
               : t;
  AffineMap m = linearLayoutMap(s->strides, s->offset);
  // Only fully static layouts fold back to the identity (checked against
  // mlir-opt: `strided<[?, 1]>` on memref<4x?xf32> stays a map).
  if (isStaticLayout(*s) &&
      m.getResult(0) ==
          linearLayoutMap(canonicalStrides(t.getShape()), 0).getResult(0))
    return Type::memref(t.getShape(), t.getElementType(), t.getMemorySpace());
  return Type::mapMemref(t.getShape(), t.getElementType(), m,
                         t.getMemorySpace());
}

bool isStaticShapeAndContiguousRowMajor(Type t) {
  if (!t.isMemRef() || !t.hasStaticShape())
    return false;
  auto s = getStridedLayout(t);
  if (!s)
    return false;
  // Inner dims with canonical strides, then only unit dims outside them.
  int64_t running = 1;
  int64_t d = t.getRank() - 1;
  for (; d >= 0 && s->strides[d] == running; --d)
    running *= t.getDimSize((unsigned)d);
  while (d >= 0 && t.getDimSize((unsigned)d) == 1)
    --d;
  return d < 0;
}

} // namespace affjit
