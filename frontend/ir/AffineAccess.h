// Where the memref, the map and the subscripts of an affine memory op are
// (seed 000, "affine.load", "affine.store", "affine.vector_load",
// "affine.vector_store", "affine.dma_start", "affine.dma_wait"), after MLIR's
// AffineReadOpInterface / AffineWriteOpInterface and the AffineDmaStartOp /
// AffineDmaWaitOp accessors. The generic form keeps the subscripts as map
// operands right after the memref; these views are the one place that knows
// the positions, so analyses read accesses through them and passes rewrite
// them through the setters.
#pragma once

#include "frontend/ir/IR.h"

#include <optional>
#include <vector>

namespace affjit {

/// An affine.load, affine.store, affine.vector_load or affine.vector_store:
/// one element (or one vector) of a memref at the results of an affine map.
/// affine.prefetch is not one: it accesses nothing (MemoryEffects.h).
class AffineAccess {
public:
  /// The view of `op`, or nullopt if `op` is not one of the four ops (or
  /// lacks the map and operands they have after verification).
  static std::optional<AffineAccess> get(Operation *op);

  Operation *getOp() const { return op; }
  /// True for the stores, which write; the loads read.
  bool isWrite() const { return memrefIndex == 1; }
  /// True for affine.vector_load / affine.vector_store.
  bool isVector() const;

  Value *getMemRef() const { return op->getOperand(memrefIndex); }
  Type getMemRefType() const { return getMemRef()->getType(); }
  /// The memref's position among the operands (0 for loads, 1 for stores,
  /// after the stored value).
  unsigned getMemRefOperandIndex() const { return memrefIndex; }
  /// The subscript map: one result per memref dimension.
  AffineMap getMap() const;
  /// The map's dims then symbols: the operands after the memref.
  std::vector<Value *> getMapOperands() const;
  /// The stored value or vector; null for the loads.
  Value *getValueToStore() const;
  /// The vector type loaded or stored by the vector forms; a null Type for
  /// the scalar ones.
  Type getVectorType() const;

  /// Replaces the subscripts: `map` over `operands` (its dims then
  /// symbols, as many as it has inputs) becomes the op's map and map
  /// operands.
  void setMap(const AffineMap &map, const std::vector<Value *> &operands);
  /// Makes the op access `memref` instead (same subscripts).
  void setMemRef(Value *memref);

  /// True if `other` names its element the same way: the same memref
  /// value, map and map operands (wherever both run in one execution of a
  /// block, they touch one element).
  bool isSameElementAs(const AffineAccess &other) const {
    return getMemRef() == other.getMemRef() && getMap() == other.getMap() &&
           getMapOperands() == other.getMapOperands();
  }

private:
  AffineAccess(Operation *op, unsigned memrefIndex)
      : op(op), memrefIndex(memrefIndex) {}
  Operation *op;
  unsigned memrefIndex;
};

/// One memref operand of an affine DMA op with the map that addresses it
/// (MLIR's AffineMapAccessInterface::getAffineMapAttrForMemRef): the
/// memref, its operand position, the map and the map's operands.
struct AffineMemRefOperand {
  Value *memref = nullptr;
  unsigned operandIndex = 0;
  AffineMap map;
  std::vector<Value *> mapOperands;
};

/// The operands of affine.dma_start (`%src[..], %dst[..], %tag[..], %n
/// [, %stride, %perStride]`, each memref followed by its map operands) and
/// of affine.dma_wait (`%tag[..], %n`).
class AffineDma {
public:
  /// The view of `op`, or nullopt if `op` is neither DMA op (or lacks the
  /// maps and operands they have after verification).
  static std::optional<AffineDma> get(Operation *op);

  Operation *getOp() const { return op; }
  bool isStart() const { return op->isa("affine.dma_start"); }
  /// Where the transfer reads and writes (dma_start only).
  AffineMemRefOperand getSrc() const;
  AffineMemRefOperand getDst() const;
  /// The tag element the start sets and the wait waits on.
  AffineMemRefOperand getTag() const;
  /// The number of elements transferred (started or waited for).
  Value *getNumElements() const { return op->getOperand(numElementsIndex); }
  bool isStrided() const;
  /// The stride pair of a strided dma_start; null otherwise.
  Value *getStride() const;
  Value *getNumElementsPerStride() const;

private:
  AffineDma(Operation *op, unsigned dstIndex, unsigned tagIndex,
            unsigned numElementsIndex)
      : op(op), dstIndex(dstIndex), tagIndex(tagIndex),
        numElementsIndex(numElementsIndex) {}
  AffineMemRefOperand memrefOperand(unsigned at, const char *mapName) const;
  Operation *op;
  unsigned dstIndex, tagIndex, numElementsIndex;
};

} // namespace affjit
