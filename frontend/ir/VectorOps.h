// Typed views of the vector subset's ops: transfer_read/write with their
// permutation map and in_bounds, reduction and outerproduct with their
// combining kind, and the attribute accessors the vector verifier, printer
// and lowering read instead of looking attributes up by name.
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
inline constexpr char VectorExtract[] = "vector.extract";
inline constexpr char VectorInsert[] = "vector.insert";
inline constexpr char VectorLoad[] = "vector.load";
inline constexpr char VectorStore[] = "vector.store";
inline constexpr char VectorPrint[] = "vector.print";
inline constexpr char VectorExtractStridedSlice[] =
    "vector.extract_strided_slice";
inline constexpr char VectorInsertStridedSlice[] =
    "vector.insert_strided_slice";
inline constexpr char VectorShuffle[] = "vector.shuffle";
inline constexpr char VectorTranspose[] = "vector.transpose";
inline constexpr char VectorOuterProduct[] = "vector.outerproduct";
inline constexpr char VectorConstantMask[] = "vector.constant_mask";
} // namespace opname

/// The names of the vector ops' inherent attributes.
namespace attrname::vector {
inline constexpr char PermutationMap[] = "permutation_map";
inline constexpr char InBounds[] = "in_bounds";
inline constexpr char Kind[] = "kind";
inline constexpr char FastMath[] = "fastmath";
inline constexpr char StaticPosition[] = "static_position";
inline constexpr char Nontemporal[] = "nontemporal";
inline constexpr char Punctuation[] = "punctuation";
inline constexpr char StringLiteral[] = "stringLiteral";
inline constexpr char Offsets[] = "offsets";
inline constexpr char Sizes[] = "sizes";
inline constexpr char Strides[] = "strides";
inline constexpr char Mask[] = "mask";
inline constexpr char Permutation[] = "permutation";
inline constexpr char MaskDimSizes[] = "mask_dim_sizes";
} // namespace attrname::vector

/// The default attributes of a transfer between `sourceType` and
/// `vectorType`: the minor identity permutation map and `in_bounds` all
/// false, one per map result (what the parser adds when they are omitted).
AffineMap defaultTransferPermutationMap(Type sourceType, Type vectorType);
std::vector<bool> defaultTransferInBounds(const AffineMap &permutationMap);

/// The accessors shared by transfer_read and transfer_write, for code that
/// handles both (MLIR's VectorTransferOpInterface). The `...Attr()`
/// accessors return a null attribute when it is missing; the others expect
/// verified IR.
class VectorTransferOpInterface : public OpView {
public:
  using OpView::OpView;
  static constexpr std::string_view getOperationName() {
    return "VectorTransferOpInterface";
  }
  static bool classof(const Operation *op) {
    return op->getName() == opname::VectorTransferRead ||
           op->getName() == opname::VectorTransferWrite;
  }
  Attribute getPermutationMapAttr() const {
    return op->getAttr(attrname::vector::PermutationMap);
  }
  Attribute getInBoundsAttr() const {
    return op->getAttr(attrname::vector::InBounds);
  }
  Attribute getOperandSegmentSizesAttr() const {
    return op->getAttr(attrname::OperandSegmentSizes);
  }
  AffineMap getPermutationMap() const {
    return getPermutationMapAttr().getAffineMap();
  }
  std::vector<bool> getInBounds() const;
  /// operandSegmentSizes of the op.
  std::vector<int64_t> segments() const {
    return getOperandSegmentSizesAttr().getInts();
  }
};

/// A view of one of the transfer ops.
template <const char *Name>
class TransferView : public VectorTransferOpInterface {
public:
  using VectorTransferOpInterface::VectorTransferOpInterface;
  static constexpr std::string_view getOperationName() { return Name; }
  static bool classof(const Operation *op) { return op->getName() == Name; }
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
  /// `#vector.kind<add>`.
  Attribute getKindAttr() const { return op->getAttr(attrname::vector::Kind); }
  /// `#arith.fastmath<...>`; null when omitted.
  Attribute getFastmathAttr() const {
    return op->getAttr(attrname::vector::FastMath);
  }
  Value *getVector() const { return op->getOperand(0); }
  Value *getAcc() const {
    return op->getNumOperands() > 1 ? op->getOperand(1) : nullptr;
  }
  Value *getResult() const { return op->getResult(0); }
};

/// The shared `static_position` of extract and insert: one entry per
/// leading vector dimension, `kDynamic` for those given by an operand.
template <const char *Name>
class VectorStaticPositionView : public NamedOpView<Name> {
public:
  using NamedOpView<Name>::NamedOpView;
  Attribute getStaticPositionAttr() const {
    return this->op->getAttr(attrname::vector::StaticPosition);
  }
  std::vector<int64_t> getStaticPosition() const {
    return getStaticPositionAttr().getInts();
  }
};

/// `vector.extract %v[0, %i] : T from vector<...>`.
class VectorExtractOp : public VectorStaticPositionView<opname::VectorExtract> {
public:
  using VectorStaticPositionView::VectorStaticPositionView;
};

/// `vector.insert %s, %v [0, %i] : T into vector<...>`.
class VectorInsertOp : public VectorStaticPositionView<opname::VectorInsert> {
public:
  using VectorStaticPositionView::VectorStaticPositionView;
};

/// The shared `nontemporal` flag of vector.load and vector.store.
template <const char *Name>
class VectorLoadStoreView : public NamedOpView<Name> {
public:
  using NamedOpView<Name>::NamedOpView;
  Attribute getNontemporalAttr() const {
    return this->op->getAttr(attrname::vector::Nontemporal);
  }
};

/// `vector.load %m[%i] : memref<..>, vector<..>`.
class VectorLoadOp : public VectorLoadStoreView<opname::VectorLoad> {
public:
  using VectorLoadStoreView::VectorLoadStoreView;
};

/// `vector.store %v, %m[%i] : memref<..>, vector<..>`.
class VectorStoreOp : public VectorLoadStoreView<opname::VectorStore> {
public:
  using VectorLoadStoreView::VectorLoadStoreView;
};

/// `vector.print [%x : T] [str "text"] [punctuation <p>]`: both attributes
/// are optional (null when omitted).
class VectorPrintOp : public NamedOpView<opname::VectorPrint> {
public:
  using NamedOpView::NamedOpView;
  /// `#vector.punctuation<newline>`.
  Attribute getPunctuationAttr() const {
    return op->getAttr(attrname::vector::Punctuation);
  }
  Attribute getStringLiteralAttr() const {
    return op->getAttr(attrname::vector::StringLiteral);
  }
};

/// `vector.extract_strided_slice %v {offsets, sizes, strides}`, each an
/// I64ArrayAttr.
class VectorExtractStridedSliceOp
    : public NamedOpView<opname::VectorExtractStridedSlice> {
public:
  using NamedOpView::NamedOpView;
  Attribute getOffsetsAttr() const {
    return op->getAttr(attrname::vector::Offsets);
  }
  Attribute getSizesAttr() const {
    return op->getAttr(attrname::vector::Sizes);
  }
  Attribute getStridesAttr() const {
    return op->getAttr(attrname::vector::Strides);
  }
  std::vector<int64_t> getOffsets() const;
  std::vector<int64_t> getSizes() const;
  std::vector<int64_t> getStrides() const;
};

/// `vector.insert_strided_slice %s, %d {offsets, strides}`, each an
/// I64ArrayAttr.
class VectorInsertStridedSliceOp
    : public NamedOpView<opname::VectorInsertStridedSlice> {
public:
  using NamedOpView::NamedOpView;
  Attribute getOffsetsAttr() const {
    return op->getAttr(attrname::vector::Offsets);
  }
  Attribute getStridesAttr() const {
    return op->getAttr(attrname::vector::Strides);
  }
  std::vector<int64_t> getOffsets() const;
  std::vector<int64_t> getStrides() const;
};

/// `vector.shuffle %a, %b [0, 3]`: the mask is an I64ArrayAttr.
class VectorShuffleOp : public NamedOpView<opname::VectorShuffle> {
public:
  using NamedOpView::NamedOpView;
  Attribute getMaskAttr() const { return op->getAttr(attrname::vector::Mask); }
  std::vector<int64_t> getMask() const;
};

/// `vector.transpose %v, [1, 0]`: the permutation is a dense i64 array.
class VectorTransposeOp : public NamedOpView<opname::VectorTranspose> {
public:
  using NamedOpView::NamedOpView;
  Attribute getPermutationAttr() const {
    return op->getAttr(attrname::vector::Permutation);
  }
  std::vector<int64_t> getPermutation() const {
    return getPermutationAttr().getInts();
  }
};

/// `vector.outerproduct %a, %b[, %acc {kind = ..}]`; the kind is optional
/// (null when omitted, meaning `add`).
class VectorOuterProductOp : public NamedOpView<opname::VectorOuterProduct> {
public:
  using NamedOpView::NamedOpView;
  Attribute getKindAttr() const { return op->getAttr(attrname::vector::Kind); }
};

/// `vector.constant_mask [2, 3]`: the sizes are an I64ArrayAttr.
class VectorConstantMaskOp : public NamedOpView<opname::VectorConstantMask> {
public:
  using NamedOpView::NamedOpView;
  Attribute getMaskDimSizesAttr() const {
    return op->getAttr(attrname::vector::MaskDimSizes);
  }
  std::vector<int64_t> getMaskDimSizes() const;
};

} // namespace affjit
