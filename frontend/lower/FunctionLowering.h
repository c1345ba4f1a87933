// Lowering of func.func definitions and declarations: the LLVM function with
// MLIR's calling convention, its body, and the `_mlir_ciface_` wrapper that
// the C++ API and C callers use (descriptors passed by pointer).
#pragma once

#include "frontend/lower/LoweringContext.h"

namespace affjit {

/// Declares the LLVM function (and C-interface wrapper) for `func`.
void declareFunction(LoweringContext &lc, Operation &func);
/// Lowers the body of a func.func definition (declarations: nothing).
bool lowerFunctionBody(LoweringContext &lc, Operation &func);
/// True for a declaration marked `llvm.emit_c_interface`: calls to it go to
/// the external `_mlir_ciface_` function with descriptors by pointer.
bool wantsExternalCInterface(Operation &callee);
/// The name of the packed wrapper (`void(void **args)`) of function `name`.
std::string packedInterfaceName(const std::string &name);
/// The name of the C-interface wrapper of function `name`.
std::string cInterfaceName(const std::string &name);

} // namespace affjit
