// Promotion of loop-invariant memory elements (see ElementPromotion.h).
#include "frontend/transform/utils/ElementPromotion.h"

#include "frontend/ir/AffineAccess.h"
#include "frontend/ir/Builder.h"
#include "frontend/ir/MemoryEffects.h"
#include "frontend/transform/utils/LoopUtils.h"

#include <optional>
#include <vector>

namespace affjit {

namespace {

/// A scalar affine.load / affine.store directly in the loop's body whose
/// memref and subscript operands are all defined outside the loop.
bool isInvariantScalarAccess(Operation *op, AffineForOp loop) {
  if (!isa<AffineLoadOp>(op) && !isa<AffineStoreOp>(op))
    return false;
  auto access = AffineAccess::get(op);
  if (!access || isDefinedInside(access->getMemRef(), loop.getOperation()))
    return false;
  for (Value *v : access->getMapOperands())
    if (isDefinedInside(v, loop.getOperation()))
      return false;
  return true;
}

bool sameElement(Operation *a, Operation *b) {
  return AffineAccess::get(a)->isSameElementAs(*AffineAccess::get(b));
}

/// The accesses of one element, in body order, when nothing else in the
/// loop touches its buffer: `effects` are the loop's (recursive) effects.
std::optional<std::vector<Operation *>>
elementAccesses(Operation *first, AffineForOp loop,
                const std::vector<MemoryEffect> &effects) {
  Value *memref = AffineAccess::get(first)->getMemRef();
  std::vector<Operation *> accesses;
  for (const MemoryEffect &e : effects) {
    if (e.kind == EffectKind::Allocate || e.isOnUnknownMemory() ||
        !mayAlias(e.memref, memref))
      continue;
    if (e.op->getBlock() != loop.getBody() ||
        !isInvariantScalarAccess(e.op, loop) || !sameElement(e.op, first))
      return std::nullopt;
    accesses.push_back(e.op);
  }
  return accesses;
}

/// The first promotable element's accesses in `loop`, or empty.
std::vector<Operation *> findPromotableElement(AffineForOp loop) {
  std::vector<MemoryEffect> effects =
      getMemoryEffectsRecursive(loop.getOperation());
  for (const MemoryEffect &e : effects)
    if (e.isOnUnknownMemory())
      return {};
  for (auto &op : loop.getBody()->getOperations()) {
    if (!isInvariantScalarAccess(op.get(), loop))
      continue;
    if (auto accesses = elementAccesses(op.get(), loop, effects))
      return *accesses;
  }
  return {};
}

bool hasStore(const std::vector<Operation *> &accesses) {
  for (Operation *op : accesses)
    if (isa<AffineStoreOp>(op))
      return true;
  return false;
}

AffineLoadOp cloneAsLoad(OpBuilder &b, Operation *access) {
  auto a = AffineAccess::get(access);
  return AffineLoadOp::create(b, a->getMemRef(), a->getMap(),
                              a->getMapOperands());
}

/// An element the loop only reads: one load before the loop.
void hoistLoads(AffineForOp loop, const std::vector<Operation *> &loads) {
  OpBuilder b = OpBuilder::before(loop.getOperation());
  Value *value = cloneAsLoad(b, loads.front()).getResult();
  for (Operation *load : loads) {
    load->getResult(0)->replaceAllUsesWith(value);
    load->erase();
  }
}

/// An element the loop writes: loaded before the loop, carried as its
/// last iter_arg (each load takes the value current at its place in the
/// body, each store makes its value current), stored after the loop.
AffineForOp carryElement(AffineForOp loop,
                         const std::vector<Operation *> &accesses) {
  OpBuilder before = OpBuilder::before(loop.getOperation());
  Value *init = cloneAsLoad(before, accesses.front()).getResult();
  loop = addIterArgs(loop, {init});
  Value *current = loop.getRegionIterArgs().back();
  for (Operation *op : accesses) {
    if (isa<AffineStoreOp>(op)) {
      current = cast<AffineStoreOp>(op).getValueToStore();
      continue;
    }
    op->getResult(0)->replaceAllUsesWith(current);
  }
  AffineYieldOp yield = loop.getYield();
  std::vector<Value *> yielded = yield->getOperands();
  yielded.back() = current;
  yield->setOperands(yielded);
  OpBuilder after = OpBuilder::after(loop.getOperation());
  auto store = AffineAccess::get(accesses.front());
  AffineStoreOp::create(after, loop.getResults().back(), store->getMemRef(),
                        store->getMap(), store->getMapOperands());
  for (Operation *op : accesses)
    op->erase();
  return loop;
}

} // namespace

AffineForOp promoteInvariantElements(AffineForOp forOp,
                                     const PromotionRemark &remark,
                                     unsigned *promoted) {
  std::optional<uint64_t> trips = getConstantTripCount(forOp);
  if (!trips || *trips == 0)
    return forOp;
  while (true) {
    std::vector<Operation *> accesses = findPromotableElement(forOp);
    if (accesses.empty())
      return forOp;
    bool written = hasStore(accesses);
    // An element each iteration writes before it reads carries nothing
    // from one iteration to the next (fusion's private scalars, once
    // stores are forwarded): carrying it would make a loop that is
    // parallel and vectorizable carry a value that is not a reduction.
    if (written && !isa<AffineLoadOp>(accesses.front()))
      return forOp;
    if (remark)
      remark(accesses.front()->getLoc(),
             written ? "element kept in a register across the loop (loaded "
                       "before it, stored after it)"
                     : "loop-invariant load hoisted out of the loop");
    if (written)
      forOp = carryElement(forOp, accesses);
    else
      hoistLoads(forOp, accesses);
    if (promoted)
      ++*promoted;
  }
}

} // namespace affjit
