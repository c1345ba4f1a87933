// Pass `normalize` (see NormalizeLoops.h).
#include "frontend/transform/NormalizeLoops.h"

#include "frontend/transform/utils/LoopUtils.h"

namespace affjit {

bool normalizeLoops(Module &module, DiagnosticEngine &,
                    const NormalizeLoopsOptions &options) {
  // Post-order: inner loops first, and promotion may erase the loop being
  // visited.
  walkOps<AffineForOp>(module.getOperation(), [&](AffineForOp forOp) {
    if (options.promoteSingleIteration && promoteIfSingleIteration(forOp))
      return;
    normalizeAffineFor(forOp);
  });
  return true;
}

} // namespace affjit
