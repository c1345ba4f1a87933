// Pass `scalrep` (see ScalarReplacement.h).
#include "frontend/transform/ScalarReplacement.h"

#include "frontend/ir/MemRefOps.h"
#include "frontend/ir/MemoryEffects.h"
#include "frontend/transform/utils/ElementPromotion.h"

#include <map>
#include <tuple>

namespace affjit {

namespace {

/// An element named by the same memref value, map and operand values: the
/// same element wherever it is evaluated in one execution of a block.
using ElementKey = std::tuple<Value *, AffineMap, std::vector<Value *>>;

struct ElementLess {
  bool operator()(const ElementKey &a, const ElementKey &b) const {
    if (std::get<0>(a) != std::get<0>(b))
      return std::get<0>(a) < std::get<0>(b);
    if (std::get<1>(a) != std::get<1>(b))
      return std::get<1>(a).hash() < std::get<1>(b).hash() ||
             (std::get<1>(a).hash() == std::get<1>(b).hash() &&
              std::get<1>(a).str() < std::get<1>(b).str());
    return std::get<2>(a) < std::get<2>(b);
  }
};

/// What the stores seen so far in a block left in memory.
class StoredValues {
public:
  void store(const ElementKey &key, Value *v) {
    forgetBuffer(std::get<0>(key));
    values[key] = v;
  }
  Value *lookup(const ElementKey &key) const {
    auto it = values.find(key);
    return it == values.end() ? nullptr : it->second;
  }
  /// Forgets what `op` (and anything nested in it) may overwrite.
  void forgetWrittenBy(Operation *op) {
    for (auto it = values.begin(); it != values.end();)
      it = mayWrite(op, std::get<0>(it->first)) ? values.erase(it)
                                                : std::next(it);
  }

private:
  /// Forgets every element `memref`'s buffer may share.
  void forgetBuffer(Value *memref) {
    for (auto it = values.begin(); it != values.end();)
      it = mayAlias(std::get<0>(it->first), memref) ? values.erase(it)
                                                    : std::next(it);
  }
  std::map<ElementKey, Value *, ElementLess> values;
};

ElementKey keyOf(Operation *op) {
  auto access = AffineAccess::get(op);
  return {access->getMemRef(), access->getMap(), access->getMapOperands()};
}

/// Forwards stores to loads in `block` and, recursively, in the blocks of
/// its ops; returns the number of loads replaced.
unsigned forwardInBlock(Block &block, PassContext &context) {
  unsigned forwarded = 0;
  StoredValues stored;
  for (auto it = block.getOperations().begin();
       it != block.getOperations().end();) {
    Operation *op = (it++)->get();
    for (unsigned r = 0; r < op->getNumRegions(); ++r)
      for (auto &inner : op->getRegion(r).getBlocks())
        forwarded += forwardInBlock(*inner, context);
    if (isa<AffineStoreOp>(op)) {
      stored.store(keyOf(op), cast<AffineStoreOp>(op).getValueToStore());
      continue;
    }
    if (isa<AffineLoadOp>(op)) {
      if (Value *v = stored.lookup(keyOf(op))) {
        if (context.remarksEnabled())
          context.remark(op->getLoc(),
                         "load replaced by the value stored before it");
        op->getResult(0)->replaceAllUsesWith(v);
        op->erase();
        ++forwarded;
      }
      continue;
    }
    if (!hasNoMemoryEffect(op))
      stored.forgetWrittenBy(op);
  }
  return forwarded;
}

/// Whether the store `op` is overwritten by a store to the same element
/// later in its block before anything may read its buffer.
bool isOverwritten(Operation *op) {
  ElementKey key = keyOf(op);
  Value *memref = std::get<0>(key);
  for (Operation *next = op->getNextNode(); next; next = next->getNextNode()) {
    if (isa<AffineStoreOp>(next) && keyOf(next) == key)
      return true;
    if (mayRead(next, memref))
      return false;
  }
  return false;
}

/// Erases stores that a later store to the same element overwrites with
/// nothing reading in between (what promotion leaves: `store init, t[j]`
/// before a loop that now carries t[j] and stores it after).
void eraseOverwrittenStores(Operation *func, PassContext &context) {
  std::vector<Operation *> dead;
  func->walk([&](Operation *op) {
    if (isa<AffineStoreOp>(op) && isOverwritten(op))
      dead.push_back(op);
  });
  for (Operation *op : dead) {
    if (context.remarksEnabled())
      context.remark(op->getLoc(),
                     "store removed: the element is stored again before it "
                     "is read");
    op->erase();
  }
}

/// A local buffer nothing reads: only affine stores and deallocs use it.
bool isWriteOnlyBuffer(Operation *alloc) {
  if (!isa<AllocOp>(alloc) && !isa<AllocaOp>(alloc))
    return false;
  for (Operation *user : alloc->getResult(0)->getUsers())
    if (!isa<DeallocOp>(user) && !(isa<AffineStoreOp>(user) &&
                                   user->getOperand(1) == alloc->getResult(0)))
      return false;
  return true;
}

void eraseWriteOnlyBuffers(Operation *func, PassContext &context) {
  std::vector<Operation *> dead;
  func->walk([&](Operation *op) {
    if (isWriteOnlyBuffer(op))
      dead.push_back(op);
  });
  for (Operation *alloc : dead) {
    if (context.remarksEnabled())
      context.remark(alloc->getLoc(),
                     "buffer removed: it is written and never read");
    for (Operation *user : alloc->getResult(0)->getUsers())
      user->erase();
    alloc->erase();
  }
}

/// Promotes loop-invariant elements to registers, innermost loops first so
/// that what one loop's promotion leaves around it may move out of the
/// next.
void promoteInLoops(Operation *func, PassContext &context) {
  std::vector<AffineForOp> loops;
  walkOps<AffineForOp>(func, [&](AffineForOp loop) { loops.push_back(loop); });
  PromotionRemark remark;
  if (context.remarksEnabled())
    remark = [&](const Location &loc, std::string message) {
      context.remark(loc, std::move(message));
    };
  for (AffineForOp loop : loops)
    promoteInvariantElements(loop, remark);
}

} // namespace

bool replaceScalars(Module &module, PassContext &context) {
  walkOps<FuncOp>(module.getOperation(), [&](FuncOp func) {
    if (func.isDeclaration())
      return;
    forwardInBlock(*func.getBody(), context);
    eraseWriteOnlyBuffers(func.getOperation(), context);
    // Promotion leaves every buffer it touches read (by the load before
    // the loop), so nothing becomes write-only after it.
    promoteInLoops(func.getOperation(), context);
    // The loads promotion put before loops may read what a store right
    // before them wrote, and the stores after them overwrite it.
    forwardInBlock(*func.getBody(), context);
    eraseOverwrittenStores(func.getOperation(), context);
  });
  return true;
}

} // namespace affjit
