// Loop bands (see LoopBands.h).
#include "frontend/transform/utils/LoopBands.h"

#include "frontend/analysis/ValueOrigins.h"
#include "frontend/ir/AffineAccess.h"
#include "frontend/ir/MemoryEffects.h"
#include "frontend/transform/utils/LoopDescription.h"
#include "frontend/transform/utils/LoopUtils.h"

namespace affjit {

std::vector<std::vector<AffineForOp>> getLoopBands(Operation *func) {
  std::vector<std::vector<AffineForOp>> bands;
  func->walk<WalkOrder::PreOrder>([&](Operation *op) {
    auto loop = dyn_cast<AffineForOp>(op);
    if (!loop)
      return WalkResult::advance();
    auto parent = dyn_cast<AffineForOp>(op->getParentOp());
    bool inner = parent && parent.getNumIterArgs() == 0 &&
                 parent.getBody()->getOperations().size() == 2;
    if (!inner && loop.getNumIterArgs() == 0)
      bands.push_back(getPerfectlyNestedLoops(loop));
    return WalkResult::advance();
  });
  return bands;
}

bool isRectangular(const std::vector<AffineForOp> &band) {
  for (AffineForOp loop : band) {
    std::vector<Value *> operands = loop.getLowerBoundOperands();
    for (Value *v : loop.getUpperBoundOperands())
      operands.push_back(v);
    for (Value *v : operands)
      if (isDefinedInside(v, band.front().getOperation()))
        return false;
  }
  return true;
}

std::vector<AffineForOp> getEnclosingLoops(AffineForOp innermost) {
  std::vector<AffineForOp> loops;
  for (Operation *p = innermost.getOperation(); p; p = p->getParentOp())
    if (auto loop = dyn_cast<AffineForOp>(p))
      loops.insert(loops.begin(), loop);
  return loops;
}

BandAccesses getBandAccesses(AffineForOp innermost) {
  BandAccesses a;
  innermost.getOperation()->walk([&](Operation *op) {
    if (isa<AffineLoadOp>(op))
      a.loads.push_back(op);
    else if (isa<AffineStoreOp>(op))
      a.stores.push_back(op);
    else if (AffineAccess::get(op) ||
             (op->getNumRegions() == 0 && !hasNoMemoryEffect(op)))
      a.opaque = true;
  });
  return a;
}

bool accessUses(Operation *access, Value *iv) {
  for (Value *v : AffineAccess::get(access)->getMapOperands())
    if (isComputedFrom(v, iv))
      return true;
  return false;
}

Direction directionOf(const DependenceComponent &c) {
  if (c.lb && c.ub && *c.lb == 0 && *c.ub == 0)
    return Direction::Eq;
  if (c.lb && *c.lb > 0)
    return Direction::Lt;
  if (c.ub && *c.ub < 0)
    return Direction::Gt;
  return Direction::Star;
}

std::string ivName(AffineForOp loop) {
  return valueName(loop.getInductionVar());
}

} // namespace affjit
