// Which values an index is computed from: whether a subscript or a loop
// bound moves with an induction variable (through the affine.apply and
// arith ops that compute it). Shared by the analyses that model movement
// along a loop (NestTraffic.h) and the passes that rewrite loops.
#pragma once

#include "frontend/ir/Ops.h"

namespace affjit {

/// True if `v` is `from` or computed from it by ops (through their
/// operands, a bounded number of steps deep): whether an index moves with
/// a loop's induction variable.
bool isComputedFrom(Value *v, Value *from);

/// True if a lower or upper bound of `loop` is computed from `iv`.
bool boundsDependOn(AffineForOp loop, Value *iv);

} // namespace affjit
