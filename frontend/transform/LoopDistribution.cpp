// Pass `distribute` (see LoopDistribution.h).
#include "frontend/transform/LoopDistribution.h"

#include "frontend/analysis/DistributionLegality.h"
#include "frontend/analysis/VectorizationPlan.h"
#include "frontend/ir/AffineAccess.h"
#include "frontend/ir/Builder.h"
#include "frontend/transform/utils/LoopBands.h"
#include "frontend/transform/utils/LoopDescription.h"
#include "frontend/transform/utils/LoopUtils.h"

#include <optional>
#include <string>
#include <vector>

namespace affjit {

namespace {

/// The statements a distribution of one loop keeps and moves out, each in
/// program order.
struct Split {
  std::vector<Operation *> kept, moved;
  /// An access of `moved` that keeps the loop from being vectorized.
  Operation *strided = nullptr;
  /// A loop nest of `kept`.
  Operation *nest = nullptr;
};

bool isStraightLine(const StatementGroup &group) {
  return std::all_of(group.begin(), group.end(),
                     [](Operation *op) { return op->getNumRegions() == 0; });
}

Operation *firstLoop(const StatementGroup &group) {
  for (Operation *op : group)
    if (isa<AffineForOp>(op))
      return op;
  return nullptr;
}

/// The first access under `group` that is neither contiguous nor invariant
/// along the loop of `iv` (one the vectorizer cannot widen).
Operation *firstStridedAccess(const StatementGroup &group, Value *iv) {
  Operation *strided = nullptr;
  for (Operation *statement : group)
    statement->walk([&](Operation *op) {
      if (strided)
        return;
      if (AffineAccess::get(op)) {
        if (getAccessPattern(op, iv) == AccessPattern::Other)
          strided = op;
      } else if (op->isa("memref.load") || op->isa("memref.store")) {
        strided = op;
      }
    });
  return strided;
}

/// Which statements of `loop` to move out (nullopt: none; `why` says why
/// when a candidate was refused, and is empty for loops that are not
/// candidates at all).
std::optional<Split> planSplit(AffineForOp loop, std::string &why) {
  if (loop.getNumIterArgs() != 0)
    return std::nullopt;
  std::vector<StatementGroup> groups = getStatementGroups(loop);
  Value *iv = loop.getInductionVar();
  Split split;
  std::vector<const StatementGroup *> movedGroups, keptGroups;
  for (const StatementGroup &group : groups) {
    Operation *strided = firstStridedAccess(group, iv);
    if (strided && isStraightLine(group)) {
      movedGroups.push_back(&group);
      if (!split.strided)
        split.strided = strided;
      continue;
    }
    keptGroups.push_back(&group);
    if (!split.nest)
      split.nest = firstLoop(group);
  }
  if (movedGroups.empty() || !split.nest)
    return std::nullopt;
  for (const StatementGroup *group : keptGroups)
    if (Operation *strided = firstStridedAccess(*group, iv)) {
      why = "the access at " + describeLocation(strided) +
            " that stays is not contiguous along " + ivName(loop) + " either";
      return std::nullopt;
    }
  split.kept = mergeStatementGroups(keptGroups);
  split.moved = mergeStatementGroups(movedGroups);
  if (std::optional<DistributionConflict> conflict =
          findDistributionConflict(loop, {split.kept, split.moved})) {
    why = describeConflict(*conflict);
    return std::nullopt;
  }
  return split;
}

void distributeLoop(AffineForOp loop, PassContext &context) {
  std::string why;
  std::optional<Split> split = planSplit(loop, why);
  if (!split) {
    if (!why.empty())
      context.remark(loop.getLoc(), "not distributed: " + why);
    return;
  }
  if (context.remarksEnabled())
    context.remark(loop.getLoc(),
                   "distributed: the statements from " +
                       describeLocation(split->moved.front()) +
                       " run in a loop " + ivName(loop) +
                       " of their own after it (the access at " +
                       describeLocation(split->strided) +
                       " is not contiguous along " + ivName(loop) +
                       "), so the loop can be vectorized around the nest at " +
                       describeLocation(split->nest));
  moveIntoCopyAfter(loop, split->moved);
}

} // namespace

bool distributeLoops(Module &module, PassContext &context) {
  std::vector<AffineForOp> loops;
  walkOps<AffineForOp>(module.getOperation(),
                       [&](AffineForOp loop) { loops.push_back(loop); });
  for (AffineForOp loop : loops)
    distributeLoop(loop, context);
  return true;
}

} // namespace affjit
