// Lowering of a verified affjit module to LLVM IR: functions with MLIR's
// calling convention (memref arguments expanded into descriptor fields) plus
// `_mlir_ciface_` wrappers taking descriptor pointers, and every op through
// the per-dialect lowerings (OpLowerings.h).
#pragma once

#include "frontend/ir/Diagnostics.h"
#include "frontend/ir/IR.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <cstdint>
#include <memory>
#include <optional>

namespace affjit {

struct TargetModel;

struct LowerOptions {
  /// Emit a bounds check before every memref access (`run --checked`).
  bool checked = false;
  /// Threads an affine.parallel runs on (1: sequential loops, as MLIR's
  /// own lowering runs them).
  unsigned threads = 1;
  /// Every float op gets all of LLVM's fast-math flags (`--fast-math`,
  /// clang's -ffast-math: reassociation, FMA contraction, no NaN/Inf);
  /// otherwise only those its own `fastmath<...>` attribute names. Float
  /// reductions of affine.parallel then run in parallel too.
  bool fastMath = false;
  /// Measure traffic: call the runtime's hooks around each traced nest
  /// (NestTracing.h), numbered from this id.
  std::optional<int64_t> firstTracedNest;
  /// The machine the code is for (its vector ISAs choose the vector math
  /// library's variants); null: this host.
  const TargetModel *target = nullptr;
};

/// Lowers `module`; null (with diagnostics) if an op cannot be lowered.
std::unique_ptr<llvm::Module> lowerToLLVM(Module &module,
                                          llvm::LLVMContext &context,
                                          DiagnosticEngine &diag,
                                          const LowerOptions &options = {});

} // namespace affjit
