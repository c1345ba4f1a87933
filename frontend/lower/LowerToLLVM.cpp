// The module-level driver of the LLVM lowering: globals first, then every
// function is declared (so calls can refer to any of them), then bodies are
// lowered op by op through the dialect lowerings.
#include "frontend/lower/LowerToLLVM.h"

#include "frontend/lower/FunctionLowering.h"
#include "frontend/lower/OpLowerings.h"

#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

namespace affjit {

std::unique_ptr<llvm::Module> lowerToLLVM(Module &module,
                                          llvm::LLVMContext &context,
                                          DiagnosticEngine &diag,
                                          const LowerOptions &options) {
  auto llvmModule = std::make_unique<llvm::Module>("affjit", context);
  LoweringContext lc(*llvmModule, diag, options, module);
  // Module-level ops that are not functions (memref.global) lower first.
  // Anything else there would need code outside any function to run.
  for (auto &op : module.getBody().getOperations()) {
    if (op->isa("func.func"))
      continue;
    if (!op->isa("memref.global")) {
      lc.emitError(*op, "only functions and memref.global can be compiled "
                        "at module level");
      return nullptr;
    }
    if (!lc.lowerOp(*op))
      return nullptr;
  }
  for (auto &op : module.getBody().getOperations())
    if (op->isa("func.func"))
      declareFunction(lc, *op);
  for (auto &op : module.getBody().getOperations())
    if (op->isa("func.func") && !lowerFunctionBody(lc, *op))
      return nullptr;
  std::string err;
  llvm::raw_string_ostream os(err);
  if (llvm::verifyModule(*llvmModule, &os)) {
    diag.error(Location(),
               "internal error: invalid LLVM IR generated: " + os.str());
    return nullptr;
  }
  return llvmModule;
}

} // namespace affjit
