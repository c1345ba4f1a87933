// Pass `unroll-jam`: register blocking by unroll-and-jam (seed 000's
// affine.for; the micro-kernel shape of BLIS, Low et al., and of
// Bondhugula's "High Performance Code Generation in MLIR", §4). A loop that
// carries values in registers across an innermost loop — accumulators
// left by `scalrep` and `vectorize`, `C[i, j:j+64]` over k — reloads
// everything else each iteration; the operands that do not depend on an
// enclosing loop (`B[k, j:j+64]` does not depend on i) could serve several
// of its iterations at once. So that enclosing loop runs U iterations per
// step, its body's copies jammed: inner loops whose bounds do not depend on
// it are merged (one k loop carrying U sets of accumulators), the copies of
// other ops follow each other, and a load all copies share is done once.
// U fills the vector registers with accumulators (the target's register
// count, a quarter kept for operands), at most 8, and fewer than the L1's
// ways when the copies' streams would all fall in one L1 set. The loop chosen
// is the enclosing one whose iterations share the most loaded register width
// among those that can be blocked (the next one when the best cannot). A
// scalar loop carrying a float (a sum kept in order: layernorm's rows) is
// blocked even when its copies share no load: its adds wait on each other,
// and U copies run U chains at once.
// Jamming must keep every dependence it carries (UnrollJamLegality.h: a
// parallel loop, or one like atax's rows whose dependences run forward
// along the inner loops), a load is shared only if the loop never writes its
// memref, and the trip count must be constant; iterations left over run in
// the original loop after it. Bounds: the blocked loop has constant bounds
// and at least 2 iterations (U is at most its trip count); the jammed loop
// ends at lb + (trips / U) * U * step, computed in 128 bits, and the
// original loop restarts there, so no bound is made that the loop's own
// do not imply. Each copy's ops keep their order, so results
// are bit-identical. `--opt-report=unroll-jam` says which loop was blocked
// by how much, or why a nest was not.
#pragma once

#include "frontend/analysis/FusionCost.h"
#include "frontend/ir/IR.h"
#include "frontend/target/TargetModel.h"
#include "frontend/transform/PassContext.h"

namespace affjit {

struct UnrollAndJamOptions {
  /// The registers' size and count (the host's by default).
  VectorizationTarget target = TargetModel::host().vectorization();
  /// The most copies of one loop's body.
  unsigned maxFactor = 8;
  /// The L1's size and ways: copies of streams a multiple of its way
  /// size apart share a set.
  CacheSizes caches = TargetModel::host().caches;
};

/// Unrolls and jams the loops around register-carried accumulators in every
/// function of `module`.
bool unrollAndJamLoops(Module &module, PassContext &context,
                       const UnrollAndJamOptions &options);

} // namespace affjit
