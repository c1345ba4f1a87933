// Calls into JIT code that return runtime errors instead of ending the
// process: checked code's out-of-bounds report (and the runtime's other
// errors, e.g. DMA misuse) goes through affjit's runtime error hook
// (affjit_rt_set_error_handler, include/affjit/Runtime.h), which jumps back
// to the calling thread's guardedInvoke. A crash (SIGSEGV, ...) is not
// caught: the process ends, as it would in C.
#pragma once

#include "affjit/Engine.h"

#include <functional>
#include <optional>
#include <span>
#include <string>

namespace affjit::python {

/// Installs the module's runtime error handler (once, at import).
void installRuntimeErrorHandler();

/// Calls `fn`; returns the runtime error that stopped it (the JIT code was
/// abandoned midway, its arguments possibly half-written), or nullopt when
/// it returned (then `error` is the API's verdict, e.g. a signature
/// mismatch). Safe without the GIL; any number of threads at once.
std::optional<std::string> guardedInvoke(const Function &fn,
                                         std::span<const detail::Argument> args,
                                         Results &results, Error &error);

/// Runs `body` (which calls JIT code) the same way: the runtime error that
/// stopped it, or nullopt (BenchmarkOptions::runGuarded).
std::optional<std::string> runGuarded(const std::function<void()> &body);

} // namespace affjit::python
