// Pass `normalize` (see NormalizeLoops.h).
#include "frontend/transform/NormalizeLoops.h"

#include "frontend/transform/utils/LoopDescription.h"
#include "frontend/transform/utils/LoopUtils.h"

#include <algorithm>
#include <tuple>
#include <vector>

namespace affjit {

namespace {

/// The remarks of one run, emitted in source order at the end: the walk
/// visits inner loops first, a report reads top to bottom.
struct LoopRemarks {
  std::vector<std::pair<Location, std::string>> remarks;

  void add(const Location &loc, std::string message) {
    remarks.push_back({loc, std::move(message)});
  }
  void add(AffineForOp forOp, std::string message) {
    add(forOp.getLoc(), std::move(message));
  }
  void emit(const PassContext &context) {
    // Ties (ops at one location) keep the order they were found in.
    std::vector<size_t> order(remarks.size());
    for (size_t i = 0; i < order.size(); ++i)
      order[i] = i;
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
      const Location &x = remarks[a].first, &y = remarks[b].first;
      return std::tie(x.line, x.col, a) < std::tie(y.line, y.col, b);
    });
    for (size_t i : order)
      context.remark(remarks[i].first, std::move(remarks[i].second));
  }
};

bool isNormalized(AffineForOp forOp) {
  auto lb = forOp.getConstantLowerBound();
  return lb && *lb == 0 && forOp.getStep() == 1;
}

/// Normalizes (or promotes) one loop, describing what it did in `remarks`
/// when they are wanted.
void normalizeLoop(AffineForOp forOp, const NormalizeLoopsOptions &options,
                   LoopRemarks *remarks) {
  std::string before = remarks ? describeLoopBounds(forOp) : "";
  if (options.promoteSingleIteration) {
    // Promotion erases the loop: remember where it was first.
    Location loc = forOp.getLoc();
    if (promoteIfSingleIteration(forOp)) {
      if (remarks)
        remarks->add(loc, "promoted: " + before +
                              " runs once, replaced by its body");
      return;
    }
  }
  if (isNormalized(forOp)) {
    if (remarks)
      remarks->add(forOp, "already normalized: " + before);
    return;
  }
  if (!normalizeAffineFor(forOp)) {
    if (remarks)
      remarks->add(
          forOp, "not normalized: " + before +
                     " has a lower bound that is a max of " +
                     std::to_string(forOp.getLowerBoundMap().getNumResults()) +
                     " values");
    return;
  }
  if (remarks)
    remarks->add(forOp,
                 "normalized: " + before + " -> " + describeLoopBounds(forOp));
}

} // namespace

bool normalizeLoops(Module &module, PassContext &context,
                    const NormalizeLoopsOptions &options) {
  LoopRemarks remarks;
  LoopRemarks *wanted = context.remarksEnabled() ? &remarks : nullptr;
  // Post-order: inner loops first, and promotion may erase the loop being
  // visited.
  walkOps<AffineForOp>(module.getOperation(), [&](AffineForOp forOp) {
    normalizeLoop(forOp, options, wanted);
  });
  remarks.emit(context);
  return true;
}

} // namespace affjit
