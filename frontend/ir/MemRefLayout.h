// The strided view of memref layouts, as MLIR 19 computes it: the strides
// and offset of identity, `strided<...>` and linear affine-map layouts,
// MLIR's saturating arithmetic on them, layout equality, the canonical form
// used when MLIR prints and compares layouts, and row-major contiguity.
// Shared by the memref verifier and by transformations that build buffer
// types (a new buffer with identity layout is simply Type::memref).
#pragma once

#include "frontend/ir/Types.h"

#include <optional>
#include <vector>

namespace affjit {

/// MLIR's SaturatedInteger product of strides, offsets and sizes: kDynamic
/// absorbs everything except a static zero.
int64_t saturatedMul(int64_t a, int64_t b);
/// MLIR's SaturatedInteger sum: kDynamic if either side is.
int64_t saturatedAdd(int64_t a, int64_t b);

/// Strides (one per dimension) and offset of a memref, kDynamic where
/// unknown statically.
struct StridedLayout {
  std::vector<int64_t> strides;
  int64_t offset = 0;
};

/// The strides and offset of a ranked memref whose layout MLIR considers
/// strided: identity, `strided<...>`, or a single-result affine map linear
/// in the dims such as `(d0, d1, d2) -> (d0 * 64 + d1 * 4 + d2)` (symbols
/// make coefficients dynamic). Type::getStridesAndOffset covers only the
/// first two. nullopt for other layouts and for non-memrefs.
std::optional<StridedLayout> getStridedLayout(Type memref);

/// Whether `t` is a ranked memref with the identity (row-major) layout.
bool hasIdentityLayout(Type t);

/// Whether the layout map of the ranked memref `t` is the identity map, as
/// MLIR's `isIdentity` answers: the identity layout, and also a rank-1
/// `strided<[1]>` with offset 0, whose map is `(d0) -> (d0)`. Reshapes of
/// such a memref get the identity layout.
bool hasIdentityLayoutMap(Type t);

/// Whether consecutive indices along the innermost dimension of the ranked
/// memref `t` are consecutive elements in memory: its strided layout has a
/// static innermost stride of 1 (true for rank 0). False for a dynamic or
/// other stride and for layouts that are not strided: a vector there is
/// no contiguous load or store.
bool hasUnitInnermostStride(Type t);

/// Whether two ranked memrefs have structurally equal layout attributes (as
/// MLIR compares them; `strided<[4, 1]>` and identity differ).
bool haveSameLayout(Type a, Type b);

/// A memref of `shape` with the strided layout `layout`, taking element
/// type and memory space from the memref `like`.
Type makeStridedMemRefType(Type like, std::vector<int64_t> shape,
                           const StridedLayout &layout);

/// MLIR's canonicalizeStridedLayout: a strided layout becomes its linear
/// affine map (a symbol for each `?`), or the identity layout when it is
/// fully static and row-major. MLIR prints and compares some types (e.g.
/// memref.transpose results) in this form.
Type canonicalizeStridedLayout(Type memref);

/// MLIR's isStaticShapeAndContiguousRowMajor: a static shape whose elements
/// occupy one contiguous row-major block (inner dims with canonical
/// strides, the remaining outer dims of size 1); the offset is free.
bool isStaticShapeAndContiguousRowMajor(Type memref);

} // namespace affjit
