// replaceAllMemRefUsesWith: redirects the uses of one memref to another,
// rewriting each affine access's indices through a remap (MLIR's utility of
// that name). Fusion uses it to point a consumer at a smaller private
// buffer, packing to point a tile's accesses at a copy (seed 002, "private
// memref").
#pragma once

#include "frontend/ir/Ops.h"

#include <string>
#include <vector>

namespace affjit {

/// How the new indices are computed from an access's old ones: the new
/// access is `extraIndices ++ indexRemap(extraOperands ++ oldIndices;
/// symbolOperands)`, or `extraIndices ++ oldIndices` with no remap.
struct MemRefIndexRemap {
  std::vector<Value *> extraIndices;
  AffineMap indexRemap; // null: the identity
  std::vector<Value *> extraOperands;
  std::vector<Value *> symbolOperands;
  /// Only uses by ops that this op properly dominates (comes before, in
  /// the same block or an enclosing one) are replaced, when set.
  Operation *domOpFilter = nullptr;
  /// Only uses by ops that come before this op, when set.
  Operation *postDomOpFilter = nullptr;
  /// Other uses (calls, views, memref.load/store, ...) take the new memref
  /// unchanged; only allowed without a remap and extra indices.
  bool allowNonDereferencingOps = false;
  /// memref.dealloc of the old memref is redirected too (else left).
  bool replaceInDeallocOp = false;
};

/// Replaces the uses of `oldMemRef` selected by the filters with
/// `newMemRef`. Affine accesses (load/store, vector forms, prefetch,
/// dma_start/dma_wait) get their map composed with the remap; the map is
/// then canonicalized. Fails, changing nothing and saying why in `why`,
/// when a use cannot be rewritten.
bool replaceAllMemRefUsesWith(Value *oldMemRef, Value *newMemRef,
                              const MemRefIndexRemap &remap = {},
                              std::string *why = nullptr);

} // namespace affjit
