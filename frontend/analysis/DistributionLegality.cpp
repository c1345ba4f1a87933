// Loop distribution legality (DistributionLegality.h).
#include "frontend/analysis/DistributionLegality.h"

#include "frontend/analysis/Dependence.h"
#include "frontend/analysis/MemRefAccess.h"
#include "frontend/analysis/MemRefAlias.h"
#include "frontend/ir/AffineAccess.h"
#include "frontend/ir/MemoryEffects.h"

#include <algorithm>
#include <numeric>
#include <unordered_map>

namespace affjit {

namespace {

/// A constant has no operands, no regions and no effects: each group can
/// have its own copy, so it ties no statements together.
bool isCopyableConstant(Operation *op) { return isa<ConstantOp>(op); }

/// The statements of `body` (its terminator left out), in order.
std::vector<Operation *> statementsOf(Block *body) {
  std::vector<Operation *> ops;
  for (auto &owned : body->getOperations())
    if (!owned->isTerminator() && !isCopyableConstant(owned.get()))
      ops.push_back(owned.get());
  return ops;
}

/// Union-find root of `i`.
size_t rootOf(std::vector<size_t> &parent, size_t i) {
  while (parent[i] != i)
    i = parent[i] = parent[parent[i]];
  return i;
}

/// Whether the memory effects of `op` are all loads and stores the
/// dependence checker sees.
bool hasOnlyAccessEffects(Operation *op) {
  if (getMemoryEffects(op).empty())
    return true;
  return AffineAccess::get(op).has_value() || op->isa("memref.load") ||
         op->isa("memref.store");
}

/// The first op under `root` whose effects the checker cannot see.
Operation *findOpaqueOp(Operation *root) {
  Operation *opaque = nullptr;
  root->walk([&](Operation *op) {
    if (!opaque && !hasOnlyAccessEffects(op))
      opaque = op;
  });
  return opaque;
}

/// The statement of `body` that holds `op`.
Operation *statementOf(Operation *op, Block *body) {
  return op->findAncestorOpInBlock(*body);
}

/// Whether `later` (an access of a later group) may reach `earlier` (an
/// earlier group's) before it, as written, within one iteration of the
/// loops around `loop`: carried by `loop`, or in one iteration of it when
/// `later`'s statement comes first.
bool mustPrecede(DependenceChecker &checker, const MemRefAccess &later,
                 const MemRefAccess &earlier, Block *body) {
  if (!later.isWrite && !earlier.isWrite)
    return false;
  if (!mayAccessSameMemory(later, earlier))
    return false;
  unsigned depth = getNumCommonSurroundingLoops(later.op, earlier.op);
  if (checker.check(later, earlier, depth).kind !=
      DependenceResult::NoDependence)
    return true;
  Operation *laterStatement = statementOf(later.op, body),
            *earlierStatement = statementOf(earlier.op, body);
  return laterStatement->isBeforeInBlock(earlierStatement) &&
         checker.check(later, earlier, depth + 1).kind !=
             DependenceResult::NoDependence;
}

std::vector<MemRefAccess> accessesOf(const StatementGroup &group) {
  std::vector<MemRefAccess> accesses;
  for (Operation *statement : group)
    for (MemRefAccess &a : getMemRefAccessesIn(statement))
      accesses.push_back(std::move(a));
  return accesses;
}

} // namespace

std::vector<StatementGroup> getStatementGroups(AffineForOp loop) {
  Block *body = loop.getBody();
  std::vector<Operation *> statements = statementsOf(body);
  std::unordered_map<Operation *, size_t> index;
  for (size_t i = 0; i < statements.size(); ++i)
    index[statements[i]] = i;
  std::vector<size_t> parent(statements.size());
  std::iota(parent.begin(), parent.end(), 0);
  for (size_t i = 0; i < statements.size(); ++i)
    statements[i]->walk([&](Operation *op) {
      for (Value *v : op->getOperands()) {
        Operation *def = v->getDefiningOp();
        if (!def || def->getBlock() != body)
          continue;
        auto it = index.find(def);
        if (it != index.end())
          parent[rootOf(parent, i)] = rootOf(parent, it->second);
      }
    });
  std::vector<StatementGroup> groups;
  std::unordered_map<size_t, size_t> groupOfRoot;
  for (size_t i = 0; i < statements.size(); ++i) {
    auto [it, added] =
        groupOfRoot.try_emplace(rootOf(parent, i), groups.size());
    if (added)
      groups.emplace_back();
    groups[it->second].push_back(statements[i]);
  }
  return groups;
}

StatementGroup
mergeStatementGroups(const std::vector<const StatementGroup *> &groups) {
  StatementGroup merged;
  for (const StatementGroup *group : groups)
    merged.insert(merged.end(), group->begin(), group->end());
  std::sort(merged.begin(), merged.end(),
            [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return merged;
}

std::optional<DistributionConflict>
findDistributionConflict(AffineForOp loop,
                         const std::vector<StatementGroup> &groups) {
  for (const StatementGroup &group : groups)
    for (Operation *statement : group)
      if (Operation *opaque = findOpaqueOp(statement))
        return DistributionConflict{DistributionConflict::Kind::OpaqueEffects,
                                    opaque, nullptr};
  std::vector<std::vector<MemRefAccess>> accesses;
  for (const StatementGroup &group : groups)
    accesses.push_back(accessesOf(group));
  DependenceChecker checker(DependenceOptions{.exact = true});
  Block *body = loop.getBody();
  for (size_t later = 1; later < groups.size(); ++later)
    for (const MemRefAccess &src : accesses[later])
      for (size_t earlier = 0; earlier < later; ++earlier)
        for (const MemRefAccess &dst : accesses[earlier])
          if (mustPrecede(checker, src, dst, body))
            return DistributionConflict{DistributionConflict::Kind::Dependence,
                                        src.op, dst.op};
  return std::nullopt;
}

} // namespace affjit
