// Pass `normalize`: rewrites every affine.for to start at 0 with step 1 and
// replaces loops that run once by their body, innermost first — MLIR's
// `-affine-loop-normalize=promote-single-iter=1` for affine.for (seed 000,
// "affine.for"). Later passes (tiling, unroll-and-jam, fusion's slices)
// reason more simply about normalized loops, and promotion removes the
// one-trip loops that fusion and tiling leave behind.
#pragma once

#include "frontend/ir/Diagnostics.h"
#include "frontend/ir/IR.h"

namespace affjit {

struct NormalizeLoopsOptions {
  /// Replace loops with a constant trip count of one by their body.
  bool promoteSingleIteration = true;
};

/// Normalizes the affine.for loops of every function in `module`. Loops
/// whose lower bound is a max of several values are left as they are.
bool normalizeLoops(Module &module, DiagnosticEngine &diag,
                    const NormalizeLoopsOptions &options);

} // namespace affjit
