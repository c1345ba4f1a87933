// The lanes of a vectorized loop on which an affine.if's condition holds,
// as a `vector<N x i1>` (seed 003: `affine.if` inside the vectorized loop
// becomes a mask). Each constraint `e >= 0` (or `e == 0`) is evaluated at
// the vector loop's first lane by an affine.apply; lane k adds k times the
// constraint's growth per iteration, so the mask is
// `broadcast(e) + [0, s, 2s, ...] >= 0` in i64, and-ed over constraints.
#pragma once

#include "frontend/ir/Builder.h"
#include "frontend/ir/Ops.h"

#include <cstdint>
#include <vector>

namespace affjit {

/// The mask of `set` over `operands` (mapped into the vector loop), where
/// `laneSteps[k]` is constraint k's growth from one lane to the next
/// (getConditionLaneSteps).
Value *buildConditionMask(OpBuilder &b, const IntegerSet &set,
                          const std::vector<Value *> &operands,
                          const std::vector<int64_t> &laneSteps,
                          unsigned lanes);

/// `a & b` and `!a` on masks.
Value *andMasks(OpBuilder &b, Value *a, Value *c);
Value *invertMask(OpBuilder &b, Value *mask);

} // namespace affjit
