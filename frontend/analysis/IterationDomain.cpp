// Building iteration domains from loop bounds and if conditions, after
// MLIR's getOpIndexSet / addAffineForOpDomain / addAffineIfOpDomain.
#include "frontend/analysis/IterationDomain.h"

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
    for (int64_t &v : row)
      v = lower ? checkedNeg(v) : v;
    row[ivPos] = checkedAdd(row[ivPos], lower ? 1 : -1);
    if (!lower)
      row.back() = checkedSub(row.back(), 1);
    cst.addInequality(row);
  }
  return true;
}

/// `(iv - lb) mod step == 0` through a local q: iv - lb - step*q == 0.
bool addStride(ConstraintSystem &cst, unsigned ivPos, const AffineValueMap &lb,
               int64_t step) {
  std::vector<FlatRow> rows;
  if (!flattenValueMap(cst, composeAffineValueMap(lb), rows))
    return false;
  FlatRow dividend(cst.getNumCols(), 0);
  for (unsigned i = 0; i < dividend.size(); ++i)
    dividend[i] = checkedNeg(rows[0][i]);
  dividend[ivPos] = checkedAdd(dividend[ivPos], 1);
  cst.addLocalFloorDiv(dividend, step);
  FlatRow eq = dividend;
  eq.insert(eq.end() - 1, checkedNeg(step));
  cst.addEquality(eq);
  return true;
}

AffineValueMap boundMap(Operation *forOp, bool lower) {
  Attribute seg = forOp->getAttr("operandSegmentSizes");
  unsigned numLb = (unsigned)seg.getInts()[0];
  unsigned numUb = (unsigned)seg.getInts()[1];
  AffineValueMap avm;
  avm.map =
      forOp->getAttr(lower ? "lowerBoundMap" : "upperBoundMap").getAffineMap();
  avm.operands =
      lower ? forOp->getOperands(0, numLb) : forOp->getOperands(numLb, numUb);
  return avm;
}

bool addForDomain(ConstraintSystem &cst, Operation *forOp,
                  const DomainOptions &options) {
  unsigned pos = cst.appendVar(VarKind::Dim);
  cst.setValue(pos, forOp->getRegion(0).front().getArgument(0));
  AffineValueMap lb = boundMap(forOp, true), ub = boundMap(forOp, false);
  int64_t step = forOp->getAttr("step").getInt();
  bool constantLb = lb.map.isSingleConstant();
  if (step != 1 && lb.map.getNumResults() == 1 &&
      (constantLb || options.exactSteps) && !addStride(cst, pos, lb, step))
    return false;
  return addBoundRows(cst, pos, lb, true) && addBoundRows(cst, pos, ub, false);
}

/// The [begin, end) result range of group `i` of an affine.parallel bound.
std::pair<unsigned, unsigned> groupRange(Attribute groups, unsigned i) {
  unsigned begin = 0;
  for (unsigned g = 0; g < i; ++g)
    begin += (unsigned)groups.getInts()[g];
  return {begin, begin + (unsigned)groups.getInts()[i]};
}

bool addParallelBound(ConstraintSystem &cst, Operation *op, unsigned iv,
                      unsigned pos, bool lower) {
  AffineMap map =
      op->getAttr(lower ? "lowerBoundsMap" : "upperBoundsMap").getAffineMap();
  auto [b, e] = groupRange(
      op->getAttr(lower ? "lowerBoundsGroups" : "upperBoundsGroups"), iv);
  std::vector<AffineExpr> results(map.getResults().begin() + b,
                                  map.getResults().begin() + e);
  unsigned numLbOperands =
      op->getAttr("lowerBoundsMap").getAffineMap().getNumInputs();
  AffineValueMap avm;
  avm.map = AffineMap::get(map.getNumDims(), map.getNumSymbols(), results);
  avm.operands = lower ? op->getOperands(0, numLbOperands)
                       : op->getOperands(numLbOperands, map.getNumInputs());
  return addBoundRows(cst, pos, avm, lower);
}

bool addParallelDomain(ConstraintSystem &cst, Operation *op) {
  Block &body = op->getRegion(0).front();
  for (unsigned i = 0; i < body.getNumArguments(); ++i) {
    unsigned pos = cst.appendVar(VarKind::Dim);
    cst.setValue(pos, body.getArgument(i));
    if (!addParallelBound(cst, op, i, pos, true) ||
        !addParallelBound(cst, op, i, pos, false))
      return false;
  }
  return true;
}

bool addIfDomain(ConstraintSystem &cst, Operation *ifOp, bool inThenRegion) {
  // Only the then-region is described by the condition; an else-region is
  // the complement, which is not convex: leave it unconstrained.
  if (!inThenRegion)
    return true;
  IntegerSet set = ifOp->getAttr("condition").getIntegerSet();
  AffineValueMap avm;
  avm.map = AffineMap::get(set.getNumDims(), set.getNumSymbols(),
                           set.getConstraints());
  avm.operands = ifOp->getOperands();
  std::vector<FlatRow> rows;
  if (!flattenValueMap(cst, composeAffineValueMap(avm), rows))
    return false;
  for (unsigned i = 0; i < rows.size(); ++i)
    set.isEq(i) ? cst.addEquality(rows[i]) : cst.addInequality(rows[i]);
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

std::optional<ConstraintSystem>
getIterationDomain(Operation *op, const DomainOptions &options) {
  ConstraintSystem cst;
  try {
    for (Operation *p : getEnclosingAffineOps(op)) {
      bool ok = p->isa("affine.for") ? addForDomain(cst, p, options)
                : p->isa("affine.parallel")
                    ? addParallelDomain(cst, p)
                    : addIfDomain(cst, p, inThenRegion(p, op));
      if (!ok)
        return std::nullopt;
    }
  } catch (const CoefficientOverflow &) {
    return std::nullopt;
  }
  return cst;
}

} // namespace affjit
