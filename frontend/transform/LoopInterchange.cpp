// Pass `interchange` (see LoopInterchange.h).
#include "frontend/transform/LoopInterchange.h"

#include "frontend/analysis/AffineValueMap.h"
#include "frontend/analysis/LoopParallelism.h"
#include "frontend/ir/AffineAccess.h"
#include "frontend/ir/MemoryEffects.h"
#include "frontend/transform/utils/LoopBands.h"
#include "frontend/transform/utils/LoopUtils.h"

#include <algorithm>

namespace affjit {

namespace {

bool sameElement(Operation *a, Operation *b) {
  return AffineAccess::get(a)->isSameElementAs(*AffineAccess::get(b));
}

/// A loop of the band along which every store stays on one element that
/// is also loaded (an accumulation), whose moving loads are all reused
/// across another enclosing loop.
bool isSinkableReduction(AffineForOp loop, const BandAccesses &a,
                         const std::vector<AffineForOp> &enclosing) {
  Value *iv = loop.getInductionVar();
  if (a.stores.empty())
    return false;
  for (Operation *store : a.stores) {
    if (accessUses(store, iv))
      return false;
    bool accumulates =
        std::any_of(a.loads.begin(), a.loads.end(),
                    [&](Operation *load) { return sameElement(load, store); });
    if (!accumulates)
      return false;
  }
  bool moves = false;
  for (Operation *load : a.loads) {
    if (!accessUses(load, iv))
      continue;
    moves = true;
    bool reused =
        std::any_of(enclosing.begin(), enclosing.end(), [&](AffineForOp other) {
          return other.getOperation() != loop.getOperation() &&
                 !accessUses(load, other.getInductionVar());
        });
    if (!reused)
      return false;
  }
  return moves;
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

std::string describeOrder(const std::vector<AffineForOp> &band,
                          const std::vector<unsigned> &order) {
  std::string out = "(";
  for (unsigned p = 0; p < order.size(); ++p)
    out += (p ? ", " : "") + ivName(band[order[p]]);
  return out + ")";
}

void interchangeBand(const std::vector<AffineForOp> &band,
                     PassContext &context) {
  if (band.size() < 2 || !isRectangular(band))
    return;
  BandAccesses accesses = getBandAccesses(band.back());
  if (accesses.opaque)
    return;
  std::vector<AffineForOp> enclosing = getEnclosingLoops(band.back());
  // The innermost reduction loop above the innermost loop.
  std::optional<unsigned> sink;
  for (unsigned p = 0; p + 1 < band.size(); ++p)
    if (isSinkableReduction(band[p], accesses, enclosing))
      sink = p;
  if (!sink || isSinkableReduction(band.back(), accesses, enclosing))
    return;
  std::vector<unsigned> order;
  for (unsigned p = 0; p < band.size(); ++p)
    if (p != *sink)
      order.push_back(p);
  order.push_back(*sink);
  std::vector<unsigned> identity(band.size());
  for (unsigned p = 0; p < band.size(); ++p)
    identity[p] = p;
  if (!keepsDependences(band.front(), band, order)) {
    if (context.remarksEnabled())
      context.remark(band[*sink].getLoc(),
                     "not interchanged: running " + ivName(band[*sink]) +
                         " innermost would reverse a dependence");
    return;
  }
  if (context.remarksEnabled())
    context.remark(band.front().getLoc(),
                   "interchanged: " + describeOrder(band, identity) + " -> " +
                       describeOrder(band, order) + " (the stores stay on " +
                       "one element along " + ivName(band[*sink]) + ")");
  permuteBand(band, order);
}

} // namespace

bool interchangeLoops(Module &module, PassContext &context) {
  walkOps<FuncOp>(module.getOperation(), [&](FuncOp func) {
    if (func.isDeclaration())
      return;
    for (const std::vector<AffineForOp> &band :
         getLoopBands(func.getOperation()))
      interchangeBand(band, context);
  });
  return true;
}

} // namespace affjit
