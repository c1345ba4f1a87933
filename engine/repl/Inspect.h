// The REPL's inspection commands on the session's program, whole or one
// function: :ir (affjit's IR as MLIR text), :llvm (the LLVM IR the JIT runs,
// after optimization), :asm (its machine code) and :deps (the dependence
// report of `affjit deps`).
#pragma once

#include "affjit/Engine.h"
#include "engine/repl/Session.h"

#include <ostream>
#include <string>

namespace affjit::repl {

/// Which part of the program to show: every definition, or one function.
struct InspectTarget {
  std::string function; // empty: the whole program
};

Error printIr(Session &session, const InspectTarget &target, std::ostream &os);
Error printLlvm(Session &session, const InspectTarget &target,
                std::ostream &os);
Error printAsm(Session &session, const InspectTarget &target, std::ostream &os);
/// Remarks go to `os`; failed checks are reported in the returned error.
Error printDeps(Session &session, const InspectTarget &target,
                std::ostream &os);

} // namespace affjit::repl
