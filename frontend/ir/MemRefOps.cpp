// Builders and accessors of the memref dialect's typed views.
#include "frontend/ir/MemRefOps.h"

namespace affjit {

DeallocOp DeallocOp::create(OpBuilder &b, Value *memref) {
  OperationState state(opname::MemRefDealloc, b.getLoc());
  state.operands.push_back(memref);
  return DeallocOp(b.create(state));
}

SubViewOp SubViewOp::create(OpBuilder &b, Type resultType, Value *source,
                            std::vector<int64_t> staticOffsets,
                            std::vector<Value *> dynamicOffsets,
                            std::vector<int64_t> staticSizes,
                            std::vector<Value *> dynamicSizes,
                            std::vector<int64_t> staticStrides,
                            std::vector<Value *> dynamicStrides) {
  OperationState state(opname::MemRefSubView, b.getLoc());
  state.operands.push_back(source);
  state.addOperands(dynamicOffsets);
  state.addOperands(dynamicSizes);
  state.addOperands(dynamicStrides);
  state.addAttr(attrname::OperandSegmentSizes,
                Attribute::denseArray(Type::integer(32),
                                      {1, (int64_t)dynamicOffsets.size(),
                                       (int64_t)dynamicSizes.size(),
                                       (int64_t)dynamicStrides.size()}));
  Type i64 = Type::integer(64);
  state.addAttr(attrname::memref::StaticOffsets,
                Attribute::denseArray(i64, staticOffsets));
  state.addAttr(attrname::memref::StaticSizes,
                Attribute::denseArray(i64, staticSizes));
  state.addAttr(attrname::memref::StaticStrides,
                Attribute::denseArray(i64, staticStrides));
  state.types.push_back(resultType);
  return SubViewOp(b.create(state));
}

std::vector<bool> SubViewOp::getDroppedDims() const {
  Type source = getSourceType(), result = getType();
  std::vector<int64_t> sizes = getStaticSizes();
  std::vector<bool> dropped(source.getRank(), false);
  int64_t toDrop = source.getRank() - result.getRank();
  unsigned r = 0;
  for (unsigned d = 0; d < source.getRank() && toDrop > 0; ++d) {
    bool unit = sizes[d] == 1;
    bool resultHasUnit = r < result.getRank() && result.getDimSize(r) == 1;
    if (unit && !(resultHasUnit &&
                  (int64_t)(source.getRank() - d) == result.getRank() - r)) {
      dropped[d] = true;
      --toDrop;
    } else {
      ++r;
    }
  }
  return dropped;
}

Reassociation detail::reassociationOf(Attribute a) {
  Reassociation groups;
  for (const Attribute &g : a.getArray()) {
    groups.emplace_back();
    for (const Attribute &d : g.getArray())
      groups.back().push_back(d.getInt());
  }
  return groups;
}

} // namespace affjit
