// An affine map together with the IR values it is applied to, brought to the
// form the polyhedral analyses need (seed 001, "Setting"): affine.apply
// chains composed in, constant operands folded into the map, repeated
// operands merged, so every remaining operand is a loop induction variable or
// a loop-invariant symbol.
#pragma once

#include "frontend/ir/AffineMap.h"
#include "frontend/ir/IR.h"

#include <optional>
#include <vector>

namespace affjit {

struct AffineValueMap {
  AffineMap map;
  std::vector<Value *> operands; // map dims, then map symbols
};

/// Composes affine.apply producers into `avm`, folds constant operands and
/// merges duplicates. Semi-affine results are kept as they are.
AffineValueMap composeAffineValueMap(AffineValueMap avm);
/// The same without composing affine.apply producers (MLIR canonicalizes
/// affine.if operands that way).
AffineValueMap canonicalizeAffineValueMap(AffineValueMap avm);

/// The value's integer constant if it is defined by arith.constant.
std::optional<int64_t> getConstantIntValue(const Value *v);
/// The affine.for or affine.parallel op whose induction variable `v` is.
Operation *getInductionVarOwner(const Value *v);

} // namespace affjit
