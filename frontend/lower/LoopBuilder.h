// Emits a counted loop `for (iv = lb; iv < ub; iv += step)` with loop-carried
// values as LLVM phis: the shape shared by affine.for and each dimension of
// affine.parallel.
#pragma once

#include "frontend/lower/LoweringContext.h"

#include <functional>

namespace affjit {

/// The body callback receives the IV and the current carried values and
/// returns the values for the next iteration (empty vector on failure).
using LoopBodyFn = std::function<bool(llvm::Value *iv,
                                      const std::vector<llvm::Value *> &carried,
                                      std::vector<llvm::Value *> &next)>;

/// Loops of fewer iterations than this (constant bounds) count as short:
/// LLVM's loop vectorizer is kept off them (LoopBuilder.cpp) and unrolling
/// them fully pays (AffineOps lowering).
inline constexpr int64_t kShortLoopTrips = 8;

/// True when `for (i = lb; i < ub; i += step)` runs fewer than
/// kShortLoopTrips iterations (false for a step that is not positive).
bool isShortLoop(int64_t lb, int64_t ub, int64_t step);

/// What LLVM may do with an emitted loop beyond the defaults.
struct LoopHints {
  /// False: `llvm.loop.unroll.disable` (affine.for {affjit.unroll = false}).
  bool unroll = true;
};

/// Emits the loop at the insertion point; on return the builder is in the
/// exit block and `results` holds the carried values after the loop.
bool emitCountedLoop(LoweringContext &lc, llvm::Value *lb, llvm::Value *ub,
                     llvm::Value *step, const std::vector<llvm::Value *> &init,
                     const LoopBodyFn &body,
                     std::vector<llvm::Value *> &results, LoopHints hints = {});

/// Lowers the body block of a loop-like op: maps `blockArgs` to the block's
/// arguments, lowers its ops, and returns the values its terminator yields
/// in `yielded`.
bool lowerLoopBody(LoweringContext &lc, Block &block,
                   const std::vector<llvm::Value *> &blockArgs,
                   std::vector<llvm::Value *> &yielded);

} // namespace affjit
