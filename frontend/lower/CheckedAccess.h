// Checked mode (`run --checked`): the bounds checks emitted before memref
// accesses. A scalar access checks each of its indices. A vector access
// checks every index of each lane it really accesses, the lanes its mask
// enables: a disabled lane outside the memref (an `affine.if` that
// `vectorize` turned into a mask) is not an access, so not an error, while
// every enabled lane is checked, not only the first. A failed check calls
// the runtime's report, which does not return. Nothing is emitted unless
// LowerOptions::checked is set.
#pragma once

#include "frontend/ir/IR.h"

#include <llvm/IR/Value.h>

#include <optional>
#include <vector>

namespace affjit {

class LoweringContext;

/// Stops the program when `index` is outside [0, size) of dimension `dim`.
void emitIndexCheck(LoweringContext &lc, llvm::Value *index, llvm::Value *size,
                    unsigned dim, const Location &loc);

/// A vector access of `lanes` lanes to `memref`: lane l is at `first` with
/// `first[*laneDim] + l` (no laneDim: every lane at `first`), and runs when
/// lane l of `mask` (an <lanes x i1>; null: every lane) is set.
struct LaneAccess {
  Value *memref;
  std::vector<llvm::Value *> first;
  std::optional<unsigned> laneDim;
  unsigned lanes;
  llvm::Value *mask;
};

/// Stops the program when an enabled lane of `access` falls outside the
/// memref, reporting the first such lane's index.
void emitLaneChecks(LoweringContext &lc, const LaneAccess &access,
                    const Location &loc);

} // namespace affjit
