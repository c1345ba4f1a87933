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
