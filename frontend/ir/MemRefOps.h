// Typed views of the memref dialect's ops (seed 004): those passes build and
// rewrite (alloc and alloca, a private buffer; dealloc; subview) and those
// whose attributes the verifier, printer and lowering read. Each attribute
// has a raw `getXAttr()` (null when absent, for the verifier and printer,
// which meet unverified ops) and, where lowering and analyses read it, a
// typed accessor named like MLIR's that assumes a verified op.
#pragma once

#include "frontend/ir/MemRefShapeInference.h"
#include "frontend/ir/Ops.h"

#include <optional>
#include <string>
#include <vector>

namespace affjit {

namespace opname {
inline constexpr char MemRefAlloc[] = "memref.alloc";
inline constexpr char MemRefAlloca[] = "memref.alloca";
inline constexpr char MemRefRealloc[] = "memref.realloc";
inline constexpr char MemRefDealloc[] = "memref.dealloc";
inline constexpr char MemRefLoad[] = "memref.load";
inline constexpr char MemRefStore[] = "memref.store";
inline constexpr char MemRefPrefetch[] = "memref.prefetch";
inline constexpr char MemRefAssumeAlignment[] = "memref.assume_alignment";
inline constexpr char MemRefSubView[] = "memref.subview";
inline constexpr char MemRefReinterpretCast[] = "memref.reinterpret_cast";
inline constexpr char MemRefCollapseShape[] = "memref.collapse_shape";
inline constexpr char MemRefExpandShape[] = "memref.expand_shape";
inline constexpr char MemRefTranspose[] = "memref.transpose";
inline constexpr char MemRefGlobal[] = "memref.global";
inline constexpr char MemRefGetGlobal[] = "memref.get_global";
inline constexpr char MemRefAtomicRMW[] = "memref.atomic_rmw";
} // namespace opname

/// The names of the memref ops' inherent attributes (the shared ones are in
/// IR.h).
namespace attrname::memref {
inline constexpr char Alignment[] = "alignment";
inline constexpr char Nontemporal[] = "nontemporal";
inline constexpr char StaticOffsets[] = "static_offsets";
inline constexpr char StaticSizes[] = "static_sizes";
inline constexpr char StaticStrides[] = "static_strides";
inline constexpr char StaticOutputShape[] = "static_output_shape";
inline constexpr char Reassociation[] = "reassociation";
inline constexpr char Permutation[] = "permutation";
inline constexpr char Type[] = "type";
inline constexpr char InitialValue[] = "initial_value";
inline constexpr char Constant[] = "constant";
inline constexpr char Name[] = "name";
inline constexpr char Kind[] = "kind";
} // namespace attrname::memref

namespace detail {
/// The integer value of an optional attribute, nullopt when absent.
inline std::optional<int64_t> intIfPresent(Attribute a) {
  return a ? std::optional<int64_t>(a.getInt()) : std::nullopt;
}
/// The groups of a verified `reassociation = [[0, 1], [2]]`.
Reassociation reassociationOf(Attribute a);
} // namespace detail

/// The alignment of the buffers passes allocate (packed panels): a cache
/// line, so that a line-sized vector in them never straddles two lines —
/// memref.alloc's default is 16 bytes.
inline constexpr int64_t kPackedBufferAlignment = 64;

/// The shared shape of alloc/alloca: `(%dynamic sizes)[%symbols] : T`.
template <const char *Name> class AllocLikeView : public NamedOpView<Name> {
public:
  using NamedOpView<Name>::NamedOpView;
  /// `dynamicSizes` gives one value per `?` of `type`, in order.
  static AllocLikeView create(OpBuilder &b, Type type,
                              std::vector<Value *> dynamicSizes = {},
                              std::vector<Value *> symbols = {},
                              std::optional<int64_t> alignment = {}) {
    OperationState state(Name, b.getLoc());
    state.addOperands(dynamicSizes);
    state.addOperands(symbols);
    state.addAttr(
        attrname::OperandSegmentSizes,
        Attribute::denseArray(Type::integer(32), {(int64_t)dynamicSizes.size(),
                                                  (int64_t)symbols.size()}));
    if (alignment)
      state.addAttr(attrname::memref::Alignment,
                    Attribute::integer(*alignment, Type::integer(64)));
    state.types.push_back(type);
    return AllocLikeView(b.create(state));
  }
  Value *getMemRef() const { return this->op->getResult(0); }
  Type getType() const { return getMemRef()->getType(); }
  std::vector<Value *> getDynamicSizes() const {
    return this->op->getOperands(0, (unsigned)segments()[0]);
  }
  std::vector<Value *> getSymbolOperands() const {
    auto s = segments();
    return this->op->getOperands((unsigned)s[0], (unsigned)s[1]);
  }
  Attribute getOperandSegmentSizesAttr() const {
    return this->op->getAttr(attrname::OperandSegmentSizes);
  }
  Attribute getAlignmentAttr() const {
    return this->op->getAttr(attrname::memref::Alignment);
  }
  std::optional<int64_t> getAlignment() const {
    return detail::intIfPresent(getAlignmentAttr());
  }

private:
  std::vector<int64_t> segments() const {
    return getOperandSegmentSizesAttr().getInts();
  }
};

using AllocOp = AllocLikeView<opname::MemRefAlloc>;
using AllocaOp = AllocLikeView<opname::MemRefAlloca>;

/// `memref.realloc %m(%size) : T1 to T2`.
class ReallocOp : public NamedOpView<opname::MemRefRealloc> {
public:
  using NamedOpView::NamedOpView;
  Attribute getAlignmentAttr() const {
    return op->getAttr(attrname::memref::Alignment);
  }
  std::optional<int64_t> getAlignment() const {
    return detail::intIfPresent(getAlignmentAttr());
  }
};

/// `memref.dealloc %m : T`.
class DeallocOp : public NamedOpView<opname::MemRefDealloc> {
public:
  using NamedOpView::NamedOpView;
  static DeallocOp create(OpBuilder &b, Value *memref);
  Value *getMemRef() const { return op->getOperand(0); }
};

/// The shared `nontemporal` flag of memref.load and memref.store.
template <const char *Name>
class MemRefLoadStoreView : public NamedOpView<Name> {
public:
  using NamedOpView<Name>::NamedOpView;
  Attribute getNontemporalAttr() const {
    return this->op->getAttr(attrname::memref::Nontemporal);
  }
  /// False when absent, the default.
  bool getNontemporal() const {
    Attribute a = getNontemporalAttr();
    return a && a.getBool();
  }
};

// Prefixed, unlike the other memref views: the affine and vector dialects
// have ops of the same names.
using MemRefLoadOp = MemRefLoadStoreView<opname::MemRefLoad>;
using MemRefStoreOp = MemRefLoadStoreView<opname::MemRefStore>;

/// `memref.prefetch %m[%i], read, locality<3>, data : T`.
using PrefetchOp = PrefetchView<opname::MemRefPrefetch>;

/// `memref.assume_alignment %m, 16 : T`.
class AssumeAlignmentOp : public NamedOpView<opname::MemRefAssumeAlignment> {
public:
  using NamedOpView::NamedOpView;
  Attribute getAlignmentAttr() const {
    return op->getAttr(attrname::memref::Alignment);
  }
  int64_t getAlignment() const { return getAlignmentAttr().getInt(); }
};

/// What subview and reinterpret_cast share (MLIR's
/// OffsetSizeAndStrideOpInterface): the source, then the dynamic offsets,
/// sizes and strides as operand segments. Each static list mixes static
/// values and `kDynamic` entries whose values are the next dynamic operands.
template <const char *Name>
class OffsetSizeStrideView : public NamedOpView<Name> {
public:
  using NamedOpView<Name>::NamedOpView;
  Value *getSource() const { return this->op->getOperand(0); }
  Type getSourceType() const { return getSource()->getType(); }
  Value *getResult() const { return this->op->getResult(0); }
  Type getType() const { return getResult()->getType(); }
  Attribute getOperandSegmentSizesAttr() const {
    return this->op->getAttr(attrname::OperandSegmentSizes);
  }
  Attribute getStaticOffsetsAttr() const {
    return this->op->getAttr(attrname::memref::StaticOffsets);
  }
  Attribute getStaticSizesAttr() const {
    return this->op->getAttr(attrname::memref::StaticSizes);
  }
  Attribute getStaticStridesAttr() const {
    return this->op->getAttr(attrname::memref::StaticStrides);
  }
  std::vector<int64_t> getStaticOffsets() const {
    return getStaticOffsetsAttr().getInts();
  }
  std::vector<int64_t> getStaticSizes() const {
    return getStaticSizesAttr().getInts();
  }
  std::vector<int64_t> getStaticStrides() const {
    return getStaticStridesAttr().getInts();
  }
  std::vector<Value *> getOffsets() const { return dynamicList(0); }
  std::vector<Value *> getSizes() const { return dynamicList(1); }
  std::vector<Value *> getStrides() const { return dynamicList(2); }

private:
  /// The dynamic operands of list `k` (offsets, sizes, strides): segment
  /// `k + 1`, after the source's.
  std::vector<Value *> dynamicList(unsigned k) const {
    const std::vector<int64_t> &s = getOperandSegmentSizesAttr().getInts();
    unsigned begin = 1;
    for (unsigned i = 0; i < k; ++i)
      begin += (unsigned)s[1 + i];
    return this->op->getOperands(begin, (unsigned)s[1 + k]);
  }
};

/// `memref.subview %m[offsets][sizes][strides] : T to U`.
class SubViewOp : public OffsetSizeStrideView<opname::MemRefSubView> {
public:
  using OffsetSizeStrideView::OffsetSizeStrideView;
  /// `staticX[i] == kDynamic` takes the next value of `dynamicX`.
  static SubViewOp create(OpBuilder &b, Type resultType, Value *source,
                          std::vector<int64_t> staticOffsets,
                          std::vector<Value *> dynamicOffsets,
                          std::vector<int64_t> staticSizes,
                          std::vector<Value *> dynamicSizes,
                          std::vector<int64_t> staticStrides,
                          std::vector<Value *> dynamicStrides);
  /// Per source dimension, whether a rank-reducing subview drops it (unit
  /// dimensions the result does not have, from the front).
  std::vector<bool> getDroppedDims() const;
};

/// `memref.reinterpret_cast %m to offset: [o], sizes: [...], strides: [...]
/// : T to U`: one offset, and a size and a stride per result dimension.
using ReinterpretCastOp = OffsetSizeStrideView<opname::MemRefReinterpretCast>;

/// What collapse_shape and expand_shape share: the reassociation, for each
/// dim of the lower-ranked side the dims of the higher-ranked side it
/// groups.
template <const char *Name>
class ReassociativeReshapeView : public NamedOpView<Name> {
public:
  using NamedOpView<Name>::NamedOpView;
  Attribute getReassociationAttr() const {
    return this->op->getAttr(attrname::memref::Reassociation);
  }
  Reassociation getReassociation() const {
    return detail::reassociationOf(getReassociationAttr());
  }
};

/// `memref.collapse_shape %m [[0, 1], [2]] : T1 into T2`.
using CollapseShapeOp = ReassociativeReshapeView<opname::MemRefCollapseShape>;

/// `memref.expand_shape %m [[0, 1], [2]] output_shape [%n, 4, 8] : T1 into
/// T2`: the result's sizes, `?` ones from the operands after the source.
class ExpandShapeOp
    : public ReassociativeReshapeView<opname::MemRefExpandShape> {
public:
  using ReassociativeReshapeView::ReassociativeReshapeView;
  Attribute getStaticOutputShapeAttr() const {
    return op->getAttr(attrname::memref::StaticOutputShape);
  }
  std::vector<int64_t> getStaticOutputShape() const {
    return getStaticOutputShapeAttr().getInts();
  }
  std::vector<Value *> getOutputShape() const {
    return op->getOperands(1, op->getNumOperands() - 1);
  }
};

/// `memref.transpose %m (d0, d1) -> (d1, d0) : T1 to T2`: result dim i is
/// source dim permutation(i). Prefixed like MemRefLoadOp.
class MemRefTransposeOp : public NamedOpView<opname::MemRefTranspose> {
public:
  using NamedOpView::NamedOpView;
  Attribute getPermutationAttr() const {
    return op->getAttr(attrname::memref::Permutation);
  }
  AffineMap getPermutation() const {
    return getPermutationAttr().getAffineMap();
  }
};

/// `memref.global "private" constant @name : T = dense<...>`.
class GlobalOp : public NamedOpView<opname::MemRefGlobal> {
public:
  using NamedOpView::NamedOpView;
  Attribute getSymVisibilityAttr() const {
    return getSymbolVisibilityAttr(*op);
  }
  Attribute getSymNameAttr() const { return getSymbolNameAttr(*op); }
  std::string getSymName() const { return getSymNameAttr().getString(); }
  Attribute getTypeAttr() const { return op->getAttr(attrname::memref::Type); }
  Type getType() const { return getTypeAttr().getType(); }
  /// Dense elements, unit for `uninitialized`, null for an external global.
  Attribute getInitialValue() const {
    return op->getAttr(attrname::memref::InitialValue);
  }
  bool getConstant() const { return op->hasAttr(attrname::memref::Constant); }
  Attribute getAlignmentAttr() const {
    return op->getAttr(attrname::memref::Alignment);
  }
  std::optional<int64_t> getAlignment() const {
    return detail::intIfPresent(getAlignmentAttr());
  }
};

/// `memref.get_global @name : T`.
class GetGlobalOp : public NamedOpView<opname::MemRefGetGlobal> {
public:
  using NamedOpView::NamedOpView;
  Attribute getNameAttr() const { return op->getAttr(attrname::memref::Name); }
  /// The symbol of the global, not the op's name.
  std::string getName() const { return getNameAttr().getString(); }
};

/// `memref.atomic_rmw addf %v, %m[%i] : (f32, T) -> f32`.
class AtomicRMWOp : public NamedOpView<opname::MemRefAtomicRMW> {
public:
  using NamedOpView::NamedOpView;
  Attribute getKindAttr() const { return op->getAttr(attrname::memref::Kind); }
  /// An index into kAtomicRMWKinds (arith::AtomicRMWKind).
  int64_t getKind() const { return getKindAttr().getInt(); }
};

} // namespace affjit
