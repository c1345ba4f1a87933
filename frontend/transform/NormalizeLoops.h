// Pass `normalize`: rewrites every affine.for to start at 0 with step 1 and
// replaces loops that run once by their body, innermost first — MLIR's
// `-affine-loop-normalize=promote-single-iter=1` for affine.for (seed 000,
// "affine.for"). Later passes (tiling, unroll-and-jam, fusion's slices)
// reason more simply about normalized loops, and promotion removes the
// one-trip loops that fusion and tiling leave behind. With its report on
// (`--opt-report=normalize`) it says for every loop what it did: normalized
// (old bounds -> new trip count), promoted, or left alone and why. It
// changes no order and reads no dependence: the new upper bound
// ceildiv(ub - lb, step) is <= 0 exactly when the loop ran zero times.
#pragma once

#include "frontend/ir/IR.h"
#include "frontend/transform/PassContext.h"

namespace affjit {

struct NormalizeLoopsOptions {
  /// Replace loops with a constant trip count of one by their body.
  bool promoteSingleIteration = true;
};

/// Normalizes the affine.for loops of every function in `module`. Loops
/// whose lower bound is a max of several values are left as they are.
bool normalizeLoops(Module &module, PassContext &context,
                    const NormalizeLoopsOptions &options);

} // namespace affjit
