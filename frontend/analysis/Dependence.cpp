// The dependence check: building the dependence polyhedron from two access
// relations, ordering constraints, emptiness and direction vectors, after
// MLIR's checkMemrefAccessDependence (seed 001).
#include "frontend/analysis/Dependence.h"

#include "frontend/analysis/MemRefAlias.h"
#include "frontend/analysis/OmegaTest.h"

#include <algorithm>

namespace affjit {

unsigned getNumCommonSurroundingLoops(Operation *a, Operation *b) {
  std::vector<Value *> ia = getEnclosingInductionVars(a),
                       ib = getEnclosingInductionVars(b);
  unsigned n = 0;
  while (n < ia.size() && n < ib.size() && ia[n] == ib[n])
    ++n;
  return n;
}

namespace {

/// The innermost block holding both ops (or their ancestors).
Block *commonBlock(Operation *a, Operation *b) {
  for (Operation *p = a; p; p = p->getParentOp()) {
    Block *blk = p->getBlock();
    if (!blk)
      return nullptr;
    for (Operation *q = b; q; q = q->getParentOp())
      if (q->getBlock() == blk)
        return blk;
  }
  return nullptr;
}

Operation *ancestorInBlock(Block *blk, Operation *op) {
  for (Operation *p = op; p; p = p->getParentOp())
    if (p->getBlock() == blk)
      return p;
  return nullptr;
}

bool srcAppearsBeforeDst(Operation *src, Operation *dst) {
  Block *blk = commonBlock(src, dst);
  if (!blk)
    return false;
  Operation *s = ancestorInBlock(blk, src), *d = ancestorInBlock(blk, dst);
  if (s == d)
    return false;
  for (Operation *p = s->getNextNode(); p; p = p->getNextNode())
    if (p == d)
      return true;
  return false;
}

/// dst_i == src_i for the outer common loops; dst_i >= src_i + 1 at
/// `loopDepth` (when it is a common loop).
void addOrderingConstraints(ConstraintSystem &cst, unsigned numSrcDims,
                            unsigned numCommon, unsigned loopDepth) {
  unsigned n = std::min(numCommon, loopDepth);
  for (unsigned i = 0; i < n; ++i) {
    FlatRow row(cst.getNumCols(), 0);
    row[i] = -1;
    row[i + numSrcDims] = 1;
    if (i == loopDepth - 1) {
      row.back() = -1;
      cst.addInequality(row);
    } else {
      cst.addEquality(row);
    }
  }
}

/// Adds d_j = dst_j - src_j as new leading dims.
void addDifferenceVars(ConstraintSystem &cst, unsigned numSrcDims,
                       unsigned numCommon) {
  cst.insertVar(VarKind::Dim, 0, numCommon);
  for (unsigned j = 0; j < numCommon; ++j) {
    FlatRow eq(cst.getNumCols(), 0);
    eq[j] = 1;
    eq[j + numCommon] = 1;
    eq[j + numCommon + numSrcDims] = -1;
    cst.addEquality(eq);
  }
}

std::optional<int64_t> exactBound(const ConstraintSystem &cst, unsigned pos,
                                  bool lower) {
  IntegerOptimum opt =
      lower ? integerMinimum(cst, pos) : integerMaximum(cst, pos);
  if (opt.kind == IntegerOptimum::Kind::Bounded)
    return opt.value;
  return std::nullopt;
}

std::vector<DependenceComponent>
computeComponents(ConstraintSystem cst, const std::vector<Operation *> &loops,
                  unsigned numSrcDims, bool exact) {
  unsigned numCommon = (unsigned)loops.size();
  unsigned numOthers = cst.getNumVars();
  addDifferenceVars(cst, numSrcDims, numCommon);
  if (!exact)
    cst.projectOut(numCommon, numOthers);
  std::vector<DependenceComponent> comps(numCommon);
  for (unsigned j = 0; j < numCommon; ++j) {
    comps[j].loop = loops[j];
    if (exact) {
      comps[j].lb = exactBound(cst, j, true);
      comps[j].ub = exactBound(cst, j, false);
    } else {
      comps[j].lb = cst.getConstantBound(BoundType::LB, j);
      comps[j].ub = cst.getConstantBound(BoundType::UB, j);
    }
  }
  return comps;
}

DependenceResult failure(std::string reason) {
  DependenceResult r;
  r.kind = DependenceResult::Failure;
  r.reason = std::move(reason);
  return r;
}

} // namespace

/// Common leading induction variables of the two relations' domains (the
/// count MLIR's getNumCommonLoops takes from the access relations).
static std::vector<Operation *> commonLoops(const Relation &src,
                                            const Relation &dst) {
  std::vector<Operation *> loops;
  for (unsigned i = 0; i < src.numDomain && i < dst.numDomain; ++i) {
    Value *v = src.cst.getValue(i);
    Operation *owner = getInductionVarOwner(v);
    if (!owner || v != dst.cst.getValue(i))
      break;
    loops.push_back(owner);
  }
  return loops;
}

std::optional<Relation> getAccessPairRelation(const MemRefAccess &src,
                                              const MemRefAccess &dst,
                                              const DomainOptions &options) {
  auto aligned = alignAccesses(src, dst);
  if (!aligned)
    return std::nullopt;
  try {
    std::optional<Relation> srcRel =
        getAccessRelationMlir(aligned->first, options);
    std::optional<Relation> dstRel =
        getAccessRelationMlir(aligned->second, options);
    if (!srcRel || !dstRel || srcRel->getNumRange() != dstRel->getNumRange())
      return std::nullopt;
    Relation pair = *dstRel;
    inverse(pair);
    mergeAndCompose(pair, *srcRel);
    pair.numDomain = srcRel->numDomain;
    return pair;
  } catch (const CoefficientOverflow &) {
    return std::nullopt;
  }
}

const std::optional<Relation> &
DependenceChecker::relationOf(const MemRefAccess &a) {
  // dma_start performs two accesses; key the write side separately.
  auto &table =
      (a.op->isa("affine.dma_start") && a.isWrite) ? writeCache : cache;
  auto it = table.find(a.op);
  if (it != table.end())
    return it->second;
  DomainOptions domainOptions;
  domainOptions.exactSteps = options.exact;
  return table.emplace(a.op, getAccessRelationMlir(a, domainOptions))
      .first->second;
}

std::optional<Relation>
DependenceChecker::relationOfAligned(const MemRefAccess &a) {
  DomainOptions domainOptions;
  domainOptions.exactSteps = options.exact;
  return getAccessRelationMlir(a, domainOptions);
}

DependenceResult DependenceChecker::check(const MemRefAccess &src,
                                          const MemRefAccess &dst,
                                          unsigned loopDepth) {
  DependenceResult none;
  none.kind = DependenceResult::NoDependence;
  if (!mayAccessSameMemory(src, dst))
    return none;
  if (!options.allowReadAfterRead && !src.isWrite && !dst.isWrite)
    return none;
  if (!commonBlock(src.op, dst.op))
    return failure("the accesses share no block");
  if (src.memref != dst.memref)
    return checkThroughViews(src, dst, loopDepth);
  const auto &srcRel = relationOf(src);
  const auto &dstRel = relationOf(dst);
  if (!srcRel || !dstRel)
    return failure("subscripts or loop bounds are not affine or need "
                   "coefficients beyond 64 bits");
  return checkGuarded(src, dst, *srcRel, *dstRel, loopDepth);
}

DependenceResult DependenceChecker::checkThroughViews(const MemRefAccess &src,
                                                      const MemRefAccess &dst,
                                                      unsigned loopDepth) {
  auto aligned = alignAccesses(src, dst);
  if (!aligned)
    return failure("the accesses may touch the same memory through memrefs "
                   "whose subscripts cannot be compared");
  std::optional<Relation> srcRel, dstRel;
  try {
    srcRel = relationOfAligned(aligned->first);
    dstRel = relationOfAligned(aligned->second);
  } catch (const CoefficientOverflow &) {
    return failure("coefficients overflow 64 bits");
  }
  if (!srcRel || !dstRel)
    return failure("subscripts through views are not affine");
  return checkGuarded(aligned->first, aligned->second, *srcRel, *dstRel,
                      loopDepth);
}

DependenceResult DependenceChecker::checkGuarded(const MemRefAccess &src,
                                                 const MemRefAccess &dst,
                                                 const Relation &srcRel,
                                                 const Relation &dstRel,
                                                 unsigned loopDepth) {
  try {
    return checkRelations(src, dst, srcRel, dstRel, loopDepth);
  } catch (const CoefficientOverflow &) {
    return failure("coefficients overflow 64 bits");
  } catch (const AnalysisBudgetExceeded &) {
    return failure("the analysis exceeded its budget");
  }
}

DependenceResult DependenceChecker::checkRelations(const MemRefAccess &src,
                                                   const MemRefAccess &dst,
                                                   const Relation &srcRel,
                                                   const Relation &dstRel,
                                                   unsigned loopDepth) {
  if (srcRel.getNumRange() != dstRel.getNumRange())
    return failure("accesses of different rank");
  std::vector<Operation *> loops = commonLoops(srcRel, dstRel);
  unsigned numCommon = (unsigned)loops.size();
  DependenceResult r;
  r.kind = DependenceResult::NoDependence;
  if (!options.allowReadAfterRead && loopDepth > numCommon &&
      !srcAppearsBeforeDst(src.op, dst.op))
    return r;
  // dst^-1 composed with src: [src iterations, dst iterations] that touch
  // the same element (seed 001, "Inverse and Composition").
  Relation poly = dstRel;
  inverse(poly);
  mergeAndCompose(poly, srcRel);
  ConstraintSystem &cst = poly.cst;
  unsigned numSrcDims = srcRel.numDomain;
  addOrderingConstraints(cst, numSrcDims, numCommon, loopDepth);
  bool empty = options.exact ? isIntegerEmpty(cst) : cst.isEmpty();
  if (empty)
    return r;
  r.kind = DependenceResult::HasDependence;
  if (options.computeComponents && numCommon > 0)
    r.components = computeComponents(cst, loops, numSrcDims, options.exact);
  return r;
}

} // namespace affjit
