// Flattening of affine expressions into linear rows (seed 001, "Affine
// Relations and Constraints"): every floordiv, ceildiv and mod by a constant
// becomes a local variable q = floor(e / c) with c*q <= e <= c*q + c - 1, as
// MLIR's AffineExprFlattener does, so access maps, loop bounds and if
// conditions can enter a ConstraintSystem.
#pragma once

#include "frontend/analysis/ConstraintSystem.h"
#include "frontend/ir/AffineExpr.h"

#include <span>
#include <vector>

namespace affjit {

struct FlatExprs {
  /// One row per expression over [dims, symbols, locals, constant].
  std::vector<std::vector<int64_t>> rows;
  /// The locals' defining inequalities, same columns as `rows`.
  ConstraintSystem localCst;
};

/// Flattens `exprs` over `numDims` dims and `numSymbols` symbols. Locals are
/// shared between the expressions. Returns false for semi-affine expressions
/// (a product of two variables, a division by a non-constant or by <= 0).
bool flattenAffineExprs(std::span<const AffineExpr> exprs, unsigned numDims,
                        unsigned numSymbols, FlatExprs &out);

} // namespace affjit
