// Inspection of the session's program (Inspect.h).
#include "engine/repl/Inspect.h"

#include "frontend/analysis/DependenceReport.h"
#include "frontend/print/Printer.h"

#include <llvm/IR/Module.h>
#include <llvm/Support/raw_os_ostream.h>

#include <sstream>

namespace affjit::repl {

namespace {

Error checkTarget(Session &session, const InspectTarget &target) {
  if (!target.function.empty() &&
      !session.getDefinitions().lookupFunction(target.function))
    return Error("no function named @" + target.function + " is defined");
  if (session.getDefinitions().functionNames().empty())
    return Error("nothing is defined yet");
  return Error();
}

/// The optimized LLVM module the JIT would compile for the program.
Error optimizedModule(Session &session, const InspectTarget &target,
                      llvm::LLVMContext &context,
                      std::unique_ptr<llvm::Module> &module) {
  if (Error err = checkTarget(session, target))
    return err;
  if (Error err = session.ensureJit())
    return err;
  std::string errors;
  module = session.lower(context, errors);
  if (!module)
    return Error(errors);
  if (auto err = session.getJit().optimize(*module))
    return Error(llvm::toString(std::move(err)));
  return Error();
}

bool startsWith(const std::string &s, const std::string &prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

/// The lines of assembly `text` from `name`'s label to its end marker.
std::string functionAssembly(const std::string &text, const std::string &name) {
  std::istringstream in(text);
  std::string line, out;
  bool inside = false;
  while (std::getline(in, line)) {
    if (!inside && (line == name + ":" || line == "\"" + name + "\":"))
      inside = true;
    if (inside)
      out += line + "\n";
    if (inside && startsWith(line, ".Lfunc_end"))
      break;
  }
  return out;
}

} // namespace

Error printIr(Session &session, const InspectTarget &target, std::ostream &os) {
  if (Error err = checkTarget(session, target))
    return err;
  std::unique_ptr<Module> program = session.getDefinitions().buildModule();
  if (target.function.empty())
    printModule(*program, os);
  else
    printOperation(*program->lookupSymbol(target.function), os);
  return Error();
}

Error printLlvm(Session &session, const InspectTarget &target,
                std::ostream &os) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module;
  if (Error err = optimizedModule(session, target, context, module))
    return err;
  llvm::raw_os_ostream out(os);
  if (target.function.empty())
    module->print(out, nullptr);
  else if (llvm::Function *f = module->getFunction(target.function))
    f->print(out);
  return Error();
}

Error printAsm(Session &session, const InspectTarget &target,
               std::ostream &os) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module;
  if (Error err = optimizedModule(session, target, context, module))
    return err;
  auto text = session.getJit().emitAssembly(*module);
  if (!text)
    return Error(llvm::toString(text.takeError()));
  os << (target.function.empty() ? *text
                                 : functionAssembly(*text, target.function));
  return Error();
}

Error printDeps(Session &session, const InspectTarget &target,
                std::ostream &os) {
  if (Error err = checkTarget(session, target))
    return err;
  std::unique_ptr<Module> program = session.getDefinitions().buildModule();
  Operation *root = target.function.empty()
                        ? program->getOperation()
                        : program->lookupSymbol(target.function);
  std::ostringstream errs;
  unsigned failures = printDependenceReport(root, os, errs);
  if (failures)
    return Error(errs.str());
  return Error();
}

} // namespace affjit::repl
