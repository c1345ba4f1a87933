// Result-type inference of the memref view ops with MLIR 19's rules
// (SubViewOp, CollapseShapeOp, ExpandShapeOp, TransposeOp, CastOp).
#include "frontend/ir/MemRefShapeInference.h"

#include "frontend/ir/MemRefLayout.h"

#include <map>

namespace affjit {

namespace {

using Shape = std::vector<int64_t>;

/// The collapsed shape of `expanded` under `groups`; nullopt if a group
/// names a dim `expanded` does not have.
std::optional<Shape> collapsedShape(const Shape &expanded,
                                    const Reassociation &groups) {
  Shape out;
  for (const auto &g : groups) {
    int64_t size = 1;
    for (int64_t d : g) {
      if (d < 0 || d >= (int64_t)expanded.size())
        return std::nullopt;
      // Unlike MLIR's saturated product, a static 0 does not hide a `?`:
      // the collapsed dim must be dynamic for the op to verify.
      size = size == kDynamic || expanded[d] == kDynamic ? kDynamic
                                                         : size * expanded[d];
    }
    out.push_back(size);
  }
  return out;
}

/// computeCollapsedLayoutMap (non-strict): the stride of a group is that of
/// its last non-unit dim; collapsed dims must be contiguous where known (in
/// MLIR 19 unit dims inside a group are not exempt). An empty group has no
/// stride (mlir-opt 19 crashes on one).
std::optional<StridedLayout> collapsedLayout(Type src,
                                             const Reassociation &groups) {
  auto s = getStridedLayout(src);
  if (!s)
    return std::nullopt;
  const Shape &shape = src.getShape();
  StridedLayout out;
  out.offset = s->offset;
  for (const auto &g : groups) {
    if (g.empty())
      return std::nullopt;
    size_t n = g.size();
    while (n > 1 && shape[g[n - 1]] == 1)
      --n;
    int64_t last = g[n - 1];
    out.strides.push_back(shape[last] != kDynamic || n == 1 ? s->strides[last]
                                                            : kDynamic);
  }
  for (size_t gi = groups.size(); gi-- > 0;) {
    const auto &g = groups[gi];
    int64_t stride = out.strides[gi];
    for (size_t k = g.size(); k-- > 1;) {
      int64_t idx = g[k];
      stride = saturatedMul(stride, shape[idx]);
      int64_t srcStride = s->strides[idx - 1];
      if (stride != kDynamic && srcStride != kDynamic && stride != srcStride)
        return std::nullopt;
    }
  }
  return out;
}

/// computeExpandedLayoutMap: each group expands its source stride from
/// the innermost dim outwards.
std::optional<StridedLayout> expandedLayout(Type src, const Shape &resultShape,
                                            const Reassociation &groups) {
  auto s = getStridedLayout(src);
  if (!s)
    return std::nullopt;
  StridedLayout out;
  out.offset = s->offset;
  out.strides.assign(resultShape.size(), 1);
  int64_t shapeIndex = (int64_t)resultShape.size() - 1;
  for (size_t gi = groups.size(); gi-- > 0;) {
    int64_t stride = s->strides[gi];
    for (size_t k = 0; k < groups[gi].size() && shapeIndex >= 0; ++k) {
      out.strides[shapeIndex] = stride;
      stride = saturatedMul(stride, resultShape[shapeIndex--]);
    }
  }
  return out;
}

/// `source`'s element type and memory space with `shape` and `layout`, or
/// the identity layout when `source`'s layout map is the identity.
std::optional<Type> reshapedType(Type source, const Shape &shape,
                                 const std::optional<StridedLayout> &layout) {
  if (hasIdentityLayoutMap(source))
    return Type::memref(shape, source.getElementType(),
                        source.getMemorySpace());
  if (!layout)
    return std::nullopt;
  return makeStridedMemRefType(source, shape, *layout);
}

bool isPermutation(const std::vector<unsigned> &perm, size_t rank) {
  std::vector<bool> seen(rank, false);
  if (perm.size() != rank)
    return false;
  for (unsigned d : perm) {
    if (d >= rank || seen[d])
      return false;
    seen[d] = true;
  }
  return true;
}

} // namespace

std::optional<Type> inferSubViewResultType(Type source, const Shape &offsets,
                                           const Shape &sizes,
                                           const Shape &strides) {
  auto base = getStridedLayout(source);
  size_t rank = source.getRank();
  if (!base || offsets.size() != rank || sizes.size() != rank ||
      strides.size() != rank)
    return std::nullopt;
  // Offset and strides scale by the source's.
  StridedLayout layout;
  layout.offset = base->offset;
  for (size_t d = 0; d < rank; ++d) {
    layout.offset =
        saturatedAdd(layout.offset, saturatedMul(offsets[d], base->strides[d]));
    layout.strides.push_back(saturatedMul(base->strides[d], strides[d]));
  }
  return makeStridedMemRefType(source, sizes, layout);
}

std::optional<Type> inferRankReducedSubViewResultType(const Shape &resultShape,
                                                      Type source,
                                                      const Shape &offsets,
                                                      const Shape &sizes,
                                                      const Shape &strides) {
  auto inferred = inferSubViewResultType(source, offsets, sizes, strides);
  if (!inferred)
    return std::nullopt;
  auto dropped = computeRankReductionMask(inferred->getShape(), resultShape);
  if (!dropped)
    return std::nullopt;
  StridedLayout layout;
  layout.offset = inferred->getLayoutOffset();
  for (size_t d = 0; d < dropped->size(); ++d)
    if (!(*dropped)[d])
      layout.strides.push_back(inferred->getLayoutStrides()[d]);
  return makeStridedMemRefType(source, resultShape, layout);
}

std::optional<std::vector<bool>>
computeRankReductionMask(const Shape &original, const Shape &reduced) {
  std::vector<bool> unused(original.size(), false);
  size_t r = 0;
  for (size_t i = 0; i < original.size(); ++i) {
    if (r < reduced.size() && original[i] == reduced[r]) {
      ++r;
      continue;
    }
    unused[i] = true;
    if (original[i] != 1)
      return std::nullopt;
  }
  if (r != reduced.size())
    return std::nullopt;
  return unused;
}

std::optional<std::vector<bool>>
computeMemRefRankReductionMask(Type original, Type reduced,
                               const Shape &sizes) {
  std::vector<bool> unused(original.getRank(), false);
  if (original.getRank() == reduced.getRank())
    return unused;
  int64_t count = 0;
  for (size_t i = 0; i < sizes.size(); ++i)
    if (sizes[i] == 1) {
      unused[i] = true;
      ++count;
    }
  if (count + reduced.getRank() == original.getRank())
    return unused;
  auto so = getStridedLayout(original), sr = getStridedLayout(reduced);
  if (!so || !sr)
    return std::nullopt;
  std::map<int64_t, unsigned> unaccounted, candidate;
  for (int64_t s : so->strides)
    ++unaccounted[s];
  for (int64_t s : sr->strides)
    ++candidate[s];
  for (size_t d = 0; d < unused.size(); ++d) {
    if (!unused[d])
      continue;
    int64_t s = so->strides[d];
    if (unaccounted[s] > candidate[s]) {
      --unaccounted[s];
      continue;
    }
    if (unaccounted[s] == candidate[s]) {
      unused[d] = false;
      continue;
    }
    return std::nullopt;
  }
  count = 0;
  for (bool u : unused)
    count += u;
  if (count + reduced.getRank() != original.getRank())
    return std::nullopt;
  return unused;
}

std::string checkReassociation(const Shape &collapsed, const Shape &expanded,
                               const Reassociation &groups) {
  if (collapsed.size() != groups.size())
    return "invalid number of reassociation groups: found " +
           std::to_string(groups.size()) + ", expected " +
           std::to_string(collapsed.size());
  int64_t nextDim = 0;
  for (size_t g = 0; g < groups.size(); ++g) {
    bool foundDynamic = false;
    for (int64_t d : groups[g]) {
      if (d != nextDim++)
        return "reassociation indices must be contiguous";
      if (d >= (int64_t)expanded.size())
        return "reassociation index " + std::to_string(d) + " is out of bounds";
      foundDynamic |= expanded[d] == kDynamic;
    }
    if ((collapsed[g] == kDynamic) != foundDynamic)
      return "collapsed dim (" + std::to_string(g) +
             ") must be dynamic if and only if reassociation group is "
             "dynamic";
    if (!foundDynamic) {
      int64_t size = 1;
      for (int64_t d : groups[g])
        size *= expanded[d];
      if (size != collapsed[g])
        return "collapsed dim size (" + std::to_string(collapsed[g]) +
               ") must equal reassociation group size (" +
               std::to_string(size) + ")";
    }
  }
  if (collapsed.empty()) {
    for (int64_t d : expanded)
      if (d != 1)
        return "rank 0 memrefs can only be extended/collapsed with/from ones";
  } else if (nextDim != (int64_t)expanded.size()) {
    return "expanded rank (" + std::to_string(expanded.size()) +
           ") inconsistent with number of reassociation indices (" +
           std::to_string(nextDim) + ")";
  }
  return "";
}

std::optional<Type> inferCollapsedType(Type source,
                                       const Reassociation &groups) {
  if (!source.isMemRef())
    return std::nullopt;
  auto shape = collapsedShape(source.getShape(), groups);
  if (!shape || !checkReassociation(*shape, source.getShape(), groups).empty())
    return std::nullopt;
  return reshapedType(source, *shape, collapsedLayout(source, groups));
}

std::optional<Type> inferExpandedType(Type source, const Shape &resultShape,
                                      const Reassociation &groups) {
  if (!source.isMemRef() ||
      !checkReassociation(source.getShape(), resultShape, groups).empty())
    return std::nullopt;
  return reshapedType(source, resultShape,
                      expandedLayout(source, resultShape, groups));
}

std::optional<Type> inferTransposedType(Type source,
                                        const std::vector<unsigned> &perm) {
  auto s = getStridedLayout(source);
  if (!s || !isPermutation(perm, s->strides.size()))
    return std::nullopt;
  StridedLayout t;
  t.offset = s->offset;
  Shape shape;
  for (unsigned d : perm) {
    shape.push_back(source.getDimSize(d));
    t.strides.push_back(s->strides[d]);
  }
  return makeStridedMemRefType(source, shape, t);
}

bool areCastCompatible(Type a, Type b) {
  if (a.isMemRef() && b.isMemRef()) {
    if (a.getElementType() != b.getElementType())
      return false;
    if (!haveSameLayout(a, b)) {
      auto sa = getStridedLayout(a), sb = getStridedLayout(b);
      if (!sa || !sb || sa->strides.size() != sb->strides.size())
        return false;
      auto compatible = [](int64_t x, int64_t y) {
        return x == kDynamic || y == kDynamic || x == y;
      };
      if (!compatible(sa->offset, sb->offset))
        return false;
      for (size_t i = 0; i < sa->strides.size(); ++i)
        if (!compatible(sa->strides[i], sb->strides[i]))
          return false;
    }
    if (a.getMemorySpace() != b.getMemorySpace() || a.getRank() != b.getRank())
      return false;
    for (unsigned i = 0; i < a.getRank(); ++i)
      if (!a.isDynamicDim(i) && !b.isDynamicDim(i) &&
          a.getDimSize(i) != b.getDimSize(i))
        return false;
    return true;
  }
  if (!a.isAnyMemRef() || !b.isAnyMemRef())
    return false;
  if (a.isUnrankedMemRef() && b.isUnrankedMemRef())
    return false;
  return a.getElementType() == b.getElementType() &&
         a.getMemorySpace() == b.getMemorySpace();
}

} // namespace affjit
