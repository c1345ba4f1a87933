// libFuzzer target: arbitrary bytes through parse -> verify -> lower to
// LLVM IR -> LLVM's verifier (nothing is executed). Every module affjit
// accepts must lower to valid LLVM IR or be rejected with a diagnostic.
#include "frontend/lower/LowerToLLVM.h"
#include "frontend/parse/Parser.h"
#include "frontend/verify/Verifier.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 64 * 1024)
    return 0;
  affjit::SourceBuffer src{
      std::make_shared<const std::string>("fuzz.mlir"),
      std::string(reinterpret_cast<const char *>(data), size)};
  affjit::DiagnosticEngine diag;
  std::unique_ptr<affjit::Module> m = affjit::parseModule(src, diag);
  if (!m || !affjit::verifyModule(*m, diag))
    return 0;
  for (bool checked : {false, true}) {
    llvm::LLVMContext context;
    affjit::LowerOptions options;
    options.checked = checked;
    std::unique_ptr<llvm::Module> ir =
        affjit::lowerToLLVM(*m, context, diag, options);
    if (!ir)
      return 0; // rejected with a diagnostic
    if (llvm::verifyModule(*ir, &llvm::errs())) {
      ir->print(llvm::errs(), nullptr);
      std::abort();
    }
  }
  return 0;
}
