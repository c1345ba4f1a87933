// The footprint of a tile (issue 15's tiling model; seed 002's memref
// regions, taken as bounding boxes): the bytes one iteration of a loop
// touches when loops inside it are cut to given trip counts. Computed from
// the subscripts by interval arithmetic, so `tile` can weigh dozens of
// candidate tilings without building them (an exact region per candidate
// cost ~2 ms) and without changing the IR. Each subscript moves by
// |coefficient| x (count - 1) x step along each loop inside; values from
// outside the loop stay put, which is what lets the accesses to one memref
// share a box (A[i, k] and A[i + 1, k] make a box of two rows).
#pragma once

#include "frontend/ir/Ops.h"

#include <optional>
#include <utility>
#include <vector>

namespace affjit {

/// The bytes one iteration of `outer` touches when each loop in `counts`
/// (nested in `outer`) runs the given number of iterations and every other
/// loop inside `outer` its constant trip count: per memref, the box that
/// bounds all its accesses, clamped to the memref's shape. nullopt when a
/// subscript is not affine in induction variables and values from outside
/// `outer` (a division, a loaded index), a loop inside has no constant
/// trip count, or a memref has a dynamic shape. With `part` (an op inside
/// `outer`), only the accesses inside `part` count.
std::optional<double> estimateTileFootprintBytes(
    AffineForOp outer,
    const std::vector<std::pair<AffineForOp, int64_t>> &counts,
    Operation *part = nullptr);

} // namespace affjit
