// Memref regions after MLIR's MemRefRegion::compute and
// getConstantBoundingSizeAndShape, with exact (Omega test) bounds.
#include "frontend/analysis/MemRefRegion.h"

#include "frontend/analysis/Dependence.h"
#include "frontend/analysis/OmegaTest.h"
#include "frontend/ir/AffineOps.h"

#include <algorithm>
#include <cassert>

namespace affjit {

namespace {

/// Pads a row built before locals were appended to `cst`'s width: locals
/// come last, so the new columns sit just before the constant.
void widenRow(FlatRow &row, const ConstraintSystem &cst) {
  row.insert(row.end() - 1, cst.getNumCols() - row.size(), 0);
}

void widenAll(std::vector<FlatRow> &rows, const ConstraintSystem &cst) {
  for (FlatRow &row : rows)
    widenRow(row, cst);
}

/// Appends a local `v` with 0 <= v <= max; returns its column.
unsigned addBoundedLocal(ConstraintSystem &cst, int64_t max) {
  unsigned pos = cst.appendVar(VarKind::Local);
  cst.addBound(BoundType::LB, pos, 0);
  cst.addBound(BoundType::UB, pos, max);
  return pos;
}

void addInfeasible(ConstraintSystem &cst) {
  FlatRow row(cst.getNumCols(), 0);
  row.back() = -1;
  cst.addInequality(row);
}

//===-- transfer extents --------------------------------------------------===//

/// affine.vector_load/store touch the vector's shape along the memref's
/// trailing dims: subscript + t with 0 <= t < size, one local per dim.
bool addVectorExtent(ConstraintSystem &cst, std::vector<FlatRow> &rows,
                     Type vectorType) {
  if (!vectorType.isVector())
    return false;
  const std::vector<int64_t> &shape = vectorType.getShape();
  if (shape.size() > rows.size())
    return false;
  unsigned first = (unsigned)(rows.size() - shape.size());
  for (unsigned j = 0; j < shape.size(); ++j) {
    if (shape[j] <= 0)
      return false;
    unsigned t = addBoundedLocal(cst, shape[j] - 1);
    widenAll(rows, cst);
    rows[first + j][t] = 1;
  }
  return true;
}

/// The scalar operands of an affine.dma_start, when they are constants.
struct DmaTransfer {
  int64_t numElements = 0;
  int64_t stride = 0, perStride = 0; // both 0: not strided
  bool strideOnSource = false;
};

std::optional<DmaTransfer> getDmaTransfer(const AffineDma &dma) {
  DmaTransfer t;
  std::optional<int64_t> num = getConstantIntValue(dma.getNumElements());
  if (!num || *num < 0)
    return std::nullopt;
  t.numElements = *num;
  if (dma.isStrided()) {
    auto stride = getConstantIntValue(dma.getStride());
    auto per = getConstantIntValue(dma.getNumElementsPerStride());
    // The runtime rejects these transfers; there is no region to speak of.
    if (!stride || !per || *stride < 0 || *per <= 0 || *num % *per != 0)
      return std::nullopt;
    t.stride = *stride;
    t.perStride = *per;
  }
  // The stride applies on the side in the slower (lower-numbered) space, as
  // the runtime does it (runtime/Dma.cpp).
  t.strideOnSource = dma.getSrc().memref->getType().getMemorySpace() <=
                     dma.getDst().memref->getType().getMemorySpace();
  return t;
}

/// The linear offset row of one DMA side: the start's row-major
/// offset plus k * step + e over the chunks k and elements e it moves.
FlatRow dmaLinearOffset(ConstraintSystem &cst, std::vector<FlatRow> &rows,
                        const std::vector<int64_t> &shape, const DmaTransfer &t,
                        bool isSource) {
  bool strided = t.perStride != 0;
  int64_t perChunk = strided ? t.perStride : t.numElements;
  int64_t chunks = strided ? t.numElements / t.perStride : 1;
  bool stridedSide = strided && isSource == t.strideOnSource;
  int64_t step = stridedSide ? t.stride : perChunk;
  if (t.numElements == 0)
    addInfeasible(cst);
  unsigned e = addBoundedLocal(cst, std::max<int64_t>(perChunk - 1, 0));
  unsigned k = addBoundedLocal(cst, std::max<int64_t>(chunks - 1, 0));
  widenAll(rows, cst);
  FlatRow linear(cst.getNumCols(), 0);
  int64_t stride = 1;
  for (size_t i = shape.size(); i-- > 0;) {
    for (size_t c = 0; c < linear.size(); ++c)
      linear[c] = checkedAdd(linear[c], checkedMul(stride, rows[i][c]));
    stride = checkedMul(stride, shape[i]);
  }
  linear[e] = 1;
  linear[k] = step;
  return linear;
}

/// A DMA side touches a run of linear offsets; its elements are their
/// row-major delinearisation: q_i = L floordiv S_i (S_i the row-major
/// stride of dim i), d_0 = q_0, d_i = q_i - size_i * q_(i-1).
bool addDmaExtent(ConstraintSystem &cst, std::vector<FlatRow> &rows,
                  const MemRefAccess &access) {
  Type type = access.memref->getType();
  if (!type.hasStaticShape() || type.getLayoutKind() != LayoutKind::Identity ||
      rows.empty())
    return false;
  std::optional<AffineDma> dma = AffineDma::get(access.op);
  std::optional<DmaTransfer> t = dma ? getDmaTransfer(*dma) : std::nullopt;
  if (!t)
    return false;
  const std::vector<int64_t> &shape = type.getShape();
  FlatRow linear = dmaLinearOffset(cst, rows, shape, *t, !access.isWrite);
  std::vector<FlatRow> quotients(shape.size());
  int64_t stride = 1;
  for (size_t i = shape.size(); i-- > 0;) {
    if (stride == 1) {
      quotients[i] = linear;
    } else {
      widenRow(linear, cst);
      cst.addLocalFloorDiv(linear, stride);
      quotients[i] = FlatRow(cst.getNumCols(), 0);
      quotients[i][cst.getNumVars() - 1] = 1;
    }
    stride = checkedMul(stride, shape[i]);
  }
  widenAll(quotients, cst);
  for (size_t i = 0; i < shape.size(); ++i) {
    rows[i] = quotients[i];
    if (i == 0)
      continue;
    for (size_t c = 0; c < rows[i].size(); ++c)
      rows[i][c] =
          checkedSub(rows[i][c], checkedMul(shape[i], quotients[i - 1][c]));
  }
  return true;
}

/// Widens the subscripts to the elements a vector access or DMA transfer
/// touches; false if they cannot be described.
bool addTransferExtent(ConstraintSystem &cst, std::vector<FlatRow> &rows,
                       const MemRefAccess &access) {
  std::optional<AffineAccess> affine = AffineAccess::get(access.op);
  if (affine && affine->isVector())
    return addVectorExtent(cst, rows, affine->getVectorType());
  if (access.op->isa("affine.dma_start"))
    return addDmaExtent(cst, rows, access);
  return true;
}

//===-- the region's columns ----------------------------------------------===//

/// Puts one dim per memref dimension in front and ties each to its
/// subscript: d_r - subscript_r == 0.
void placeMemRefDims(ConstraintSystem &cst, std::vector<FlatRow> &rows) {
  unsigned rank = (unsigned)rows.size();
  cst.insertVar(VarKind::Dim, 0, rank);
  for (unsigned r = 0; r < rank; ++r) {
    FlatRow eq = rows[r];
    eq.insert(eq.begin(), rank, 0);
    eq[r] = -1;
    cst.addEquality(eq);
  }
}

/// Turns the outer `depth` loop dims (after the `rank` memref dims) into
/// symbols, the parameters of the region, and the inner ones into locals,
/// existentially quantified: the region is their projection, kept exact.
void splitLoopDims(ConstraintSystem &cst, unsigned rank, unsigned numLoops,
                   unsigned depth) {
  cst.convertToLocal(VarKind::Dim, rank + depth, rank + numLoops);
  unsigned first = cst.insertVar(VarKind::Symbol, 0, depth);
  for (unsigned i = 0; i < depth; ++i)
    cst.swapVar(rank + i, first + i);
  cst.removeVarRange(rank, rank + depth);
}

/// What is known about sizes used as symbols: `memref.dim` is never
/// negative, and equals the size of a static dimension.
void addSizeFacts(ConstraintSystem &cst) {
  unsigned begin = cst.getNumDims(), end = cst.getNumDimAndSymbols();
  for (unsigned pos = begin; pos < end; ++pos) {
    Value *v = cst.getValue(pos);
    Operation *def = v ? v->getDefiningOp() : nullptr;
    if (!def || !def->isa("memref.dim"))
      continue;
    Type type = def->getOperand(0)->getType();
    std::optional<int64_t> dim = getConstantIntValue(def->getOperand(1));
    if (!type.isMemRef() || !dim || *dim < 0 || *dim >= type.getRank())
      continue;
    cst.addBound(BoundType::LB, pos, 0);
    if (!type.isDynamicDim((unsigned)*dim))
      cst.addBound(BoundType::EQ, pos, type.getDimSize((unsigned)*dim));
  }
}

/// 0 <= d_r for every dim and d_r <= size - 1 for the static ones.
void addShapeBounds(ConstraintSystem &cst, Type type) {
  for (unsigned r = 0; r < type.getRank(); ++r) {
    cst.addBound(BoundType::LB, r, 0);
    if (!type.isDynamicDim(r))
      cst.addBound(BoundType::UB, r, type.getDimSize(r) - 1);
  }
}

/// The else-region of an affine.if whose condition is one inequality
/// `e >= 0` runs where `-e - 1 >= 0`. The iteration domain leaves
/// else-regions unconstrained: the complement of several constraints (or of
/// an equality) is not convex, and then the region over-approximates.
bool addElseConditions(ConstraintSystem &cst, Operation *op) {
  for (Operation *p = op; p->getParentOp(); p = p->getParentOp()) {
    Operation *ifOp = p->getParentOp();
    if (!ifOp->isa("affine.if") || ifOp->getNumRegions() < 2 ||
        p->getBlock()->getParent() != &ifOp->getRegion(1))
      continue;
    IntegerSet set = AffineIfOp(ifOp).getCondition();
    if (set.getNumConstraints() != 1 || set.isEq(0))
      continue;
    AffineValueMap avm;
    avm.map = AffineMap::get(set.getNumDims(), set.getNumSymbols(),
                             set.getConstraints());
    avm.operands = ifOp->getOperands();
    std::vector<FlatRow> rows;
    if (!flattenValueMap(cst, composeAffineValueMap(avm), rows))
      return false;
    for (int64_t &v : rows[0])
      v = checkedNeg(v);
    rows[0].back() = checkedSub(rows[0].back(), 1);
    cst.addInequality(rows[0]);
  }
  return true;
}

//===-- bounding boxes ----------------------------------------------------===//

/// Copies the rows of `src` into `dst`, column c of `src` going to column
/// colMap[c] of `dst` (the constant column to the constant column).
void appendMapped(ConstraintSystem &dst, const ConstraintSystem &src,
                  const std::vector<unsigned> &colMap) {
  auto convert = [&](std::span<const int64_t> row) {
    FlatRow out(dst.getNumCols(), 0);
    for (unsigned c = 0; c < src.getNumVars(); ++c)
      out[colMap[c]] = row[c];
    out.back() = row.back();
    return out;
  };
  for (unsigned r = 0; r < src.getNumEqualities(); ++r)
    dst.addEquality(convert(src.getEquality(r)));
  for (unsigned r = 0; r < src.getNumInequalities(); ++r)
    dst.addInequality(convert(src.getInequality(r)));
}

/// Column map of `src`'s symbols into `dst`, appending the symbols `dst`
/// lacks (a symbol with no IR value is never shared).
std::vector<unsigned> mapSymbols(ConstraintSystem &dst,
                                 const ConstraintSystem &src) {
  std::vector<unsigned> cols;
  for (unsigned s = 0; s < src.getNumSymbols(); ++s) {
    Value *v = src.getValue(src.getNumDims() + s);
    std::optional<unsigned> found = v ? dst.findVar(v) : std::nullopt;
    if (!found) {
      found = dst.appendVar(VarKind::Symbol);
      dst.setValue(*found, v);
    }
    cols.push_back(*found);
  }
  return cols;
}

/// Two points x (dims [0, rank)) of `a` and y (dims [rank, 2 rank)) of `b`
/// for the same parameter values, and t (dim 2 rank) free: maximising
/// t == x_r - y_r gives the region's width along r.
ConstraintSystem pairSystem(const ConstraintSystem &a,
                            const ConstraintSystem &b, unsigned rank) {
  ConstraintSystem pair(2 * rank + 1);
  std::vector<unsigned> aSyms = mapSymbols(pair, a);
  std::vector<unsigned> bSyms = mapSymbols(pair, b);
  unsigned aLocals = pair.appendVar(VarKind::Local, a.getNumLocals());
  unsigned bLocals = pair.appendVar(VarKind::Local, b.getNumLocals());
  // Appending locals does not move symbols; appending symbols moved nothing
  // either (dims stay first), so the maps above are still valid.
  auto colMap = [&](const ConstraintSystem &s,
                    const std::vector<unsigned> &syms, unsigned dimOffset,
                    unsigned localOffset) {
    std::vector<unsigned> map;
    for (unsigned d = 0; d < rank; ++d)
      map.push_back(dimOffset + d);
    map.insert(map.end(), syms.begin(), syms.end());
    for (unsigned l = 0; l < s.getNumLocals(); ++l)
      map.push_back(localOffset + l);
    return map;
  };
  appendMapped(pair, a, colMap(a, aSyms, 0, aLocals));
  appendMapped(pair, b, colMap(b, bSyms, rank, bLocals));
  return pair;
}

/// The largest x_r - y_r over the pair system; nullopt if unbounded.
std::optional<int64_t> maxDifference(ConstraintSystem pair, unsigned rank,
                                     unsigned r) {
  FlatRow eq(pair.getNumCols(), 0);
  eq[2 * rank] = 1;
  eq[r] = -1;
  eq[rank + r] = 1;
  pair.addEquality(eq);
  IntegerOptimum m = integerMaximum(pair, 2 * rank);
  if (m.kind != IntegerOptimum::Kind::Bounded)
    return std::nullopt;
  return m.value;
}

/// getIterationDomain reads the bound group sizes of affine.parallel one
/// element per induction variable; a splat `dense<1>` (the generic form) has
/// only one. Such domains are left unknown rather than read out of range.
bool hasReadableParallelGroups(Operation *op) {
  for (Operation *p : getEnclosingAffineOps(op)) {
    if (!p->isa("affine.parallel"))
      continue;
    size_t numIvs = p->getRegion(0).front().getNumArguments();
    for (const char *name : {"lowerBoundsGroups", "upperBoundsGroups"}) {
      Attribute groups = p->getAttr(name);
      if (!groups || groups.getInts().size() != numIvs)
        return false;
    }
  }
  return true;
}

} // namespace

unsigned MemRefRegion::getRank() const {
  return (unsigned)memref->getType().getRank();
}

std::optional<ConstraintSystem> MemRefRegion::getProjectedConstraints() const {
  if (parts.size() != 1)
    return std::nullopt;
  ConstraintSystem cst = parts.front();
  try {
    cst.projectOut(cst.getNumDimAndSymbols(), cst.getNumLocals());
  } catch (const CoefficientOverflow &) {
    return std::nullopt;
  }
  return cst;
}

void MemRefRegion::unionWith(const MemRefRegion &other) {
  assert(other.memref == memref && other.loopDepth == loopDepth);
  parts.insert(parts.end(), other.parts.begin(), other.parts.end());
}

std::optional<bool> MemRefRegion::contains(
    std::span<const int64_t> index,
    std::span<const std::pair<Value *, int64_t>> params) const {
  try {
    for (const ConstraintSystem &part : parts) {
      ConstraintSystem cst = part;
      for (unsigned r = 0; r < index.size() && r < cst.getNumDims(); ++r)
        cst.addBound(BoundType::EQ, r, index[r]);
      for (const auto &[value, v] : params)
        if (std::optional<unsigned> pos = cst.findVar(value))
          cst.addBound(BoundType::EQ, *pos, v);
      if (!isIntegerEmpty(cst))
        return true;
    }
  } catch (const CoefficientOverflow &) {
    return std::nullopt;
  } catch (const AnalysisBudgetExceeded &) {
    return std::nullopt;
  }
  return false;
}

namespace {

/// The parts clamped to the memref's shape (MLIR's cstWithShapeBounds),
/// empty ones and repeats dropped (a body that loads one element several
/// times unions the same part that often, and the box costs quadratically
/// in the parts).
std::vector<ConstraintSystem>
clampedNonEmptyParts(const std::vector<ConstraintSystem> &parts, Type type) {
  std::vector<ConstraintSystem> out;
  for (const ConstraintSystem &part : parts) {
    ConstraintSystem cst = part;
    addShapeBounds(cst, type);
    if (std::find(out.begin(), out.end(), cst) == out.end() &&
        !isIntegerEmpty(cst))
      out.push_back(std::move(cst));
  }
  return out;
}

/// The box of dim r over non-empty clamped parts.
std::optional<RegionDimBox> dimBox(const std::vector<ConstraintSystem> &parts,
                                   Type type, unsigned r) {
  unsigned rank = (unsigned)type.getRank();
  RegionDimBox box;
  bool first = true;
  for (const ConstraintSystem &part : parts) {
    IntegerOptimum m = integerMinimum(part, r);
    if (m.kind != IntegerOptimum::Kind::Bounded)
      return std::nullopt; // cannot happen: clamped at 0
    box.lb = first ? m.value : std::min(box.lb, m.value);
    first = false;
  }
  int64_t width = 0;
  for (const ConstraintSystem &a : parts) {
    for (const ConstraintSystem &b : parts) {
      std::optional<int64_t> d = maxDifference(pairSystem(a, b, rank), rank, r);
      if (!d) {
        // Unbounded: MLIR falls back to the whole static dimension.
        if (type.isDynamicDim(r))
          return std::nullopt;
        return RegionDimBox{0, type.getDimSize(r)};
      }
      width = std::max(width, checkedAdd(*d, 1));
    }
  }
  box.extent = width;
  return box;
}

} // namespace

std::optional<std::vector<RegionDimBox>> MemRefRegion::getBoundingBox() const {
  Type type = memref->getType();
  std::vector<RegionDimBox> box;
  try {
    std::vector<ConstraintSystem> live = clampedNonEmptyParts(parts, type);
    for (unsigned r = 0; r < getRank(); ++r) {
      if (live.empty()) {
        box.push_back(RegionDimBox{0, 0});
        continue;
      }
      std::optional<RegionDimBox> b = dimBox(live, type, r);
      if (!b)
        return std::nullopt;
      box.push_back(*b);
    }
  } catch (const CoefficientOverflow &) {
    return std::nullopt;
  } catch (const AnalysisBudgetExceeded &) {
    return std::nullopt;
  }
  return box;
}

std::optional<int64_t> MemRefRegion::getNumElements() const {
  if (getRank() == 0) {
    try {
      return clampedNonEmptyParts(parts, memref->getType()).empty() ? 0 : 1;
    } catch (const CoefficientOverflow &) {
      return std::nullopt;
    } catch (const AnalysisBudgetExceeded &) {
      return std::nullopt;
    }
  }
  std::optional<std::vector<RegionDimBox>> box = getBoundingBox();
  if (!box)
    return std::nullopt;
  int64_t n = 1;
  try {
    for (const RegionDimBox &b : *box)
      n = checkedMul(n, b.extent);
  } catch (const CoefficientOverflow &) {
    return std::nullopt;
  }
  return n;
}

std::optional<int64_t> MemRefRegion::getSizeInBytes() const {
  std::optional<int64_t> n = getNumElements();
  std::optional<int64_t> eltBytes = getElementSizeInBytes(memref->getType());
  if (!n || !eltBytes)
    return std::nullopt;
  try {
    return checkedMul(*n, *eltBytes);
  } catch (const CoefficientOverflow &) {
    return std::nullopt;
  }
}

std::optional<int64_t> getElementSizeInBytes(Type memrefType) {
  if (!memrefType.isMemRef())
    return std::nullopt;
  Type elt = memrefType.getElementType();
  int64_t count = 1;
  if (elt.isVector()) {
    count = elt.getNumElements();
    elt = elt.getElementType();
    if (count == kDynamic)
      return std::nullopt;
  }
  if (!elt.isIntOrFloat() && !elt.isIndex())
    return std::nullopt;
  int64_t bits = (int64_t)elt.getWidth() * count;
  return (bits + 7) / 8;
}

std::optional<MemRefRegion> computeMemRefRegion(const MemRefAccess &access,
                                                unsigned loopDepth,
                                                const RegionOptions &options) {
  Type type = access.memref->getType();
  if (!type.isMemRef() || !hasReadableParallelGroups(access.op))
    return std::nullopt;
  DomainOptions domainOptions;
  domainOptions.exactSteps = true; // the Omega test copes with the locals
  try {
    std::optional<AccessRelation> rel =
        getAccessRelation(access, domainOptions);
    if (!rel || rel->subscripts.size() != (size_t)type.getRank() ||
        loopDepth > rel->getNumLoops())
      return std::nullopt;
    unsigned numLoops = rel->getNumLoops();
    ConstraintSystem cst = std::move(rel->domain);
    std::vector<FlatRow> rows = std::move(rel->subscripts);
    if (options.transferExtents && !addTransferExtent(cst, rows, access))
      return std::nullopt;
    placeMemRefDims(cst, rows);
    if (!addElseConditions(cst, access.op))
      return std::nullopt;
    unsigned rank = (unsigned)rows.size();
    splitLoopDims(cst, rank, numLoops, loopDepth);
    addSizeFacts(cst);
    if (options.addMemRefDimBounds)
      addShapeBounds(cst, type);
    MemRefRegion region(access.memref, access.isWrite, loopDepth);
    region.addPart(std::move(cst));
    return region;
  } catch (const CoefficientOverflow &) {
    return std::nullopt;
  }
}

namespace {

/// Uses of a memref that touch no element.
bool touchesNoElement(const Operation *op) {
  return op->isa("memref.dim") || op->isa("memref.dealloc");
}

/// The operand positions of the memrefs whose elements
/// getMemRefAccesses(op) describes.
std::vector<unsigned> describedMemRefOperands(Operation *op) {
  std::vector<unsigned> at;
  for (const MemRefAccess &a : getMemRefAccesses(op))
    at.push_back(a.memrefOperandIndex);
  return at;
}

/// True if every use of `memref` inside `root` is an access
/// getMemRefAccesses describes (or touches no element): a memref passed to
/// a call, copied, viewed or used as a DMA tag is accessed in ways the
/// regions do not see.
bool onlyKnownAccesses(Operation *root, Value *memref) {
  for (const Use &use : memref->getUses()) {
    Operation *user = use.user;
    if (!user->isAncestorOrSelf(root) || touchesNoElement(user))
      continue;
    std::vector<unsigned> at = describedMemRefOperands(user);
    if (std::find(at.begin(), at.end(), use.index) == at.end())
      return false;
  }
  return true;
}

} // namespace

NestRegions computeNestRegions(Operation *root, Value *memref,
                               unsigned loopDepth,
                               const RegionOptions &options) {
  NestRegions out;
  out.read.emplace(memref, false, loopDepth);
  out.write.emplace(memref, true, loopDepth);
  if (!onlyKnownAccesses(root, memref))
    return NestRegions{};
  Operation *firstAccess = nullptr;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    for (const MemRefAccess &a : getMemRefAccesses(op)) {
      if (a.memref != memref)
        continue;
      std::optional<MemRefRegion> &into = a.isWrite ? out.write : out.read;
      if (!into)
        continue;
      if (!firstAccess)
        firstAccess = op;
      std::optional<MemRefRegion> r;
      if (getNumCommonSurroundingLoops(firstAccess, op) >= loopDepth)
        r = computeMemRefRegion(a, loopDepth, options);
      if (r)
        into->unionWith(*r);
      else
        into.reset();
    }
  });
  return out;
}

} // namespace affjit
