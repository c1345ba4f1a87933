// What an object file from `affjit compile` exports: each entry function
// under its own name with C's calling convention (memref descriptors by
// pointer, several results through a leading pointer: the `_mlir_ciface_`
// wrapper, which keeps its MLIR name too), an entry `@main` of type
// `() -> ()` as C's `int main(void)`, and nothing else: every other
// function the module defines becomes internal, so LLVM may inline or drop
// it and two objects never clash. Runs on lowered, unoptimized LLVM IR.
#pragma once

#include "frontend/ir/Types.h"

#include <llvm/IR/Module.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace affjit {

/// An entry point: the func.func name and its type.
using EntryFunction = std::pair<std::string, Type>;

/// Makes `module` export exactly `entries` (see above); nullopt on
/// success, else why one cannot be exported.
std::optional<std::string>
exportEntries(llvm::Module &module, const std::vector<EntryFunction> &entries);

} // namespace affjit
