// Whether a computation slice of a source nest may run inside a destination
// nest (seed 002, "3. affine::canFuseLoops"), decided exactly where MLIR's
// check is loose. The fused order runs, for each iteration t of the
// destination's outer loops, the slice's source iterations S(t) and then
// the destination's iterations under t. Two cases are legal:
//  - one-to-one slices (each source iteration runs once, at the t its
//    mapped loops give): every dependence between the two nests must go
//    from a source iteration whose t is not after the destination
//    iteration's t (checked with the Omega test), and every dependence
//    inside the source must keep the mapped loops' values (distance 0), so
//    the source's own order is kept;
//  - redundant slices (a source iteration may run under several t): only
//    for an idempotent source (it reads no buffer it writes, and no two of
//    its iterations write one element) whose inputs the destination does
//    not write, and only when every conflicting access pair is one the
//    slice was computed from.
// A stepped source loop whose lower bound the slice narrows must start at a
// single value (its clone is started on the step lattice from it).
// MLIR also admits redundant slices of sources that accumulate in memory,
// which recompute the sums (seed 002's note on depth 3 and 4). The check
// only reads the IR.
#pragma once

#include "frontend/analysis/ComputationSlice.h"

#include <string>
#include <utility>
#include <vector>

namespace affjit {

struct FusionLegality {
  bool legal = false;
  /// Why not, when not legal.
  std::string reason;
  /// Every source iteration runs at least once in the fused nest, so the
  /// source nest can go even when what it writes is read later.
  bool coversSource = false;
};

/// Whether every use of `memref` other than memref.dealloc is inside one
/// of `roots` (a private memref candidate), `memref` being a local
/// memref.alloc / memref.alloca.
bool isOnlyUsedIn(Value *memref, const std::vector<Operation *> &roots);

/// Checks `slice` of the nest `srcRoot` placed in `dstRoot`; `anchors` are
/// the access pairs the slice was computed from.
FusionLegality checkFusionLegality(
    const ComputationSlice &slice, Operation *srcRoot, Operation *dstRoot,
    const std::vector<std::pair<Operation *, Operation *>> &anchors);

} // namespace affjit
