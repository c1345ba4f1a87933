// The rewriting half of loop fusion (seed 002, "Fused src loop 0 into dst
// loop 1 at depth 2"): a computation slice of a source nest is cloned to the
// start of the destination's loop at the slice's depth with the slice's
// bounds, and a temporary only the fused nest uses shrinks to what one
// iteration at that depth touches (MLIR's createPrivateMemRef). Legality
// and profit are the analyses' (FusionLegality.h, FusionCost.h).
#pragma once

#include "frontend/analysis/ComputationSlice.h"

#include <string>

namespace affjit {

/// Clones `srcRoot` (the nest `slice.srcLoops` belongs to) to the start of
/// the body of `slice.dstLoops.back()`, each sliced loop bounded by the max
/// / min of its own bounds and the slice's (its own dropped where the
/// slice's provably lie inside), and promotes the loops that then run
/// once. The source nest is left where it was. A sliced loop keeps its
/// step, and a slice lower bound is rounded up onto the loop's step lattice
/// `lb + n * step` (unless it provably lies on it: `dst + c` of a
/// destination loop whose step is a multiple of the source's, both starting
/// on the lattice), so the clone runs only iterations the source loop runs.
/// Assumes a stepped loop with a sliced lower bound has a single lower
/// bound (fusion legality refuses the others), and that the rounded bound,
/// less than a step above the slice's, does not pass the largest index.
void insertSlice(Operation *srcRoot, const ComputationSlice &slice);

/// Replaces `memref` (a memref.alloc or memref.alloca whose only other
/// users are memref.dealloc ops) by a buffer holding what one iteration of
/// the outer `dstLoops` of `fusedRoot` touches, every access rebased to it;
/// the old buffer and its deallocs are erased. Small buffers become
/// memref.alloca at the function's entry (a register after LLVM's SROA),
/// larger ones memref.alloc before `fusedRoot` and dealloc after it.
/// Returns the new buffer's bytes, or nullopt (and `why`) with nothing
/// changed when the footprint has no constant bounding box.
std::optional<int64_t> privatizeMemRef(Value *memref, Operation *fusedRoot,
                                       const std::vector<AffineForOp> &dstLoops,
                                       std::string *why = nullptr);

} // namespace affjit
