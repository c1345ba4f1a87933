// Adding affine maps over IR values to a ConstraintSystem (seed 001,
// "Affine Relations and Constraints"): each operand gets its column (an
// induction variable's dim, or a symbol found or appended by value), each
// division a local, so bounds, conditions and subscripts share one space.
#pragma once

#include "frontend/analysis/AffineValueMap.h"
#include "frontend/analysis/ConstraintSystem.h"

#include <vector>

namespace affjit {

using FlatRow = std::vector<int64_t>;

/// Flattens the results of `avm` into rows over the columns of `cst`,
/// appending the symbols and locals they need. Returns false if the map is
/// semi-affine or uses an induction variable that is not a dim of `cst`.
bool flattenValueMap(ConstraintSystem &cst, const AffineValueMap &avm,
                     std::vector<FlatRow> &rows);

/// Widens rows built for an older column layout of `cst` after vars were
/// appended: `oldDimsSyms` dims+symbols and `oldLocals` locals before.
void widenRows(std::vector<FlatRow> &rows, const ConstraintSystem &cst,
               unsigned oldDims, unsigned oldSymbols, unsigned oldLocals);

} // namespace affjit
