// Adding affine maps over IR values to a ConstraintSystem (seed 001,
// "Affine Relations and Constraints"), as MLIR's FlatAffineValueConstraints
// does: each operand gets its column (an induction variable's dim, or a
// symbol found or appended by value, pinned to its value if constant) and
// each division a local inserted before the existing locals, with its two
// defining inequalities added, so bounds, conditions and subscripts share one
// space with MLIR's column and row order.
#pragma once

#include "frontend/analysis/AffineValueMap.h"
#include "frontend/analysis/ConstraintSystem.h"

#include <vector>

namespace affjit {

using FlatRow = std::vector<int64_t>;

/// Flattens the results of `avm` (already composed/canonicalized) into rows
/// over the columns of `cst`. Returns false if the map is semi-affine or
/// uses an induction variable that is not a dim of `cst`.
bool flattenValueMap(ConstraintSystem &cst, const AffineValueMap &avm,
                     std::vector<FlatRow> &rows);

} // namespace affjit
