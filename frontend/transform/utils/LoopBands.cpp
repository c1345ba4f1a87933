// Loop bands (see LoopBands.h).
#include "frontend/transform/utils/LoopBands.h"

#include "frontend/analysis/LoopParallelism.h"
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
    // An op's own effects: a region op without any (affine.for) is seen
    // through its body, one with its own (generic_atomic_rmw) is opaque.
    else if (AffineAccess::get(op) || !getMemoryEffects(op).empty())
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

/// True if every dependence inside `root` stays lexicographically positive
/// when the loops of `band` run in `order` (positions into `band`).
bool keepsDependences(AffineForOp root, const std::vector<AffineForOp> &band,
                      const std::vector<unsigned> &order) {
  for (const CarriedDependence &d :
       getCarriedDependences(root.getOperation())) {
    if (!d.known)
      return false;
    // The components in the new nesting order: loops outside the band
    // keep their places; the band's are permuted.
    std::vector<Direction> dirs;
    std::vector<Direction> bandDirs(band.size(), Direction::Eq);
    for (const DependenceComponent &c : d.components) {
      auto it = std::find_if(band.begin(), band.end(), [&](AffineForOp l) {
        return l.getOperation() == c.loop;
      });
      if (it == band.end())
        dirs.push_back(directionOf(c));
      else
        bandDirs[it - band.begin()] = directionOf(c);
    }
    for (unsigned p : order)
      dirs.push_back(bandDirs[p]);
    for (Direction dir : dirs) {
      if (dir == Direction::Eq)
        continue;
      if (dir != Direction::Lt)
        return false;
      break;
    }
  }
  return true;
}

/// Runs the loop at band position `order[p]` at position p: headers move,
/// the bodies stay, and each iv's uses follow its header.
void permuteBand(const std::vector<AffineForOp> &band,
                 const std::vector<unsigned> &order) {
  struct Header {
    AffineMap lb, ub;
    std::vector<Value *> lbOps, ubOps;
    int64_t step;
    std::vector<std::pair<Operation *, unsigned>> ivUses;
    std::string name;
  };
  std::vector<Header> headers;
  for (AffineForOp loop : band) {
    Header h{loop.getLowerBoundMap(),
             loop.getUpperBoundMap(),
             loop.getLowerBoundOperands(),
             loop.getUpperBoundOperands(),
             loop.getStep(),
             {},
             loop.getInductionVar()->getNameHint()};
    for (Use use : loop.getInductionVar()->getUses())
      h.ivUses.push_back({use.user, use.index});
    headers.push_back(std::move(h));
  }
  for (unsigned p = 0; p < band.size(); ++p) {
    AffineForOp loop = band[p];
    const Header &h = headers[order[p]];
    loop.setLowerBound(h.lb, h.lbOps);
    loop.setUpperBound(h.ub, h.ubOps);
    loop.setStep(h.step);
    for (auto [owner, index] : h.ivUses)
      owner->setOperand(index, loop.getInductionVar());
    loop.getInductionVar()->setNameHint(h.name);
  }
}

} // namespace affjit
