// An affine load or store's address as a linear function of its loop
// variables: the byte offset into its memref (static shape, row-major) as
// coefficients over the access map's operands plus a constant. The cost
// models read strides off it: how far an access moves per iteration of a
// loop (NestTraffic.h), and whether the copies of a jammed loop's streams
// land a multiple of the L1's way size apart (UnrollAndJam.h). It only
// reads the IR.
#pragma once

#include "frontend/ir/IR.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace affjit {

struct LinearAccess {
  Value *memref = nullptr;
  /// The composed access map's operands (loop variables, symbols) and the
  /// bytes each adds per unit.
  std::vector<Value *> operands;
  std::vector<int64_t> coefficients;
  /// The byte offset when every operand is 0, and the bytes one access
  /// reads or writes.
  int64_t constant = 0, bytes = 0;

  /// Bytes the access moves per unit of `v` (0 when it does not use `v`).
  int64_t byteStrideOf(Value *v) const;
};

/// `op`'s linear address; nullopt unless `op` is an affine (vector) load or
/// store of a static identity-layout memref with a map free of divisions
/// and modulos.
std::optional<LinearAccess> getLinearAccess(Operation *op);

} // namespace affjit
