// The iteration domain of an operation (seed 001, "srcDomain"/"dstDomain"):
// one dim per surrounding affine.for / affine.parallel induction variable,
// outermost first, constrained by the loop bounds (min/max maps as several
// inequalities, constant-lower-bound steps as a stride local) and by the
// conditions of surrounding affine.if ops; loop-invariant values are symbols.
// Built in MLIR's getOpIndexSet order (columns and rows alike), because the
// order steers Fourier-Motzkin and so the answers that must match MLIR's.
#pragma once

#include "frontend/analysis/ConstraintSystem.h"
#include "frontend/ir/IR.h"

#include <optional>
#include <vector>

namespace affjit {

struct DomainOptions {
  /// Exact semantics instead of MLIR's: also model steps of loops whose lower
  /// bound is not constant (MLIR leaves those out, over-approximating the
  /// domain), and let an affine.if condition constrain only its then-region
  /// (MLIR applies it to the else-region too, which is unsound).
  bool exactSteps = false;
};

/// The affine.for / affine.parallel / affine.if ops around `op` inside its
/// function, outermost first.
std::vector<Operation *> getEnclosingAffineOps(Operation *op);

/// The induction variables of the affine.for / affine.parallel ops around
/// `op`, outermost first: the dims of its iteration domain.
std::vector<Value *> getEnclosingInductionVars(Operation *op);

/// The domain of `op`, or nullopt if a bound or condition is not affine.
std::optional<ConstraintSystem>
getIterationDomain(Operation *op, const DomainOptions &options = {});

} // namespace affjit
