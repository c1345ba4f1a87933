// Pass `reassociate` (see ReassociateCarried.h).
#include "frontend/transform/ReassociateCarried.h"

#include "frontend/analysis/Dependence.h"
#include "frontend/analysis/MemRefAccess.h"
#include "frontend/analysis/MemRefAlias.h"
#include "frontend/ir/ArithOpTable.h"
#include "frontend/ir/Builder.h"
#include "frontend/ir/FuncOps.h"
#include "frontend/ir/MemoryEffects.h"
#include "frontend/transform/utils/LoopDescription.h"

#include <set>
#include <string>
#include <vector>

namespace affjit {

namespace {

bool isInnermost(AffineForOp loop) {
  bool inner = true;
  loop.getOperation()->walk([&](Operation *op) {
    inner &= op == loop.getOperation() || !isa<AffineForOp>(op);
  });
  return inner;
}

/// The loads directly in `loop`'s body that read a value a store of the
/// body wrote in an earlier iteration of `loop`.
std::set<Operation *> carriedLoads(AffineForOp loop) {
  std::vector<MemRefAccess> loads, stores;
  for (auto &owned : loop.getBody()->getOperations())
    for (MemRefAccess &a : getMemRefAccesses(owned.get()))
      (a.isWrite ? stores : loads).push_back(std::move(a));
  std::set<Operation *> carried;
  DependenceOptions options;
  options.computeComponents = false;
  DependenceChecker checker(options);
  for (const MemRefAccess &load : loads)
    for (const MemRefAccess &store : stores)
      // Both sit directly in `loop`, so their innermost common loop (the
      // depth the check asks about) is `loop`, whatever affine.for or
      // affine.parallel dimensions surround it.
      if (mayAccessSameMemory(load, store) &&
          checker.check(store, load,
                        getNumCommonSurroundingLoops(store.op, load.op))
                  .kind != DependenceResult::NoDependence) {
        carried.insert(load.op);
        break;
      }
  return carried;
}

/// The values of `loop`'s body that depend on an earlier iteration.
std::set<Value *> carriedValues(AffineForOp loop) {
  std::set<Value *> carried;
  for (Value *arg : loop.getRegionIterArgs())
    carried.insert(arg);
  std::set<Operation *> loads = carriedLoads(loop);
  for (auto &owned : loop.getBody()->getOperations()) {
    Operation *op = owned.get();
    bool late = loads.count(op) != 0;
    for (Value *v : op->getOperands())
      late |= carried.count(v) != 0;
    if (late)
      for (Value *r : op->getResults())
        carried.insert(r);
  }
  return carried;
}

class ChainReorderer {
public:
  ChainReorderer(bool fastMath, const std::set<Value *> &carried)
      : fastMath(fastMath), carried(carried) {}

  /// Whether `op` may be regrouped with the `name` op that uses it.
  bool joins(Operation *op, const std::string &name) const {
    if (!op || op->getName() != name || op->getNumResults() != 1 ||
        !op->getResult(0)->getType().isFloat())
      return false;
    if (fastMath)
      return true;
    return ArithFastMathOp(op).hasFastMathFlag("reassoc");
  }

  /// The terms of the chain rooted at `root`, in program order, and its
  /// ops (`root` last).
  void collect(Operation *root, std::vector<Value *> &terms,
               std::vector<Operation *> &ops) const {
    for (Value *v : root->getOperands()) {
      Operation *def = v->getDefiningOp();
      if (joins(def, root->getName()) && v->hasOneUse() &&
          def->getBlock() == root->getBlock())
        collect(def, terms, ops);
      else
        terms.push_back(v);
    }
    ops.push_back(root);
  }

  /// Rebuilds the chain at `root` with its carried terms last; false if
  /// there is nothing to move.
  bool reorder(Operation *root) {
    std::vector<Value *> terms;
    std::vector<Operation *> ops;
    collect(root, terms, ops);
    std::vector<Value *> early, late;
    for (Value *t : terms)
      (carried.count(t) ? late : early).push_back(t);
    // Already last (or nothing else to add first): leave it.
    if (late.empty() || early.empty() ||
        std::equal(late.begin(), late.end(), terms.end() - late.size()))
      return false;
    std::vector<Value *> order = early;
    order.insert(order.end(), late.begin(), late.end());
    OpBuilder b = OpBuilder::before(root);
    Value *sum = order[0];
    for (size_t i = 1; i < order.size(); ++i) {
      OperationState state(root->getName(), root->getLoc());
      state.operands = {sum, order[i]};
      state.types = {root->getResult(0)->getType()};
      if (Attribute flags = ArithFastMathOp(root).getFastMathAttr())
        state.addAttr(attrname::arith::FastMath, flags);
      // LLVM's reassociation would sort the terms back by its own ranks.
      state.addAttr(kOrderedAttrName, Attribute::unit());
      sum = b.create(state)->getResult(0);
    }
    root->getResult(0)->replaceAllUsesWith(sum);
    for (auto it = ops.rbegin(); it != ops.rend(); ++it)
      (*it)->erase();
    return true;
  }

private:
  bool fastMath;
  const std::set<Value *> &carried;
};

/// The roots of the reassociable chains directly in `loop`'s body.
std::vector<Operation *> chainRoots(AffineForOp loop,
                                    const ChainReorderer &chains) {
  std::vector<Operation *> roots;
  for (auto &owned : loop.getBody()->getOperations()) {
    Operation *op = owned.get();
    const std::string &name = op->getName();
    if ((name != "arith.addf" && name != "arith.mulf") ||
        !chains.joins(op, name))
      continue;
    bool inner = op->getResult(0)->hasOneUse();
    if (inner) {
      Operation *user = op->getResult(0)->getUsers()[0];
      inner = chains.joins(user, name) && user->getBlock() == op->getBlock();
    }
    if (!inner)
      roots.push_back(op);
  }
  return roots;
}

} // namespace

bool reassociateCarriedTerms(Module &module, PassContext &context) {
  std::vector<AffineForOp> loops;
  walkOps<AffineForOp>(module.getOperation(), [&](AffineForOp loop) {
    if (isInnermost(loop))
      loops.push_back(loop);
  });
  for (AffineForOp loop : loops) {
    std::set<Value *> carried = carriedValues(loop);
    if (carried.empty())
      continue;
    ChainReorderer chains(context.isFastMath(), carried);
    for (Operation *root : chainRoots(loop, chains)) {
      Location loc = root->getLoc();
      std::string name = root->getName();
      if (chains.reorder(root) && context.remarksEnabled())
        context.remark(loc, "reordered: the '" + name + "' chain in " +
                                describeLoopBounds(loop) +
                                " adds its loop-carried terms last");
    }
  }
  return true;
}

} // namespace affjit
