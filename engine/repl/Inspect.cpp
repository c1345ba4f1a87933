// Inspection of the session's program (Inspect.h).
#include "engine/repl/Inspect.h"

#include "frontend/analysis/DependenceReport.h"
#include "frontend/print/Printer.h"
#include "frontend/transform/AliasGuard.h"

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
                      std::optional<LoweredProgram> &program) {
  if (Error err = checkTarget(session, target))
    return err;
  if (Error err = session.ensureJit())
    return err;
  std::string errors;
  program = session.lower(errors);
  if (!program)
    return Error(errors);
  if (auto err =
          session.getJit().optimize(*program->module, program->llvmPasses))
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
  // Like `affjit opt`: the program after the pass pipeline.
  std::string errors;
  std::unique_ptr<Module> program = session.transformed(errors);
  if (!program)
    return Error(errors);
  if (target.function.empty()) {
    printModule(*program, os);
    return Error();
  }
  Operation *fn = program->lookupSymbol(target.function);
  if (!fn)
    return Error("@" + target.function +
                 " is not in the program after the pass pipeline");
  printOperation(*fn, os);
  os << '\n';
  // A guarded function's optimized code is what the user wants to see.
  if (Operation *guarded = getGuardedFunction(*program, fn)) {
    printOperation(*guarded, os);
    os << '\n';
  }
  return Error();
}

Error printLlvm(Session &session, const InspectTarget &target,
                std::ostream &os) {
  std::optional<LoweredProgram> program;
  if (Error err = optimizedModule(session, target, program))
    return err;
  llvm::raw_os_ostream out(os);
  if (target.function.empty())
    program->module->print(out, nullptr);
  else if (llvm::Function *f = program->module->getFunction(target.function))
    f->print(out);
  return Error();
}

Error printAsm(Session &session, const InspectTarget &target,
               std::ostream &os) {
  std::optional<LoweredProgram> program;
  if (Error err = optimizedModule(session, target, program))
    return err;
  auto text = session.getJit().emitAssembly(*program->module);
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
