// Runtime errors as Python exceptions (GuardedCall.h).
#include "GuardedCall.h"

#include "affjit/Runtime.h"

#include <csetjmp>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace affjit::python {

namespace {

/// The calling thread's way back from a runtime error, while it is in
/// guardedInvoke; thread-local because calls run concurrently without the
/// GIL.
thread_local sigjmp_buf *activeCall = nullptr;
thread_local char runtimeMessage[1024];

/// The hook's handler. Jumping out of JIT code is safe on the thread that
/// entered it, outside a parallel loop: the code holds no locks and owns no
/// C++ objects. On a parallel loop's thread (or the caller inside one) the
/// threading runtime would be left mid-region, so the process ends as the
/// runtime's default handler would end it, without running Python's exit
/// handlers from a foreign thread.
void onRuntimeError(const char *message, void *) {
  if (!activeCall || affjit_rt_in_parallel_region()) {
    std::fflush(stdout);
    std::fprintf(stderr,
                 "affjit runtime error: %s\n(inside a parallel loop, which "
                 "cannot be recovered from: use threads=1)\n",
                 message);
    std::fflush(stderr);
    std::_Exit(1);
  }
  std::strncpy(runtimeMessage, message, sizeof(runtimeMessage) - 1);
  runtimeMessage[sizeof(runtimeMessage) - 1] = '\0';
  siglongjmp(*activeCall, 1);
}

} // namespace

void installRuntimeErrorHandler() {
  affjit_rt_set_error_handler(onRuntimeError, nullptr);
}

namespace {

/// runGuarded's body, a template so that a call through guardedInvoke
/// allocates nothing (a std::function of its lambda would).
template <typename Body> std::optional<std::string> guarded(Body &&body) {
  sigjmp_buf jump;
  sigjmp_buf *previous = activeCall;
  activeCall = &jump;
  // No signal mask saved (0): a call costs no system call. The jump skips
  // the call path's frames, which then leak at most a heap-allocated
  // argument table (calls with more than 15 arguments).
  if (sigsetjmp(jump, 0) != 0) {
    activeCall = previous;
    return std::string(runtimeMessage);
  }
  body();
  activeCall = previous;
  return std::nullopt;
}

} // namespace

std::optional<std::string> runGuarded(const std::function<void()> &body) {
  return guarded(body);
}

std::optional<std::string> guardedInvoke(const Function &fn,
                                         std::span<const detail::Argument> args,
                                         Results &results, Error &error) {
  return guarded([&] { error = fn.invoke(args, results); });
}

} // namespace affjit::python
