// Loop utilities the affine passes share, after MLIR's Affine LoopUtils
// (seed 000, "affine.for"; seed 002 uses them after fusing): the perfectly
// nested band of a nest, constant trip counts, promotion of a loop that
// runs once, normalization of bounds to `0 to N step 1`, and the small
// pieces unrolling needs.
#pragma once

#include "frontend/analysis/AffineValueMap.h"
#include "frontend/analysis/ValueOrigins.h"
#include "frontend/ir/Builder.h"
#include "frontend/ir/Ops.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace affjit {

/// Gives `to`'s induction variable the source name of `from`'s, so that
/// reports name a rewritten loop as the user wrote it.
void inheritInductionVarName(AffineForOp from, AffineForOp to);

/// Moves `statements` (ops of `loop`'s body, in program order, using no
/// value the rest of the body makes but constants) into a copy of `loop`'s
/// header placed right after it, and returns the copy. Constants of the
/// body they use go before `loop`, where both loops see them. `loop`
/// carries no values.
AffineForOp moveIntoCopyAfter(AffineForOp loop,
                              const std::vector<Operation *> &statements);

/// `v + k` as an affine.apply at `b` (`v` itself when k is 0): the
/// induction variable of an unrolled copy.
Value *addConstantIndex(OpBuilder &b, Value *v, int64_t k);

/// True if `op` or an op nested in it takes or makes a vector: a loop the
/// vectorizer has done, whose lanes already run side by side.
bool usesVectors(Operation *op);

/// `root` and the loops perfectly nested in it: each one's body holds only
/// the next loop (and its yield). Stops at a loop with iter_args below the
/// root, as a perfectly nested band carries no values.
std::vector<AffineForOp> getPerfectlyNestedLoops(AffineForOp root);

/// `a - b` result by result over the union of their operands (a's dims,
/// b's dims, a's symbols, b's symbols), composed, simplified and
/// canonicalized (operands that cancel out dropped): MLIR's
/// AffineValueMap::difference followed by canonicalize().
AffineValueMap differenceOf(const AffineValueMap &a, const AffineValueMap &b);

/// The number of iterations as a map over values: `(ub_k - lb) ceildiv
/// step` per upper bound result (the count is their minimum); nullopt for
/// a lower bound that is a max of several.
std::optional<AffineValueMap> getTripCountMap(AffineForOp forOp);

/// The trip count when it is the same for every execution of the loop.
std::optional<uint64_t> getConstantTripCount(AffineForOp forOp);

/// `lb + (trips / factor) * factor * step`: where the whole steps of a loop
/// of constant bounds run `factor` iterations at a time end (the leftover
/// iterations start there). Computed in 128 bits: only when `factor`
/// divides `trips` can it pass the loop's upper bound (by less than a
/// step), and it is then clamped to the largest index, which ends the
/// loop at the same iteration.
int64_t unrolledLoopEnd(int64_t lb, uint64_t trips, unsigned factor,
                        int64_t step);

/// Replaces `forOp` by a loop with `inits` appended to its iter_args and
/// the same body; the new loop yields the new carried values unchanged
/// until the caller changes its yield. The old loop's results are
/// replaced by the new loop's leading results, and the old loop erased.
AffineForOp addIterArgs(AffineForOp forOp, const std::vector<Value *> &inits);

/// Replaces a loop that runs exactly once by its body: the induction
/// variable becomes the lower bound (a constant at the top of the function,
/// the bound's operand, or an affine.apply), and the results the values the
/// body yields. Returns false (and changes nothing) for any other loop.
bool promoteIfSingleIteration(AffineForOp forOp);

/// Rewrites `for %i = lb to ub step s` as `for %j = 0 to (ub - lb) ceildiv s`
/// with `%i = lb + %j * s` computed by an affine.apply at the top of the
/// body (MLIR's normalizeAffineFor). Loops already normalized are left
/// as they are; returns false for a lower bound that is a max of several.
bool normalizeAffineFor(AffineForOp forOp);

} // namespace affjit
