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
  state.addAttr("operandSegmentSizes",
                Attribute::denseArray(Type::integer(32),
                                      {1, (int64_t)dynamicOffsets.size(),
                                       (int64_t)dynamicSizes.size(),
                                       (int64_t)dynamicStrides.size()}));
  Type i64 = Type::integer(64);
  state.addAttr("static_offsets", Attribute::denseArray(i64, staticOffsets));
  state.addAttr("static_sizes", Attribute::denseArray(i64, staticSizes));
  state.addAttr("static_strides", Attribute::denseArray(i64, staticStrides));
  state.types.push_back(resultType);
  return SubViewOp(b.create(state));
}

std::vector<int64_t> SubViewOp::getStaticOffsets() const {
  return op->getAttr("static_offsets").getInts();
}

std::vector<int64_t> SubViewOp::getStaticSizes() const {
  return op->getAttr("static_sizes").getInts();
}

std::vector<int64_t> SubViewOp::getStaticStrides() const {
  return op->getAttr("static_strides").getInts();
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

std::vector<Value *> SubViewOp::dynamicList(unsigned k) const {
  const std::vector<int64_t> &s = op->getAttr("operandSegmentSizes").getInts();
  unsigned begin = 1;
  for (unsigned i = 0; i < k; ++i)
    begin += (unsigned)s[1 + i];
  return op->getOperands(begin, (unsigned)s[1 + k]);
}

} // namespace affjit
