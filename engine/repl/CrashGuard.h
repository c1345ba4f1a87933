// Running JIT-compiled code without risking the REPL session: a crash
// (SIGSEGV, SIGBUS, SIGFPE, SIGILL, stack overflow), a runtime error (DMA tag
// misuse, an out-of-bounds access in checked code) or Ctrl-C (SIGINT) during
// the call returns to the caller as an error instead of ending the process.
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace affjit::repl {

/// Runs `body`; returns why it did not finish (e.g. "crashed with SIGSEGV
/// (segmentation fault)"), or nullopt when it returned normally. Memory the
/// code was writing may be left half-updated; the process stays usable for
/// other calls. Not reentrant: one guarded call at a time.
std::optional<std::string> runGuarded(const std::function<void()> &body);

/// How a call that `sig` stopped is reported ("crashed with SIGSEGV
/// (segmentation fault)", "interrupted (SIGINT)").
std::string describeSignal(int sig);

} // namespace affjit::repl
