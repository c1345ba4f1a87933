// The alias guard: what makes the optimizer's argument contract hold.
//
// Every analysis takes two ranked memref arguments of one function to be
// distinct buffers (getBufferAlias in frontend/ir/MemoryEffects.h), as
// MLIR's affine analyses do. Callers may still pass one buffer twice, or
// overlapping views of it. So the pass pipeline keeps, before its passes
// run, a copy of every function with two or more memref arguments of which
// one may be written; a function the passes then changed becomes three:
//
//   @f.optimized   the function after the passes,
//   @f.as_written  the copy from before them (both private, marked with
//                  kAliasVersionAttr: not functions the user wrote),
//   @f             the same signature: computes the address range each
//                  memref argument covers (extract_aligned_pointer_as_index,
//                  extract_strided_metadata) and calls @f.as_written when a
//                  range that may be written overlaps another non-empty
//                  range, @f.optimized otherwise.
//
// The guard is plain MLIR, so `affjit opt`'s output stays correct under
// mlir-opt too. Callers that promise never to pass overlapping memrefs
// (C's restrict; `--assume-distinct-args`) skip it. Its cost is a few integer
// operations per call. Ranges count every element a descriptor can address
// (negative strides included); element types without a byte size run
// @f.as_written always.
#pragma once

#include "frontend/ir/IR.h"
#include "frontend/transform/PassContext.h"

#include <memory>
#include <string>
#include <vector>

namespace affjit {

/// The functions the guard may need, copied before the passes.
struct AliasGuardSnapshot {
  struct Entry {
    std::string name;
    std::string printed;
    std::unique_ptr<Operation> copy;
  };
  std::vector<Entry> functions;
};

/// Copies each function of `module` whose memref arguments may alias in a
/// way a pass could get wrong.
AliasGuardSnapshot snapshotForAliasGuard(const Module &module);

/// Guards every function of `snapshot` that the passes changed; remarks go
/// to `context`.
void guardArgumentAliasing(Module &module, AliasGuardSnapshot snapshot,
                           PassContext &context);

/// A function taken out of its module, and the declaration standing in
/// for it meanwhile.
struct SetAsideFunction {
  Operation *stub;
  std::unique_ptr<Operation> function;
};

/// Takes the guard's copies of functions as written (from an earlier run of
/// the pipeline, e.g. `affjit opt` output read back) out of `module`,
/// leaving declarations: they run when arguments overlap, so no pass may
/// transform them under the argument contract.
std::vector<SetAsideFunction> setAsideFallbacks(Module &module);
/// Puts them back in place of their declarations.
void restoreFallbacks(std::vector<SetAsideFunction> fallbacks);

/// The optimized version `func` dispatches to when it is a guard, else
/// null: what to show a user who asks to see `func`'s code.
Operation *getGuardedFunction(const Module &module, Operation *func);

} // namespace affjit
