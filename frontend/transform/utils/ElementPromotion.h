// Promotion of loop-invariant memory elements to registers: the first step
// the vectorizer issue asks of reductions that go through memory
// (`acc[j] = acc[j] + A[i][j]` in a loop over i, `C[i,j] += A[i,k] * B[k,j]`
// in a loop over k). Loads and stores of one element whose subscripts do
// not change in an affine.for become a loop-carried value (seed 000's
// iter_args, the form seed 003 vectorizes): one load before the loop, the
// value carried through `iter_args`/`affine.yield`, one store after it. A
// loop-invariant element the loop only reads is loaded once before it. The
// program's order of operations is unchanged, so results are bit-identical.
#pragma once

#include "frontend/ir/Ops.h"

#include <functional>
#include <string>

namespace affjit {

/// Receives a remark: where, and what was promoted.
using PromotionRemark = std::function<void(const Location &, std::string)>;

/// Promotes every loop-invariant element of `forOp` it can: one that only
/// scalar affine.load / affine.store ops directly in the loop's body touch,
/// all with the same memref, map and operands defined outside the loop,
/// while nothing else in the loop (nested ops included) may read or write
/// that buffer or unknown memory; an element the loop writes must be read
/// before it is written (a value carried from the previous iteration:
/// an accumulation), else it is left in memory. The loop must run at least once
/// (a constant trip count), as the promoted load and store then run no element
/// the original did not. `forOp` is replaced by a loop with more iter_args when
/// a stored element is promoted; the returned loop is the one in the IR
/// afterwards. `promoted`, if given, counts the elements.
AffineForOp promoteInvariantElements(AffineForOp forOp,
                                     const PromotionRemark &remark = {},
                                     unsigned *promoted = nullptr);

} // namespace affjit
