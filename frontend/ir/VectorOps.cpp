// Builders and accessors of the vector subset's typed views.
#include "frontend/ir/VectorOps.h"

#include "frontend/ir/VectorOpInfo.h"

#include <algorithm>

namespace affjit {

namespace {

Attribute segmentsAttr(const std::vector<int64_t> &sizes) {
  return Attribute::denseArray(Type::integer(32), sizes);
}

Attribute boolArrayAttr(const std::vector<bool> &values) {
  std::vector<Attribute> out;
  for (bool v : values)
    out.push_back(Attribute::boolean(v));
  return Attribute::array(std::move(out));
}

/// The integers of an I64ArrayAttr.
std::vector<int64_t> i64ArrayValues(Attribute a) {
  std::vector<int64_t> out;
  for (const Attribute &e : a.getArray())
    out.push_back(e.getInt());
  return out;
}

void addTransferAttrs(OperationState &state, Type sourceType, Type vectorType,
                      AffineMap map, std::vector<bool> inBounds) {
  if (!map)
    map = defaultTransferPermutationMap(sourceType, vectorType);
  if (inBounds.empty())
    inBounds = defaultTransferInBounds(map);
  state.addAttr(attrname::vector::PermutationMap, Attribute::affineMap(map));
  state.addAttr(attrname::vector::InBounds, boolArrayAttr(inBounds));
}

} // namespace

AffineMap defaultTransferPermutationMap(Type sourceType, Type vectorType) {
  // MLIR keeps the map's rank at the source's when the vector has more
  // dimensions (and the verifier rejects that op).
  unsigned rank = (unsigned)sourceType.getRank();
  return minorIdentityMap(rank, std::min(rank, (unsigned)vectorType.getRank()));
}

std::vector<bool> defaultTransferInBounds(const AffineMap &permutationMap) {
  return std::vector<bool>(permutationMap.getNumResults(), false);
}

//===-- transfer_read -----------------------------------------------------===//

TransferReadOp TransferReadOp::create(OpBuilder &b, Type vectorType,
                                      Value *source,
                                      std::vector<Value *> indices,
                                      Value *padding, AffineMap permutationMap,
                                      std::vector<bool> inBounds, Value *mask) {
  OperationState state(opname::VectorTransferRead, b.getLoc());
  addTransferAttrs(state, source->getType(), vectorType, permutationMap,
                   std::move(inBounds));
  state.operands.push_back(source);
  state.addOperands(indices);
  state.operands.push_back(padding);
  if (mask)
    state.operands.push_back(mask);
  state.addAttr(attrname::OperandSegmentSizes,
                segmentsAttr({1, (int64_t)indices.size(), 1, mask ? 1 : 0}));
  state.types.push_back(vectorType);
  return TransferReadOp(b.create(state));
}

std::vector<Value *> TransferReadOp::getIndices() const {
  return op->getOperands(1, (unsigned)segments()[1]);
}

Value *TransferReadOp::getPadding() const {
  return op->getOperand(1 + (unsigned)segments()[1]);
}

Value *TransferReadOp::getMask() const {
  auto s = segments();
  return s[3] ? op->getOperand(2 + (unsigned)s[1]) : nullptr;
}

//===-- transfer_write ----------------------------------------------------===//

TransferWriteOp
TransferWriteOp::create(OpBuilder &b, Value *vector, Value *dest,
                        std::vector<Value *> indices, AffineMap permutationMap,
                        std::vector<bool> inBounds, Value *mask) {
  OperationState state(opname::VectorTransferWrite, b.getLoc());
  addTransferAttrs(state, dest->getType(), vector->getType(), permutationMap,
                   std::move(inBounds));
  state.operands.push_back(vector);
  state.operands.push_back(dest);
  state.addOperands(indices);
  if (mask)
    state.operands.push_back(mask);
  state.addAttr(attrname::OperandSegmentSizes,
                segmentsAttr({1, 1, (int64_t)indices.size(), mask ? 1 : 0}));
  return TransferWriteOp(b.create(state));
}

std::vector<Value *> TransferWriteOp::getIndices() const {
  return op->getOperands(2, (unsigned)segments()[2]);
}

Value *TransferWriteOp::getMask() const {
  auto s = segments();
  return s[3] ? op->getOperand(2 + (unsigned)s[2]) : nullptr;
}

//===-- reduction ---------------------------------------------------------===//

ReductionOp ReductionOp::create(OpBuilder &b, std::string_view kind,
                                Value *vector, Value *acc,
                                std::string_view fastmath) {
  OperationState state(opname::VectorReduction, b.getLoc());
  state.operands.push_back(vector);
  if (acc)
    state.operands.push_back(acc);
  state.addAttr(attrname::vector::Kind,
                Attribute::opaque("#vector.kind<" + std::string(kind) + ">"));
  state.addAttr(
      attrname::vector::FastMath,
      Attribute::opaque("#arith.fastmath<" + std::string(fastmath) + ">"));
  state.types.push_back(vector->getType().getElementType());
  return ReductionOp(b.create(state));
}

std::string ReductionOp::getKind() const {
  return std::string(vectorKindName(getKindAttr().getString()));
}

//===-- attributes of the other ops ---------------------------------------===//

std::vector<bool> VectorTransferOpInterface::getInBounds() const {
  std::vector<bool> out;
  for (const Attribute &a : getInBoundsAttr().getArray())
    out.push_back(a.getBool());
  return out;
}

std::vector<int64_t> VectorExtractStridedSliceOp::getOffsets() const {
  return i64ArrayValues(getOffsetsAttr());
}
std::vector<int64_t> VectorExtractStridedSliceOp::getSizes() const {
  return i64ArrayValues(getSizesAttr());
}
std::vector<int64_t> VectorExtractStridedSliceOp::getStrides() const {
  return i64ArrayValues(getStridesAttr());
}

std::vector<int64_t> VectorInsertStridedSliceOp::getOffsets() const {
  return i64ArrayValues(getOffsetsAttr());
}
std::vector<int64_t> VectorInsertStridedSliceOp::getStrides() const {
  return i64ArrayValues(getStridesAttr());
}

std::vector<int64_t> VectorShuffleOp::getMask() const {
  return i64ArrayValues(getMaskAttr());
}

std::vector<int64_t> VectorConstantMaskOp::getMaskDimSizes() const {
  return i64ArrayValues(getMaskDimSizesAttr());
}

} // namespace affjit
