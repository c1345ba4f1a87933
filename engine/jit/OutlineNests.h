// Moves each top-level loop of a large function into a function of its
// own before LLVM optimizes the module. LLVM's loop passes (rotation,
// unrolling, load elimination) cost time in proportion to the size of the
// function they run in, once per loop, so one function with N loop nests
// takes time quadratic in N; N small functions take linear time and can be
// compiled concurrently (ModuleSplit.h). The outlined functions are
// internal and never inlined back. Functions below the size threshold (every
// kernel of normal size) are left exactly as they are, so their code does
// not change.
#pragma once

#include <llvm/IR/Module.h>

#include <cstdint>

namespace affjit {

struct OutlineThresholds {
  /// Functions with fewer instructions keep their loops.
  uint64_t minInstructions = 5000;
  /// A large function with this many top-level loops gets a function per
  /// loop; with one, its body is cut into runs of inner loops.
  unsigned minLoops = 2;
  /// About this many instructions per run of inner loops.
  uint64_t chunkInstructions = 1000;
};

/// Outlines the top-level loops of every function of `module` above the
/// thresholds; returns how many loops it outlined.
unsigned outlineLoopNests(llvm::Module &module,
                          const OutlineThresholds &thresholds = {});

/// The number of instructions in `function`.
uint64_t instructionCount(const llvm::Function &function);

} // namespace affjit
