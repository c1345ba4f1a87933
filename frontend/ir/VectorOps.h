// Typed views of the vector subset's ops that the vectorizer builds (seed
// 003): transfer_read/write with their default permutation map and
// in_bounds, and reduction with its combining kind and fastmath flags.
#pragma once

#include "frontend/ir/Ops.h"

#include <string>
#include <string_view>
#include <vector>

namespace affjit {

namespace opname {
inline constexpr char VectorTransferRead[] = "vector.transfer_read";
inline constexpr char VectorTransferWrite[] = "vector.transfer_write";
inline constexpr char VectorReduction[] = "vector.reduction";
} // namespace opname

/// The default attributes of a transfer between `sourceType` and
/// `vectorType`: the minor identity permutation map and `in_bounds` all
/// false, one per map result (what the parser adds when they are omitted).
AffineMap defaultTransferPermutationMap(Type sourceType, Type vectorType);
std::vector<bool> defaultTransferInBounds(const AffineMap &permutationMap);

/// The shared accessors of transfer_read and transfer_write.
template <const char *Name> class TransferView : public NamedOpView<Name> {
public:
  using NamedOpView<Name>::NamedOpView;
  AffineMap getPermutationMap() const {
    return this->op->getAttr("permutation_map").getAffineMap();
  }
  std::vector<bool> getInBounds() const {
    std::vector<bool> out;
    for (const Attribute &a : this->op->getAttr("in_bounds").getArray())
      out.push_back(a.getBool());
    return out;
  }
  /// operandSegmentSizes of the op.
  std::vector<int64_t> segments() const {
    return this->op->getAttr("operandSegmentSizes").getInts();
  }
};

/// `vector.transfer_read %m[%i, %j], %pad[, %mask] : memref, vector`.
class TransferReadOp : public TransferView<opname::VectorTransferRead> {
public:
  using TransferView::TransferView;
  /// A null `permutationMap` or empty `inBounds` takes the default.
  static TransferReadOp create(OpBuilder &b, Type vectorType, Value *source,
                               std::vector<Value *> indices, Value *padding,
                               AffineMap permutationMap = {},
                               std::vector<bool> inBounds = {},
                               Value *mask = nullptr);
  Value *getSource() const { return op->getOperand(0); }
  std::vector<Value *> getIndices() const;
  Value *getPadding() const;
  Value *getMask() const; // null without a mask
  Type getVectorType() const { return op->getResult(0)->getType(); }
  Value *getResult() const { return op->getResult(0); }
};

/// `vector.transfer_write %v, %m[%i, %j][, %mask] : vector, memref`.
class TransferWriteOp : public TransferView<opname::VectorTransferWrite> {
public:
  using TransferView::TransferView;
  static TransferWriteOp create(OpBuilder &b, Value *vector, Value *dest,
                                std::vector<Value *> indices,
                                AffineMap permutationMap = {},
                                std::vector<bool> inBounds = {},
                                Value *mask = nullptr);
  Value *getVector() const { return op->getOperand(0); }
  Value *getSource() const { return op->getOperand(1); }
  std::vector<Value *> getIndices() const;
  Value *getMask() const; // null without a mask
  Type getVectorType() const { return getVector()->getType(); }
};

/// `vector.reduction <add>, %v[, %acc] : vector<NxT> into T`.
class ReductionOp : public NamedOpView<opname::VectorReduction> {
public:
  using NamedOpView::NamedOpView;
  /// `kind` is a combining kind name (`add`, `maximumf`, ...);
  /// `fastmath` the flags' text (`none`, `reassoc`, `fast`, ...).
  static ReductionOp create(OpBuilder &b, std::string_view kind, Value *vector,
                            Value *acc = nullptr,
                            std::string_view fastmath = "none");
  /// The combining kind's name.
  std::string getKind() const;
  Value *getVector() const { return op->getOperand(0); }
  Value *getAcc() const {
    return op->getNumOperands() > 1 ? op->getOperand(1) : nullptr;
  }
  Value *getResult() const { return op->getResult(0); }
};

} // namespace affjit
