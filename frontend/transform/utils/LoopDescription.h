// Loop bounds as text for the passes' remarks (`--opt-report`): `2 to 100
// step 3`, `%n to min(%m, 90)`, with the operands' source names, so a
// remark says which loop it means and what a pass made of it.
#pragma once

#include "frontend/analysis/DistributionLegality.h"
#include "frontend/ir/Ops.h"

#include <string>
#include <vector>

namespace affjit {

/// `%name` as the value was spelled in the source; `%?` for values the
/// source did not name (numbered results, values a pass created).
std::string valueName(const Value *value);

/// `LINE:COL` of `op` in its source file ("the nest at 6:9").
std::string describeLocation(const Operation *op);

/// One bound of a loop: a single expression, or `max(...)` (lower) /
/// `min(...)` (upper) of several, over `operands` (dims, then symbols).
std::string describeBound(const AffineMap &map,
                          const std::vector<Value *> &operands, bool lower);

/// `LB to UB` and ` step S` unless the step is 1.
std::string describeLoopBounds(AffineForOp forOp);

/// Why a distribution is refused, as a remark's clause: "the access at
/// 12:7 would run after the one at 9:5, which it may precede".
std::string describeConflict(const DistributionConflict &conflict);

} // namespace affjit
