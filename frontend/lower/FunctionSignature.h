// MLIR's LLVM calling convention for func.func, shared by definitions,
// calls and the C-interface wrappers: memref arguments expand into their
// descriptor fields, unranked memrefs into (rank, descriptor pointer), and
// several results are packed into a struct.
#pragma once

#include "frontend/lower/LoweringContext.h"

namespace affjit {

/// The LLVM function type of a func.func of type `fnType`.
llvm::FunctionType *convertFunctionType(LoweringContext &lc, Type fnType);
/// The `_mlir_ciface_` type: memrefs by pointer, struct results returned
/// through a leading pointer argument.
llvm::FunctionType *convertCInterfaceType(LoweringContext &lc, Type fnType);
/// Appends the expanded LLVM arguments for `value` of type `type`.
void expandArgument(LoweringContext &lc, Type type, llvm::Value *value,
                    std::vector<llvm::Value *> &out);
/// Rebuilds a descriptor (or returns the scalar) from expanded arguments
/// starting at `args[pos]`; advances `pos`.
llvm::Value *collapseArguments(LoweringContext &lc, Type type,
                               llvm::Function::arg_iterator &it);
/// Packs results for a `return` (void, one value, or a struct).
llvm::Value *packResults(LoweringContext &lc, Type fnType,
                         const std::vector<llvm::Value *> &results);
/// True if `type` is passed as a descriptor (memref or unranked memref).
inline bool isDescriptorType(Type t) { return t.isAnyMemRef(); }

} // namespace affjit
