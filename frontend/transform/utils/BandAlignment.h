// Sibling nests that read one memref in transposed orders (mvt's A·y1 by
// rows and Aᵀ·y2 down the columns) cannot fuse with the identity slice
// that would read each element once for both. Before giving up, `fuse`
// permutes the band of the nest that walks the memref down its columns into
// the order of the one that walks it row by row (each subscript indexed by
// the loop at the same depth in both), when the permutation keeps every
// dependence of that nest (seed 001's direction vectors, as `interchange`
// checks them); each element's reductions keep their order, so results
// stay bit-identical. If the fusion still fails, the permutation is undone.
#pragma once

#include "frontend/ir/Ops.h"

#include <optional>
#include <vector>

namespace affjit {

/// A permutation applied to the perfect band rooted at a nest.
struct BandPermutation {
  std::vector<AffineForOp> band;
  /// The band position whose loop header now runs at each position.
  std::vector<unsigned> order;
};

/// Permutes the band of `from` (or else of `to`) so that it reads `memref`
/// in the other's row-major order; nullopt when neither applies: both must
/// be perfect rectangular bands whose every access to `memref` is a load
/// subscripted by each band loop's iv once, in the same pattern.
std::optional<BandPermutation> alignSiblingBands(AffineForOp from,
                                                 AffineForOp to, Value *memref);

/// Puts the band back in its order before `permutation`.
void undoBandPermutation(const BandPermutation &permutation);

} // namespace affjit
