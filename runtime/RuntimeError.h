// Internal to runtime/: reporting misuse of the runtime by generated code
// through the handler installed with affjit_rt_set_error_handler.
#pragma once

namespace affjit::rt {

/// Formats a message printf-style and passes it to the current error
/// handler. Returns only if the installed handler returns (tests); callers
/// must then back out without side effects.
void reportError(const char *format, ...) __attribute__((format(printf, 1, 2)));

/// Passes `message` verbatim to an installed error handler and returns true
/// if it returned; false (without calling anything) when none is installed.
bool forwardToHandler(const char *message);

} // namespace affjit::rt
