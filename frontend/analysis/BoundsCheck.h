// The static bounds check of `affjit check`, after MLIR's
// boundCheckLoadOrStoreOp (`mlir-opt -test-memref-bound-check`): for every
// affine access, the region it touches (MemRefRegion.h, seed 002's regions,
// at depth 0) is intersected with "index >= size" and with "index <= -1"
// per dimension; a non-empty intersection is an access out of bounds,
// worded as MLIR words it:
//
//   'affine.load' op memref out of upper bound access along dimension #1
//
// Differences from MLIR, each removing a false alarm or a miss:
// - emptiness is exact over the integers (Omega test), not rational;
// - steps and affine.if conditions bound the iteration domain (see
//   MemRefRegion.h for the else-regions);
// - vector accesses are checked over the whole vector, DMA transfers over
//   all the elements they move (and their tag), not only the first one;
// - a `?` dimension's size is a symbol D >= 0, equal to every `memref.dim`
//   of that dimension and to the alloc operand that sized it, so a subscript
//   bounded by those is proved in bounds. When it is not, the access "may
//   be" out of bounds (a warning: it depends on the sizes at run time),
//   where MLIR reports every access to a `?` dimension as an error.
// As in MLIR, a violation for some value of the other symbols (function
// arguments, ...) is an error. An access whose subscripts or loop bounds
// are not affine is reported as not checked (a warning).
#pragma once

#include "frontend/ir/Diagnostics.h"
#include "frontend/ir/IR.h"

#include <string>
#include <vector>

namespace affjit {

struct BoundsDiagnostic {
  Operation *op = nullptr;
  Severity severity = Severity::Error;
  std::string message; // "'affine.load' op memref out of ..."
};

/// Checks every affine.load/store/vector_load/vector_store and
/// affine.dma_start/dma_wait inside `root`, in program order; per op, per
/// dimension the upper bound, then the lower bound.
std::vector<BoundsDiagnostic> checkMemRefBounds(Operation *root);

/// Checks one op (none for ops that access no memref).
std::vector<BoundsDiagnostic> checkOpBounds(Operation *op);

} // namespace affjit
