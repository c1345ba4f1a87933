// Building iteration domains from loop bounds and if conditions, after
// MLIR's getOpIndexSet / addAffineForOpDomain / addAffineIfOpDomain /
// addAffineParallelOpDomain.
#include "frontend/analysis/IterationDomain.h"
#include "frontend/ir/AffineOps.h"

#include "frontend/analysis/AffineFlattening.h"
#include "frontend/analysis/DivisionRepr.h"
#include "frontend/analysis/Relation.h"
#include "frontend/analysis/ValueConstraints.h"

#include <algorithm>

namespace affjit {

std::vector<Operation *> getEnclosingAffineOps(Operation *op) {
  std::vector<Operation *> ops;
  for (Operation *p = op->getParentOp(); p && !p->isa("func.func");
       p = p->getParentOp()) {
    if (p->isa("affine.for") || p->isa("affine.parallel") ||
        p->isa("affine.if"))
      ops.push_back(p);
  }
  std::reverse(ops.begin(), ops.end());
  return ops;
}

namespace {

/// Adds `iv >= result` (lower) or `result - 1 >= iv` (upper) for every
/// result of `avm`.
bool addBoundRows(ConstraintSystem &cst, unsigned ivPos,
                  const AffineValueMap &avm, bool lower) {
  std::vector<FlatRow> rows;
  if (!flattenValueMap(cst, composeAffineValueMap(avm), rows))
    return false;
  for (FlatRow &row : rows) {
    if (row[ivPos] != 0)
      continue; // a bound on itself: MLIR drops it too
    for (int64_t &v : row)
      v = lower ? checkedNeg(v) : v;
    row[ivPos] = lower ? 1 : -1;
    if (!lower)
      row.back() = checkedSub(row.back(), 1);
    cst.addInequality(row);
  }
  return true;
}

/// `iv - lb == step * q` with q = (iv - lb) floordiv step a new local.
void addStrideRows(ConstraintSystem &cst, unsigned ivPos, FlatRow dividend,
                   int64_t step) {
  dividend[ivPos] = checkedAdd(dividend[ivPos], 1);
  cst.addLocalFloorDiv(dividend, step);
  dividend.insert(dividend.end() - 1, checkedNeg(step));
  cst.addEquality(dividend);
}

/// The stride of a loop with a non-constant (single) lower bound.
bool addSymbolicStride(ConstraintSystem &cst, unsigned ivPos,
                       const AffineValueMap &lb, int64_t step) {
  std::vector<FlatRow> rows;
  if (!flattenValueMap(cst, composeAffineValueMap(lb), rows))
    return false;
  for (int64_t &v : rows[0])
    v = checkedNeg(v);
  addStrideRows(cst, ivPos, rows[0], step);
  return true;
}

AffineValueMap boundMap(Operation *op, bool lower) {
  AffineForOp forOp(op);
  if (lower)
    return {forOp.getLowerBoundMap(), forOp.getLowerBoundOperands()};
  return {forOp.getUpperBoundMap(), forOp.getUpperBoundOperands()};
}

bool addForDomain(ConstraintSystem &cst, Operation *forOp,
                  const DomainOptions &options) {
  unsigned pos = *cst.findVar(forOp->getRegion(0).front().getArgument(0));
  AffineValueMap lb = boundMap(forOp, true), ub = boundMap(forOp, false);
  int64_t step = AffineForOp(forOp).getStep();
  bool constantLb = lb.map.isSingleConstant();
  if (step != 1 && constantLb) {
    FlatRow dividend(cst.getNumCols(), 0);
    dividend.back() = checkedNeg(lb.map.getSingleConstantResult());
    addStrideRows(cst, pos, dividend, step);
  }
  if (constantLb)
    cst.addBound(BoundType::LB, pos, lb.map.getSingleConstantResult());
  else if (!addBoundRows(cst, pos, lb, true))
    return false;
  if (ub.map.isSingleConstant())
    cst.addBound(BoundType::UB, pos,
                 checkedSub(ub.map.getSingleConstantResult(), 1));
  else if (!addBoundRows(cst, pos, ub, false))
    return false;
  if (step != 1 && !constantLb && options.exactSteps &&
      lb.map.getNumResults() == 1)
    return addSymbolicStride(cst, pos, lb, step);
  return true;
}

/// The [begin, end) result range of group `i` of an affine.parallel bound
/// whose group sizes are `groupsAttr`.
std::pair<unsigned, unsigned> groupRange(AffineParallelOp op,
                                         Attribute groupsAttr, unsigned i) {
  unsigned numIvs = op.getBody()->getNumArguments();
  std::vector<int64_t> groups = groupsAttr.getIntsExpanded(numIvs);
  unsigned begin = 0;
  for (unsigned g = 0; g < i; ++g)
    begin += (unsigned)groups[g];
  return {begin, begin + (unsigned)groups[i]};
}

bool addParallelBound(ConstraintSystem &cst, Operation *op, unsigned iv,
                      unsigned pos, bool lower) {
  AffineParallelOp parallel(op);
  AffineMap map =
      lower ? parallel.getLowerBoundsMap() : parallel.getUpperBoundsMap();
  auto [b, e] = groupRange(parallel,
                           lower ? parallel.getLowerBoundsGroupsAttr()
                                 : parallel.getUpperBoundsGroupsAttr(),
                           iv);
  std::vector<AffineExpr> results(map.getResults().begin() + b,
                                  map.getResults().begin() + e);
  unsigned numLbOperands = parallel.getLowerBoundsMap().getNumInputs();
  AffineValueMap avm;
  avm.map = AffineMap::get(map.getNumDims(), map.getNumSymbols(), results);
  avm.operands = lower ? op->getOperands(0, numLbOperands)
                       : op->getOperands(numLbOperands, map.getNumInputs());
  if (results.size() == 1 && results[0].getKind() == AffineExprKind::Constant) {
    int64_t c = results[0].getValue();
    cst.addBound(lower ? BoundType::LB : BoundType::UB, pos,
                 lower ? c : checkedSub(c, 1));
    return true;
  }
  return addBoundRows(cst, pos, avm, lower);
}

bool addParallelDomain(ConstraintSystem &cst, Operation *op) {
  Block &body = op->getRegion(0).front();
  for (unsigned i = 0; i < body.getNumArguments(); ++i) {
    unsigned pos = *cst.findVar(body.getArgument(i));
    if (!addParallelBound(cst, op, i, pos, true) ||
        !addParallelBound(cst, op, i, pos, false))
      return false;
  }
  return true;
}

/// The condition of an affine.if as a system of its own: its constraints,
/// then its locals' definitions (MLIR's FlatAffineValueConstraints(set)).
std::optional<ConstraintSystem> conditionSystem(Operation *ifOp) {
  IntegerSet set = AffineIfOp(ifOp).getCondition();
  AffineValueMap avm;
  avm.map = AffineMap::get(set.getNumDims(), set.getNumSymbols(),
                           set.getConstraints());
  avm.operands = ifOp->getOperands();
  avm = canonicalizeAffineValueMap(avm);
  FlatExprs flat;
  if (!flattenAffineExprs(avm.map.getResults(), avm.map.getNumDims(),
                          avm.map.getNumSymbols(), flat))
    return std::nullopt;
  ConstraintSystem cond(avm.map.getNumDims(), avm.map.getNumSymbols(),
                        flat.localCst.getNumLocals());
  for (unsigned i = 0; i < avm.operands.size(); ++i)
    cond.setValue(i, avm.operands[i]);
  for (unsigned i = 0; i < flat.rows.size(); ++i)
    set.isEq(i) ? cond.addEquality(flat.rows[i])
                : cond.addInequality(flat.rows[i]);
  cond.append(flat.localCst);
  return cond;
}

/// Aligns the dims of `b` to those of `a` (MLIR's mergeAndAlignVars), then
/// symbols and locals.
void mergeAndAlignVars(ConstraintSystem &a, ConstraintSystem &b) {
  unsigned numADims = a.getNumDims();
  for (unsigned d = 0; d < numADims; ++d) {
    std::optional<unsigned> loc = b.findVar(a.getValue(d));
    if (loc && *loc < b.getNumDims()) {
      b.swapVar(d, *loc);
    } else {
      b.insertVar(VarKind::Dim, d);
      b.setValue(d, a.getValue(d));
    }
  }
  for (unsigned t = a.getNumDims(); t < b.getNumDims(); ++t) {
    unsigned pos = a.appendVar(VarKind::Dim);
    a.setValue(pos, b.getValue(t));
  }
  mergeAndAlignSymbols(a, b);
  mergeLocalVars(a, b);
}

bool addIfDomain(ConstraintSystem &cst, Operation *ifOp, bool inThenRegion,
                 const DomainOptions &options) {
  if (!inThenRegion && options.exactSteps)
    return true; // the complement of a condition is not convex
  std::optional<ConstraintSystem> cond = conditionSystem(ifOp);
  if (!cond)
    return false;
  mergeAndAlignVars(cst, *cond);
  cst.append(*cond);
  return true;
}

/// True if `op` lies in the then-region of `ifOp`.
bool inThenRegion(Operation *ifOp, Operation *op) {
  for (Operation *p = op; p; p = p->getParentOp())
    if (p->getParentOp() == ifOp)
      return p->getBlock()->getParent() == &ifOp->getRegion(0);
  return false;
}

} // namespace

std::vector<Value *> getEnclosingInductionVars(Operation *op) {
  std::vector<Value *> ivs;
  for (Operation *p : getEnclosingAffineOps(op)) {
    if (p->isa("affine.if"))
      continue;
    Block &body = p->getRegion(0).front();
    unsigned n = p->isa("affine.for") ? 1 : body.getNumArguments();
    for (unsigned i = 0; i < n; ++i)
      ivs.push_back(body.getArgument(i));
  }
  return ivs;
}

std::optional<ConstraintSystem>
getIterationDomain(Operation *op, const DomainOptions &options) {
  std::vector<Value *> ivs = getEnclosingInductionVars(op);
  ConstraintSystem cst((unsigned)ivs.size(), 0, 0);
  for (unsigned i = 0; i < ivs.size(); ++i)
    cst.setValue(i, ivs[i]);
  std::vector<Operation *> ops = getEnclosingAffineOps(op);
  try {
    for (Operation *p : ops) {
      bool ok = p->isa("affine.for") ? addForDomain(cst, p, options)
                : p->isa("affine.parallel")
                    ? addParallelDomain(cst, p)
                    : addIfDomain(cst, p, inThenRegion(p, op), options);
      if (!ok)
        return std::nullopt;
    }
  } catch (const CoefficientOverflow &) {
    return std::nullopt;
  }
  return cst;
}

} // namespace affjit
