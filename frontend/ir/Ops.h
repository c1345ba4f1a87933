// Typed views of operations: thin, non-owning accessors over the generic
// Operation for the ops that analyses and passes read and build, after
// MLIR's op classes. `isa<AffineForOp>(op)`, `dyn_cast<AffineForOp>(op)`
// (a null view when the op is something else) and `cast<...>` select them;
// each view's create() builds a verified op through an OpBuilder.
//
// The dialects' views are in AffineOps.h, MemRefOps.h, VectorOps.h and
// FuncOps.h; this header includes them all.
#pragma once

#include "frontend/ir/Builder.h"
#include "frontend/ir/IR.h"

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace affjit {

/// The common base: the viewed op, null for an empty view.
class OpView {
public:
  OpView() = default;
  explicit OpView(Operation *op) : op(op) {}
  Operation *getOperation() const { return op; }
  Operation *operator->() const { return op; }
  explicit operator bool() const { return op != nullptr; }
  bool operator==(const OpView &o) const { return op == o.op; }
  const Location &getLoc() const { return op->getLoc(); }

protected:
  Operation *op = nullptr;
};

/// A view of the one op named `Name`.
template <const char *Name> class NamedOpView : public OpView {
public:
  using OpView::OpView;
  static constexpr std::string_view getOperationName() { return Name; }
  static bool classof(const Operation *op) { return op->getName() == Name; }
};

/// The cache hint that affine.prefetch and memref.prefetch share.
namespace attrname::prefetch {
inline constexpr char IsWrite[] = "isWrite";
inline constexpr char LocalityHint[] = "localityHint";
inline constexpr char IsDataCache[] = "isDataCache";
} // namespace attrname::prefetch

/// The hint accessors of the prefetch op named `Name`: raw attributes (null
/// when absent, for the verifier) and typed ones that assume a verified op.
template <const char *Name> class PrefetchView : public NamedOpView<Name> {
public:
  using NamedOpView<Name>::NamedOpView;
  Attribute getIsWriteAttr() const {
    return this->op->getAttr(attrname::prefetch::IsWrite);
  }
  Attribute getLocalityHintAttr() const {
    return this->op->getAttr(attrname::prefetch::LocalityHint);
  }
  Attribute getIsDataCacheAttr() const {
    return this->op->getAttr(attrname::prefetch::IsDataCache);
  }
  bool getIsWrite() const { return getIsWriteAttr().getBool(); }
  /// 0 (no locality) to 3 (keep in all cache levels).
  int64_t getLocalityHint() const { return getLocalityHintAttr().getInt(); }
  bool getIsDataCache() const { return getIsDataCacheAttr().getBool(); }
};

template <typename OpT> bool isa(const Operation *op) {
  return op && OpT::classof(op);
}
template <typename OpT> OpT dyn_cast(Operation *op) {
  return isa<OpT>(op) ? OpT(op) : OpT();
}
/// Like dyn_cast, for ops known to be `OpT`: anything else is a bug in the
/// caller, reported instead of read as the wrong op.
template <typename OpT> OpT cast(Operation *op) {
  if (!isa<OpT>(op)) {
    std::fprintf(stderr, "affjit: internal IR error: cast of '%s' to %s\n",
                 op ? op->getName().c_str() : "null",
                 std::string(OpT::getOperationName()).c_str());
    std::abort();
  }
  return OpT(op);
}

/// Walks `root` (post-order) calling `fn` with every op of type `OpT`.
template <typename OpT, typename FnT> void walkOps(Operation *root, FnT &&fn) {
  root->walk([&](Operation *op) {
    if (OpT view = dyn_cast<OpT>(op))
      fn(view);
  });
}

/// The ops of type `OpT` directly in `block`, in order.
template <typename OpT> std::vector<OpT> opsOfType(Block &block) {
  std::vector<OpT> out;
  for (auto &op : block.getOperations())
    if (OpT view = dyn_cast<OpT>(op.get()))
      out.push_back(view);
  return out;
}

} // namespace affjit

#include "frontend/ir/AffineOps.h"
#include "frontend/ir/FuncOps.h"
#include "frontend/ir/MemRefOps.h"
#include "frontend/ir/VectorOps.h"
