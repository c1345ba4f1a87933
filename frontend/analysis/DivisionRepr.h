// Division representations of local variables (seed 001, "mergeLocalVars"):
// a local q is known to be floor(dividend / denominator) when a pair of
// inequalities `0 <= dividend - d*q <= d - 1` or an equality pins it down.
// Two locals with the same representation are the same integer, so when two
// constraint systems are brought into one space (relation composition, if
// conditions joining a loop domain) the duplicates are merged, as MLIR's
// presburger::mergeLocalVars does; the merge order decides the column order
// and hence MLIR's Fourier-Motzkin answers.
#pragma once

#include "frontend/analysis/ConstraintSystem.h"

#include <functional>
#include <vector>

namespace affjit {

struct DivisionRepr {
  /// Per local: the dividend over all columns of the system (the local's own
  /// column is 0) and the denominator, 0 when no representation is known.
  std::vector<std::vector<int64_t>> dividends;
  std::vector<int64_t> denoms;
  /// Column of the first local.
  unsigned divOffset = 0;
};

/// The representations of the locals of `cst` that can be expressed through
/// dims, symbols and already represented locals.
DivisionRepr getLocalReprs(const ConstraintSystem &cst);

/// Merges local j into an earlier local i with the same representation
/// whenever `merge(i, j)` (positions among the locals) agrees.
void removeDuplicateDivs(DivisionRepr &divs,
                         const std::function<bool(unsigned, unsigned)> &merge);

/// Local i of `cst` becomes i + (local j): column j is added to column i and
/// removed.
void eliminateRedundantLocalVar(ConstraintSystem &cst, unsigned i, unsigned j);

/// Gives `a` and `b` the union of their locals, [a's, b's], merging b's
/// locals that duplicate a division already present. Returns how many locals
/// `a` gained. Both must have the same dims and symbols.
unsigned mergeLocalVars(ConstraintSystem &a, ConstraintSystem &b);

} // namespace affjit
