// Typed views of the memref dialect's ops that passes build and rewrite
// (seed 004): alloc and alloca (a private buffer), dealloc, subview.
#pragma once

#include "frontend/ir/Ops.h"

#include <optional>
#include <vector>

namespace affjit {

namespace opname {
inline constexpr char MemRefAlloc[] = "memref.alloc";
inline constexpr char MemRefAlloca[] = "memref.alloca";
inline constexpr char MemRefDealloc[] = "memref.dealloc";
inline constexpr char MemRefSubView[] = "memref.subview";
} // namespace opname

/// The shared shape of alloc/alloca: `(%dynamic sizes)[%symbols] : T`.
/// The alignment of the buffers passes allocate (packed panels): a cache
/// line, so that a line-sized vector in them never straddles two lines —
/// memref.alloc's default is 16 bytes.
inline constexpr int64_t kPackedBufferAlignment = 64;

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
        "operandSegmentSizes",
        Attribute::denseArray(Type::integer(32), {(int64_t)dynamicSizes.size(),
                                                  (int64_t)symbols.size()}));
    if (alignment)
      state.addAttr("alignment",
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
  std::optional<int64_t> getAlignment() const {
    Attribute a = this->op->getAttr("alignment");
    return a ? std::optional<int64_t>(a.getInt()) : std::nullopt;
  }

private:
  std::vector<int64_t> segments() const {
    return this->op->getAttr("operandSegmentSizes").getInts();
  }
};

using AllocOp = AllocLikeView<opname::MemRefAlloc>;
using AllocaOp = AllocLikeView<opname::MemRefAlloca>;

/// `memref.dealloc %m : T`.
class DeallocOp : public NamedOpView<opname::MemRefDealloc> {
public:
  using NamedOpView::NamedOpView;
  static DeallocOp create(OpBuilder &b, Value *memref);
  Value *getMemRef() const { return op->getOperand(0); }
};

/// `memref.subview %m[offsets][sizes][strides] : T to U`: each list mixes
/// static values and `kDynamic` entries whose values are operands.
class SubViewOp : public NamedOpView<opname::MemRefSubView> {
public:
  using NamedOpView::NamedOpView;
  /// `staticX[i] == kDynamic` takes the next value of `dynamicX`.
  static SubViewOp create(OpBuilder &b, Type resultType, Value *source,
                          std::vector<int64_t> staticOffsets,
                          std::vector<Value *> dynamicOffsets,
                          std::vector<int64_t> staticSizes,
                          std::vector<Value *> dynamicSizes,
                          std::vector<int64_t> staticStrides,
                          std::vector<Value *> dynamicStrides);
  Value *getSource() const { return op->getOperand(0); }
  Type getSourceType() const { return getSource()->getType(); }
  Value *getResult() const { return op->getResult(0); }
  Type getType() const { return getResult()->getType(); }
  std::vector<int64_t> getStaticOffsets() const;
  std::vector<int64_t> getStaticSizes() const;
  std::vector<int64_t> getStaticStrides() const;
  std::vector<Value *> getOffsets() const { return dynamicList(0); }
  std::vector<Value *> getSizes() const { return dynamicList(1); }
  std::vector<Value *> getStrides() const { return dynamicList(2); }
  /// Per source dimension, whether a rank-reducing subview drops it (unit
  /// dimensions the result does not have, from the front).
  std::vector<bool> getDroppedDims() const;

private:
  /// The dynamic operands of list `k` (offsets, sizes, strides).
  std::vector<Value *> dynamicList(unsigned k) const;
};

} // namespace affjit
