// OpBuilder: creates operations at an insertion point (before an op, or at
// the end of a block), with a default location for what it creates. Typed
// ops' create() functions (Ops.h) build through it, and passes use it to
// emit new IR where they rewrite.
#pragma once

#include "frontend/ir/OperationState.h"

namespace affjit {

class OpBuilder {
public:
  /// Inserts at the end of `block`.
  explicit OpBuilder(Block *block, Location loc = {})
      : block(block), loc(std::move(loc)) {}
  /// Inserts before `op`, with `op`'s location by default.
  static OpBuilder before(Operation *op) {
    OpBuilder b(op->getBlock(), op->getLoc());
    b.setInsertionPoint(op);
    return b;
  }
  /// Inserts right after `op`, with `op`'s location by default.
  static OpBuilder after(Operation *op) {
    OpBuilder b(op->getBlock(), op->getLoc());
    b.setInsertionPointAfter(op);
    return b;
  }
  static OpBuilder atBlockBegin(Block *block, Location loc = {}) {
    OpBuilder b(block, std::move(loc));
    b.setInsertionPointToStart(block);
    return b;
  }
  /// Before the block's terminator if it has one, else at its end.
  static OpBuilder atBlockTerminator(Block *block, Location loc = {}) {
    OpBuilder b(block, std::move(loc));
    b.insertBefore = block->getTerminator();
    return b;
  }

  void setInsertionPoint(Operation *op) {
    block = op->getBlock();
    insertBefore = op;
  }
  void setInsertionPointAfter(Operation *op) {
    block = op->getBlock();
    insertBefore = op->getNextNode();
  }
  void setInsertionPointToStart(Block *b) {
    block = b;
    insertBefore = b->empty() ? nullptr : &b->front();
  }
  void setInsertionPointToEnd(Block *b) {
    block = b;
    insertBefore = nullptr;
  }
  Block *getInsertionBlock() const { return block; }
  /// The op new ops go before; null means the end of the block.
  Operation *getInsertionPoint() const { return insertBefore; }

  const Location &getLoc() const { return loc; }
  void setLoc(Location l) { loc = std::move(l); }

  /// Creates the op `state` describes at the insertion point. An unset
  /// location in `state` takes the builder's.
  Operation *create(OperationState &state) {
    if (!state.loc.isKnown() && !state.loc.file)
      state.loc = loc;
    return insert(state.createOperation());
  }
  Operation *insert(std::unique_ptr<Operation> op) {
    return block->insert(insertBefore, std::move(op));
  }
  /// Clones `op` at the insertion point, mapping operands through
  /// `mapping` (and recording the clone's results in it).
  Operation *clone(const Operation &op,
                   std::unordered_map<Value *, Value *> &mapping) {
    return insert(op.clone(mapping));
  }

private:
  Block *block;
  Operation *insertBefore = nullptr;
  Location loc;
};

} // namespace affjit
