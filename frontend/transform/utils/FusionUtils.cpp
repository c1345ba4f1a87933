// Slice insertion and private memrefs (see FusionUtils.h).
#include "frontend/transform/utils/FusionUtils.h"

#include "frontend/analysis/AffineValueMap.h"
#include "frontend/analysis/MemRefRegion.h"
#include "frontend/ir/Builder.h"
#include "frontend/ir/MemRefOps.h"
#include "frontend/transform/utils/LoopUtils.h"
#include "frontend/transform/utils/MemRefRemap.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace affjit {

namespace {

/// Whether the slice's single bound of source loop `k` lies within the
/// loop's own bound for every destination iteration, so the loop's own
/// bound can go.
bool sliceBoundInside(const ComputationSlice &slice, unsigned k, bool lower) {
  const auto &list = lower ? slice.bounds[k].lbs : slice.bounds[k].ubs;
  if (list.size() != 1)
    return false;
  std::optional<unsigned> j = list[0].getUnitDstLoop();
  if (!j)
    return false;
  AffineForOp src = slice.srcLoops[k], dst = slice.dstLoops[*j];
  int64_t c = list[0].constant;
  if (lower) {
    auto own = src.getConstantLowerBound(), d = dst.getConstantLowerBound();
    if (own && d)
      return (__int128)*d + c >= *own;
    return c >= 0 && src.getLowerBoundMap() == dst.getLowerBoundMap() &&
           src.getLowerBoundOperands() == dst.getLowerBoundOperands();
  }
  auto own = src.getConstantUpperBound(), d = dst.getConstantUpperBound();
  if (own && d)
    return (__int128)*d - 1 + c <= *own;
  return c <= 1 && src.getUpperBoundMap() == dst.getUpperBoundMap() &&
         src.getUpperBoundOperands() == dst.getUpperBoundOperands();
}

AffineExpr sliceBoundExpr(const SliceBound &b, bool lower, unsigned dimOffset,
                          unsigned symOffset,
                          const std::vector<Value *> &symbols) {
  AffineExpr e = AffineExpr::constant(b.constant);
  for (unsigned j = 0; j < b.dstCoeffs.size(); ++j)
    if (b.dstCoeffs[j])
      e = e + AffineExpr::dim(dimOffset + j) * b.dstCoeffs[j];
  for (auto &[v, c] : b.symbolCoeffs) {
    unsigned pos = (unsigned)(std::find(symbols.begin(), symbols.end(), v) -
                              symbols.begin());
    e = e + AffineExpr::symbol(symOffset + pos) * c;
  }
  if (b.divisor != 1)
    e = lower ? e.ceilDiv(b.divisor) : e.floorDiv(b.divisor);
  return e;
}

/// Whether every value of the slice's lower bound `b` of source loop `k`
/// is an iteration of that loop (`lb + n * step`): `b` is `dst_j + c` of a
/// destination loop whose step the source's divides, and both start on
/// the source's lattice.
bool lowerBoundOnLattice(const ComputationSlice &slice, unsigned k,
                         const SliceBound &b) {
  AffineForOp src = slice.srcLoops[k];
  int64_t step = src.getStep();
  if (step == 1)
    return true;
  std::optional<unsigned> j = b.getUnitDstLoop();
  if (!j)
    return false;
  AffineForOp dst = slice.dstLoops[*j];
  auto srcLb = src.getConstantLowerBound(), dstLb = dst.getConstantLowerBound();
  if (!srcLb || !dstLb || dst.getStep() % step != 0)
    return false;
  __int128 offset = (__int128)*dstLb + b.constant - *srcLb;
  return offset % step == 0;
}

/// `e` rounded up onto the step lattice of a loop that starts at `origin`:
/// `origin + ((e - origin) ceildiv step) * step`.
AffineExpr roundUpToLattice(AffineExpr e, AffineExpr origin, int64_t step) {
  return origin + (e - origin).ceilDiv(step) * step;
}

/// Bounds `loop` (the clone of source loop `k`) by the slice. A lower bound
/// is rounded up onto the loop's step lattice, so the clone, keeping its
/// step, runs only iterations the source loop runs.
void applySliceBound(AffineForOp loop, const ComputationSlice &slice,
                     unsigned k, bool lower) {
  const auto &list = lower ? slice.bounds[k].lbs : slice.bounds[k].ubs;
  if (list.empty())
    return;
  AffineMap own = lower ? loop.getLowerBoundMap() : loop.getUpperBoundMap();
  std::vector<Value *> ownOps =
      lower ? loop.getLowerBoundOperands() : loop.getUpperBoundOperands();
  unsigned nd = own.getNumDims(), ns = own.getNumSymbols();
  unsigned depth = slice.getDepth();
  std::vector<Value *> symbols;
  for (const SliceBound &b : list)
    for (auto &[v, c] : b.symbolCoeffs)
      if (std::find(symbols.begin(), symbols.end(), v) == symbols.end())
        symbols.push_back(v);
  unsigned numDims = nd + depth, numSyms = ns + (unsigned)symbols.size();
  std::vector<AffineExpr> results;
  if (!sliceBoundInside(slice, k, lower))
    results = own.getResults();
  int64_t step = loop.getStep();
  for (const SliceBound &b : list) {
    AffineExpr e = sliceBoundExpr(b, lower, nd, ns, symbols);
    // Fusion legality refuses a stepped loop whose sliced lower bound is a
    // max of several values: `own` has one result here.
    if (lower && !lowerBoundOnLattice(slice, k, b))
      e = roundUpToLattice(e, own.getResult(0), step);
    results.push_back(simplifyAffineExpr(e, numDims, numSyms));
  }
  std::vector<Value *> operands(ownOps.begin(), ownOps.begin() + nd);
  for (AffineForOp d : slice.dstLoops)
    operands.push_back(d.getInductionVar());
  operands.insert(operands.end(), ownOps.begin() + nd, ownOps.end());
  operands.insert(operands.end(), symbols.begin(), symbols.end());
  // Operands the bound does not use are dropped, so a bound that is one
  // destination loop's IV is forwarded as is when the loop is promoted.
  AffineValueMap bound = canonicalizeAffineValueMap(
      {AffineMap::get(numDims, numSyms, results), operands});
  if (lower)
    loop.setLowerBound(bound.map, bound.operands);
  else
    loop.setUpperBound(bound.map, bound.operands);
}

} // namespace

void insertSlice(Operation *srcRoot, const ComputationSlice &slice) {
  OpBuilder b = OpBuilder::atBlockBegin(slice.dstLoops.back().getBody(),
                                        srcRoot->getLoc());
  std::unordered_map<Value *, Value *> mapping;
  b.clone(*srcRoot, mapping);
  std::vector<AffineForOp> loops;
  for (AffineForOp src : slice.srcLoops)
    loops.push_back(cast<AffineForOp>(
        getInductionVarOwner(mapping.at(src.getInductionVar()))));
  for (unsigned k = 0; k < loops.size(); ++k) {
    applySliceBound(loops[k], slice, k, true);
    applySliceBound(loops[k], slice, k, false);
  }
  for (AffineForOp loop : loops)
    promoteIfSingleIteration(loop);
}

namespace {

/// `d_r >= sum + constant` (a lower bound) or `d_r <= sum + constant`.
struct DimBound {
  std::map<Value *, int64_t> coeffs;
  int64_t constant = 0;
};

/// One dimension's box in a part: the pair of bounds with one linear part
/// and the least extent.
std::optional<std::pair<DimBound, DimBound>> boxOfDim(ConstraintSystem cst,
                                                      unsigned dim) {
  for (unsigned j = cst.getNumDims(); j-- > 0;)
    if (j != dim)
      cst.projectOut(j, 1);
  unsigned symBegin = cst.getKindOffset(VarKind::Symbol);
  std::vector<DimBound> lbs, ubs;
  auto read = [&](std::span<const int64_t> row, bool eq) {
    int64_t a = row[0];
    if (a != 1 && a != -1)
      return;
    DimBound b;
    // a * d + rest >= 0: d >= -rest (a = 1) or d <= rest (a = -1).
    for (unsigned s = 0; s < cst.getNumSymbols(); ++s)
      if (int64_t c = row[symBegin + s])
        b.coeffs[cst.getValue(symBegin + s)] = checkedMul(-a, c);
    b.constant = checkedMul(-a, row.back());
    (a == 1 ? lbs : ubs).push_back(b);
    if (eq)
      (a == 1 ? ubs : lbs).push_back(b);
  };
  for (unsigned r = 0; r < cst.getNumEqualities(); ++r)
    read(cst.getEquality(r), true);
  for (unsigned r = 0; r < cst.getNumInequalities(); ++r)
    read(cst.getInequality(r), false);
  std::optional<std::pair<DimBound, DimBound>> best;
  for (const DimBound &l : lbs)
    for (const DimBound &u : ubs)
      if (l.coeffs == u.coeffs && u.constant >= l.constant &&
          (!best || (__int128)u.constant - l.constant <
                        (__int128)best->second.constant - best->first.constant))
        best = std::make_pair(l, u);
  return best;
}

/// Whether `v` may index the private buffer: an induction variable of
/// `dstLoops` or a value defined before `fusedRoot` in its block.
bool isUsableOffset(Value *v, Operation *fusedRoot,
                    const std::vector<AffineForOp> &dstLoops) {
  if (!v)
    return false;
  for (AffineForOp d : dstLoops)
    if (d.getInductionVar() == v)
      return true;
  Operation *def = v->getDefiningOp();
  if (!def)
    return v->getParentBlock() == fusedRoot->getBlock();
  return def->getBlock() == fusedRoot->getBlock() &&
         def->isBeforeInBlock(fusedRoot);
}

struct PrivateBox {
  std::vector<DimBound> lbs;
  std::vector<int64_t> extents;
};

std::optional<PrivateBox> privateBox(Value *memref, Operation *fusedRoot,
                                     const std::vector<AffineForOp> &dstLoops,
                                     std::string &why) {
  NestRegions regions =
      computeNestRegions(fusedRoot, memref, (unsigned)dstLoops.size());
  if (!regions.read || !regions.write) {
    why = "an access to it is not affine";
    return std::nullopt;
  }
  std::vector<ConstraintSystem> parts = regions.read->getParts();
  for (const ConstraintSystem &p : regions.write->getParts())
    parts.push_back(p);
  Type type = memref->getType();
  PrivateBox box;
  for (unsigned r = 0; r < (unsigned)type.getRank(); ++r) {
    std::optional<DimBound> lb, ub;
    bool ok = !parts.empty();
    for (const ConstraintSystem &part : parts) {
      ConstraintSystem cst = part;
      cst.projectOut(cst.getKindOffset(VarKind::Local), cst.getNumLocals());
      auto b = boxOfDim(cst, r);
      if (!b || (lb && b->first.coeffs != lb->coeffs)) {
        ok = false;
        break;
      }
      for (auto &[v, c] : b->first.coeffs)
        ok &= isUsableOffset(v, fusedRoot, dstLoops);
      if (!lb) {
        lb = b->first;
        ub = b->second;
      }
      lb->constant = std::min(lb->constant, b->first.constant);
      ub->constant = std::max(ub->constant, b->second.constant);
    }
    if (!ok) {
      int64_t size = type.getDimSize(r);
      if (size == kDynamic) {
        why = "its footprint along dimension " + std::to_string(r) +
              " has no constant size";
        return std::nullopt;
      }
      lb = DimBound{};
      ub = DimBound{{}, size - 1};
    }
    box.lbs.push_back(*lb);
    __int128 extent = (__int128)ub->constant - lb->constant + 1;
    if (extent > (__int128)1 << 40) {
      why = "its footprint is too large";
      return std::nullopt;
    }
    box.extents.push_back((int64_t)extent);
  }
  return box;
}

/// Buffers up to this size live on the stack.
constexpr int64_t kMaxPrivateStackBytes = 64 * 1024;

} // namespace

std::optional<int64_t> privatizeMemRef(Value *memref, Operation *fusedRoot,
                                       const std::vector<AffineForOp> &dstLoops,
                                       std::string *why) {
  std::string reason;
  if (memref->getType().getRank() == 0) {
    if (why)
      *why = "it holds one element already";
    return std::nullopt;
  }
  std::optional<PrivateBox> box;
  try {
    box = privateBox(memref, fusedRoot, dstLoops, reason);
  } catch (const CoefficientOverflow &) {
    reason = "its footprint's bounds overflow 64 bits";
  } catch (const AnalysisBudgetExceeded &) {
    reason = "its footprint exceeded the analysis budget";
  }
  if (!box) {
    if (why)
      *why = reason;
    return std::nullopt;
  }
  Type type = memref->getType();
  Type elem = type.getElementType();
  __int128 wide = getElementSizeInBytes(type).value_or(8);
  for (int64_t e : box->extents)
    wide = std::min<__int128>(wide * e, (__int128)1 << 62);
  int64_t bytes = (int64_t)wide;
  Type newType = Type::memref(box->extents, elem);
  Operation *def = memref->getDefiningOp();
  Value *fresh;
  bool onStack = bytes <= kMaxPrivateStackBytes;
  if (onStack) {
    OpBuilder b = OpBuilder::atBlockBegin(fusedRoot->getBlock(), def->getLoc());
    fresh = AllocaOp::create(b, newType).getMemRef();
  } else {
    OpBuilder b = OpBuilder::before(fusedRoot);
    b.setLoc(def->getLoc());
    fresh = AllocOp::create(b, newType).getMemRef();
  }
  // new index r = old index r - lb_r(outer IVs, symbols).
  MemRefIndexRemap remap;
  std::vector<Value *> syms;
  for (AffineForOp d : dstLoops)
    remap.extraOperands.push_back(d.getInductionVar());
  unsigned numOuter = (unsigned)dstLoops.size();
  unsigned rank = (unsigned)type.getRank();
  std::vector<AffineExpr> results;
  for (unsigned r = 0; r < rank; ++r) {
    AffineExpr e = AffineExpr::dim(numOuter + r) - box->lbs[r].constant;
    for (auto &[v, c] : box->lbs[r].coeffs) {
      auto ivPos =
          std::find(remap.extraOperands.begin(), remap.extraOperands.end(), v);
      if (ivPos != remap.extraOperands.end()) {
        e = e -
            AffineExpr::dim((unsigned)(ivPos - remap.extraOperands.begin())) *
                c;
        continue;
      }
      auto sPos = std::find(syms.begin(), syms.end(), v);
      if (sPos == syms.end()) {
        syms.push_back(v);
        sPos = syms.end() - 1;
      }
      e = e - AffineExpr::symbol((unsigned)(sPos - syms.begin())) * c;
    }
    results.push_back(e);
  }
  remap.symbolOperands = syms;
  remap.indexRemap =
      AffineMap::get(numOuter + rank, (unsigned)syms.size(), results);
  if (!replaceAllMemRefUsesWith(memref, fresh, remap, &reason)) {
    fresh->getDefiningOp()->erase();
    if (why)
      *why = reason;
    return std::nullopt;
  }
  if (!onStack) {
    OpBuilder after = OpBuilder::after(fusedRoot);
    DeallocOp::create(after, fresh);
  }
  for (Operation *user : memref->getUsers())
    user->erase();
  def->erase();
  return bytes;
}

} // namespace affjit
