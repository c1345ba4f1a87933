// Pass `distribute`: statement-level loop distribution where it lets a
// loop be vectorized around the nest it holds. PolyBench's covariance
// writes `for i: for j = i to M: {cov[i][j] = 0; for k: cov[i][j] += ...;
// cov[i][j] /= n; cov[j][i] = cov[i][j]}`: the transposed store moves
// along j by a whole row, so j cannot be vectorized, and the k sums run one
// element at a time. The pass moves such statements (straight-line groups
// holding an access that is neither contiguous nor invariant along the
// loop) into a copy of the loop after it, when every access left in the
// loop is contiguous or invariant along it and the nest it holds stays
// there; the vectorizer then widens j around the k loop, each lane's sum
// still added in order. Legality is DistributionLegality.h's: no dependence
// from a moved statement to one that stays may be reversed. The copy has
// the loop's own bounds, step and lower-bound operands, so loops that run
// zero times, steps and triangular bounds (`j = i to M`) are kept. It
// assumes the function's memref arguments are distinct (the alias guard
// keeps the written order for overlapping ones). With its report on it
// says, per candidate loop, what it moved or why not.
#pragma once

#include "frontend/ir/IR.h"
#include "frontend/transform/PassContext.h"

namespace affjit {

/// Distributes the candidate loops of every function in `module`.
bool distributeLoops(Module &module, PassContext &context);

} // namespace affjit
