// libFuzzer target: arbitrary bytes through parse -> verify -> lower to
// LLVM IR -> LLVM's verifier (nothing is executed). Every module affjit
// accepts must lower to valid LLVM IR or be rejected with a diagnostic, and
// every registered pass must leave it verified and lowerable.
#include "frontend/lower/LowerToLLVM.h"
#include "frontend/parse/Parser.h"
#include "frontend/print/Printer.h"
#include "frontend/transform/PassPipeline.h"
#include "frontend/verify/Verifier.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include <cstdint>
#include <cstdlib>
#include <iostream>

namespace {

/// Lowers `m` with and without checks; aborts if LLVM's verifier rejects
/// what the lowering produced (a diagnostic instead is fine).
void lowerAndVerify(affjit::Module &m) {
  for (bool checked : {false, true}) {
    llvm::LLVMContext context;
    affjit::DiagnosticEngine diag;
    affjit::LowerOptions options;
    options.checked = checked;
    std::unique_ptr<llvm::Module> ir =
        affjit::lowerToLLVM(m, context, diag, options);
    if (!ir)
      return; // rejected with a diagnostic
    if (llvm::verifyModule(*ir, &llvm::errs())) {
      ir->print(llvm::errs(), nullptr);
      std::abort();
    }
  }
}

/// Runs `pass` on a copy of `m`: a pass may decline with a diagnostic, but
/// what it returns must verify and lower.
void checkPass(affjit::Module &m, const affjit::PassInfo &pass) {
  affjit::Module copy(m.getOperation()->clone());
  affjit::DiagnosticEngine diag;
  affjit::PassContext context(diag, pass.name);
  if (!pass.run(copy, context))
    return;
  if (!affjit::verifyModule(copy, diag)) {
    std::cerr << "pass '" << pass.name << "' broke the module:\n";
    diag.print(std::cerr);
    affjit::printModule(copy, std::cerr, {/*generic=*/true});
    std::abort();
  }
  lowerAndVerify(copy);
}

} // namespace

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
  lowerAndVerify(*m);
  for (const affjit::PassInfo &pass : affjit::passRegistry().passes)
    checkPass(*m, pass);
  return 0;
}
