// Aliasing of accesses through views (see MemRefAlias.h).
#include "frontend/analysis/MemRefAlias.h"

#include "frontend/analysis/AffineFlattening.h"
#include "frontend/ir/MemRefLayout.h"
#include "frontend/ir/MemRefOps.h"
#include "frontend/ir/MemoryEffects.h"

namespace affjit {

namespace {

using Exprs = std::vector<AffineExpr>;

/// Subscripts being rewritten from a view onto what it views: expressions
/// over the access's map inputs plus the view ops' operands, which join as
/// extra dims (composeAffineValueMap later sorts induction variables from
/// values fixed around the access).
class ViewIndexing {
public:
  explicit ViewIndexing(const MemRefAccess &access)
      : original(access.indices), results(access.indices.map.getResults()) {}

  /// A view operand as an input expression.
  AffineExpr input(Value *v) {
    for (unsigned i = 0; i < extra.size(); ++i)
      if (extra[i] == v)
        return AffineExpr::dim(original.map.getNumDims() + i);
    extra.push_back(v);
    return AffineExpr::dim(original.map.getNumDims() + (unsigned)extra.size() -
                           1);
  }
  /// A static list entry, or the next dynamic operand for kDynamic.
  AffineExpr mixed(int64_t value, const std::vector<Value *> &dynamic,
                   size_t &next) {
    if (value != kDynamic)
      return AffineExpr::constant(value);
    return next < dynamic.size() ? input(dynamic[next++]) : AffineExpr();
  }

  AffineValueMap finish() const {
    unsigned nd = original.map.getNumDims();
    AffineValueMap out;
    out.map = AffineMap::get(nd + (unsigned)extra.size(),
                             original.map.getNumSymbols(), results);
    out.operands.assign(original.operands.begin(),
                        original.operands.begin() + nd);
    out.operands.insert(out.operands.end(), extra.begin(), extra.end());
    out.operands.insert(out.operands.end(), original.operands.begin() + nd,
                        original.operands.end());
    return composeAffineValueMap(out);
  }

  const AffineValueMap &original;
  Exprs results;
  std::vector<Value *> extra;
};

/// The source subscripts of one view op given the view's, or nullopt when
/// they are not affine in them (or the op is not a structured view).
using ViewStep = std::optional<Exprs> (*)(Operation *, const Exprs &,
                                          ViewIndexing &);

std::optional<Exprs> castStep(Operation *op, const Exprs &view,
                              ViewIndexing &) {
  Type src = op->getOperand(0)->getType();
  if (!src.isMemRef() || src.getRank() != (int64_t)view.size())
    return std::nullopt;
  return view;
}

std::optional<Exprs> subviewStep(Operation *op, const Exprs &view,
                                 ViewIndexing &ix) {
  SubViewOp sv(op);
  if (!sv.getSourceType().isMemRef())
    return std::nullopt;
  std::vector<int64_t> offsets = sv.getStaticOffsets(),
                       strides = sv.getStaticStrides();
  std::vector<Value *> dynOffsets = sv.getOffsets();
  std::vector<bool> dropped = sv.getDroppedDims();
  Exprs out;
  size_t nextOffset = 0;
  unsigned r = 0;
  for (unsigned d = 0; d < dropped.size(); ++d) {
    AffineExpr offset = ix.mixed(offsets[d], dynOffsets, nextOffset);
    if (!offset)
      return std::nullopt;
    if (dropped[d]) {
      out.push_back(offset);
      continue;
    }
    if (strides[d] == kDynamic || r >= view.size())
      return std::nullopt;
    out.push_back(offset + view[r++] * strides[d]);
  }
  if (r != view.size())
    return std::nullopt;
  return out;
}

std::optional<Exprs> transposeStep(Operation *op, const Exprs &view,
                                   ViewIndexing &) {
  AffineMap perm = MemRefTransposeOp(op).getPermutation();
  if (perm.getNumResults() != view.size())
    return std::nullopt;
  // Result dim i is source dim perm(i).
  Exprs out(view.size());
  for (unsigned i = 0; i < view.size(); ++i)
    out[perm.getResult(i).getPosition()] = view[i];
  return out;
}

/// expand_shape: the source subscript of a group is the group's result
/// subscripts in row-major order over the result's sizes.
std::optional<Exprs> expandStep(Operation *op, const Exprs &view,
                                ViewIndexing &) {
  Type result = op->getResult(0)->getType();
  Exprs out;
  for (const std::vector<int64_t> &group :
       ExpandShapeOp(op).getReassociation()) {
    AffineExpr linear = AffineExpr::constant(0);
    for (size_t k = 0; k < group.size(); ++k) {
      int64_t d = group[k];
      if (d >= (int64_t)view.size())
        return std::nullopt;
      if (k > 0) {
        int64_t size = result.getDimSize((unsigned)d);
        if (size == kDynamic)
          return std::nullopt;
        linear = linear * size;
      }
      linear = linear + view[d];
    }
    out.push_back(linear);
  }
  return out;
}

/// collapse_shape: a group's subscript splits into the source group's
/// subscripts by the source's sizes (all but the first static).
std::optional<Exprs> collapseStep(Operation *op, const Exprs &view,
                                  ViewIndexing &) {
  Type src = op->getOperand(0)->getType();
  if (!src.isMemRef())
    return std::nullopt;
  Reassociation groups = CollapseShapeOp(op).getReassociation();
  if (groups.size() != view.size())
    return std::nullopt;
  Exprs out(src.getRank());
  for (size_t g = 0; g < groups.size(); ++g) {
    int64_t inner = 1;
    for (size_t k = groups[g].size(); k-- > 0;) {
      unsigned d = (unsigned)groups[g][k];
      AffineExpr e = inner == 1 ? view[g] : view[g].floorDiv(inner);
      if (k == 0) {
        out[d] = e;
        break;
      }
      int64_t size = src.getDimSize(d);
      if (size == kDynamic || size <= 0)
        return std::nullopt;
      out[d] = e.mod(size);
      inner *= size;
    }
  }
  return out;
}

ViewStep stepOf(const Operation *op) {
  if (op->isa("memref.cast"))
    return castStep;
  if (op->isa("memref.subview"))
    return subviewStep;
  if (op->isa("memref.transpose"))
    return transposeStep;
  if (op->isa("memref.expand_shape"))
    return expandStep;
  if (op->isa("memref.collapse_shape"))
    return collapseStep;
  return nullptr;
}

/// The coefficient of dim `pos` in `e` when `e` is linear in it outside
/// any division; nullopt otherwise.
std::optional<int64_t> linearCoefficient(const AffineExpr &e, unsigned pos,
                                         unsigned numDims) {
  FlatExprs flat;
  if (!flattenAffineExprs({&e, 1}, numDims, 0, flat))
    return std::nullopt;
  const std::vector<int64_t> &row = flat.rows[0];
  for (size_t c = numDims; c + 1 < row.size(); ++c)
    if (row[c] != 0)
      return std::nullopt;
  return row[pos];
}

/// Whether the step maps the view's last `lanes` subscripts one to one, in
/// order and with coefficient 1, onto the source's last subscripts: the
/// lanes of a vector access then stay lanes of the source.
bool keepsTrailingLanes(ViewStep step, Operation *op, unsigned viewRank,
                        unsigned lanes) {
  if (lanes == 0)
    return true;
  Exprs identity;
  for (unsigned i = 0; i < viewRank; ++i)
    identity.push_back(AffineExpr::dim(i));
  AffineValueMap none;
  none.map = AffineMap::get(viewRank, 0, identity);
  MemRefAccess probe;
  probe.indices = none;
  ViewIndexing ix(probe);
  std::optional<Exprs> src = step(op, identity, ix);
  if (!src || src->size() < lanes || viewRank < lanes)
    return false;
  unsigned numDims = viewRank + (unsigned)ix.extra.size();
  for (unsigned j = 0; j < lanes; ++j) {
    unsigned dim = viewRank - lanes + j;
    size_t target = src->size() - lanes + j;
    for (size_t k = 0; k < src->size(); ++k) {
      bool uses = (*src)[k].isFunctionOfDim(dim);
      if (k != target && uses)
        return false;
    }
    if (linearCoefficient((*src)[target], dim, numDims) != 1)
      return false;
  }
  return true;
}

/// The number of vector lanes' dims of `access` (0 for one element).
unsigned laneDims(const MemRefAccess &access) {
  return (unsigned)getAccessExtent(access).size();
}

/// `access` with its subscripts on the root of its memref, following
/// structured views; nullopt at a view this cannot follow.
std::optional<MemRefAccess> rebaseOnRoot(const MemRefAccess &access) {
  ViewIndexing ix(access);
  Value *memref = access.memref;
  unsigned lanes = laneDims(access);
  while (Operation *def = memref->getDefiningOp()) {
    if (!isViewLike(def))
      break;
    ViewStep step = stepOf(def);
    if (!step || !memref->getType().isMemRef())
      return std::nullopt;
    if (!keepsTrailingLanes(step, def, (unsigned)memref->getType().getRank(),
                            lanes))
      return std::nullopt;
    std::optional<Exprs> next = step(def, ix.results, ix);
    if (!next)
      return std::nullopt;
    ix.results = std::move(*next);
    memref = getViewSource(def);
  }
  MemRefAccess out = access;
  out.memref = memref;
  out.indices = ix.finish();
  return out;
}

/// No op between `memref` and its root moves the aligned pointer the
/// layouts' offsets count from (memref.view does).
bool keepsAlignedPointer(Value *memref) {
  while (Operation *def = memref->getDefiningOp()) {
    if (!isViewLike(def))
      return true;
    if (def->isa("memref.view"))
      return false;
    memref = getViewSource(def);
  }
  return true;
}

/// `access` as one subscript: its element's offset from the aligned
/// pointer of its buffer, from the memref type's static strides and
/// offset.
std::optional<MemRefAccess> linearize(const MemRefAccess &access) {
  Type t = access.memref->getType();
  std::optional<StridedLayout> layout = getStridedLayout(t);
  if (!layout || layout->offset == kDynamic ||
      !keepsAlignedPointer(access.memref))
    return std::nullopt;
  unsigned lanes = laneDims(access);
  const Exprs &subscripts = access.indices.map.getResults();
  if (lanes > 1 || subscripts.size() != layout->strides.size() ||
      (lanes == 1 && layout->strides.back() != 1))
    return std::nullopt;
  AffineExpr linear = AffineExpr::constant(layout->offset);
  for (size_t k = 0; k < subscripts.size(); ++k) {
    if (layout->strides[k] == kDynamic)
      return std::nullopt;
    linear = linear + subscripts[k] * layout->strides[k];
  }
  MemRefAccess out = access;
  out.memref = getViewRoot(access.memref);
  out.indices.map =
      AffineMap::get(access.indices.map.getNumDims(),
                     access.indices.map.getNumSymbols(), {linear});
  return out;
}

} // namespace

bool mayAccessSameMemory(const MemRefAccess &a, const MemRefAccess &b) {
  return a.memref == b.memref || mayAlias(a.memref, b.memref);
}

std::optional<std::pair<MemRefAccess, MemRefAccess>>
alignAccesses(const MemRefAccess &a, const MemRefAccess &b) {
  if (a.memref == b.memref)
    return std::make_pair(a, b);
  if (getBufferAlias(a.memref, b.memref) != BufferAlias::Same)
    return std::nullopt;
  std::optional<MemRefAccess> ra = rebaseOnRoot(a), rb = rebaseOnRoot(b);
  if (!ra || !rb ||
      ra->indices.map.getNumResults() != rb->indices.map.getNumResults()) {
    ra = linearize(a);
    rb = linearize(b);
  }
  if (!ra || !rb)
    return std::nullopt;
  // Two get_globals of one global are two values for one buffer.
  rb->memref = ra->memref;
  return std::make_pair(std::move(*ra), std::move(*rb));
}

} // namespace affjit
