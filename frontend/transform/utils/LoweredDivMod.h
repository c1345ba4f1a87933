// Recognizes the arith sequences that MLIR's lower-affine pass expands an
// affine `mod`, `floordiv` and `ceildiv` by a positive constant into, so
// raise-scf can read them back as affine expressions. Each shape is checked
// op by op (same values, same constants) and so computes exactly the
// affine operation for every input. Matches the forms before and after
// CSE (constants are compared by value, not by identity).
#pragma once

#include "frontend/ir/IR.h"

#include <cstdint>
#include <optional>

namespace affjit {

enum class LoweredDivModKind { Mod, FloorDiv, CeilDiv };

struct LoweredDivMod {
  LoweredDivModKind kind;
  Value *dividend;
  int64_t divisor; // positive
};

/// `select` (an arith.select of indices) as the last op of a lowered
/// affine mod / floordiv / ceildiv, or none.
std::optional<LoweredDivMod> matchLoweredDivMod(Operation *select);

} // namespace affjit
