// Guarded calls into JIT code (CrashGuard.h). A signal handler running on an
// alternate stack (so stack overflows are caught too) jumps back to the
// sigsetjmp in runGuarded; runtime errors take the same way out through the
// runtime's error hook instead of exiting the process.
#include "engine/repl/CrashGuard.h"

#include "affjit/Runtime.h"

#include <unistd.h>

#include <atomic>
#include <csetjmp>
#include <csignal>
#include <cstring>
#include <vector>

namespace affjit::repl {

namespace {

constexpr int kGuardedSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGINT};
constexpr int kNumGuarded = sizeof(kGuardedSignals) / sizeof(int);

sigjmp_buf jumpBuffer;
volatile sig_atomic_t caughtSignal = 0;
char runtimeMessage[1024];

/// The signal's name for a message written from the handler.
const char *signalName(int sig) {
  switch (sig) {
  case SIGSEGV:
    return "SIGSEGV (segmentation fault)";
  case SIGBUS:
    return "SIGBUS (bus error)";
  case SIGFPE:
    return "SIGFPE (arithmetic exception)";
  case SIGILL:
    return "SIGILL (illegal instruction)";
  }
  return "a signal";
}

void writeError(const char *text) {
  ssize_t ignored = write(STDERR_FILENO, text, std::strlen(text));
  (void)ignored;
}

/// A crash inside a parallel loop, on whichever thread: jumping back to
/// the caller would leave the threading runtime mid-region (and from
/// another thread's stack is undefined), so the session ends with a
/// message instead. Only async-signal-safe calls here.
[[noreturn]] void exitFromParallelRegion(int sig) {
  // Several threads may crash at once: the first one writes the message
  // (whole, not interleaved with another's) and ends the process.
  static std::atomic_flag reporting = ATOMIC_FLAG_INIT;
  if (reporting.test_and_set())
    for (;;)
      pause();
  writeError("affjit: JIT code crashed with ");
  writeError(signalName(sig));
  writeError(" inside a parallel loop, which the session cannot recover "
             "from (--threads 1 runs loops on the calling thread, where "
             "crashes are caught)\n");
  _exit(1);
}

void onSignal(int sig) {
  if (affjit_rt_in_parallel_region())
    exitFromParallelRegion(sig);
  caughtSignal = sig;
  siglongjmp(jumpBuffer, 1);
}

void onRuntimeError(const char *message, void *) {
  std::strncpy(runtimeMessage, message, sizeof(runtimeMessage) - 1);
  runtimeMessage[sizeof(runtimeMessage) - 1] = '\0';
  siglongjmp(jumpBuffer, 2);
}

/// An alternate signal stack, installed once: a stack overflow leaves no room
/// to run the handler on the thread's own stack.
void ensureAlternateStack() {
  static std::vector<char> stack;
  if (!stack.empty())
    return;
  stack.resize(1 << 16);
  stack_t ss{};
  ss.ss_sp = stack.data();
  ss.ss_size = stack.size();
  sigaltstack(&ss, nullptr);
}

/// Installs the guard's handlers and restores the previous ones on exit.
class InstalledHandlers {
public:
  InstalledHandlers() {
    struct sigaction sa = {};
    sa.sa_handler = onSignal;
    sa.sa_flags = SA_ONSTACK | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < kNumGuarded; ++i)
      sigaction(kGuardedSignals[i], &sa, &previous[i]);
    affjit_rt_set_error_handler(onRuntimeError, nullptr);
  }
  ~InstalledHandlers() {
    affjit_rt_set_error_handler(nullptr, nullptr);
    for (int i = 0; i < kNumGuarded; ++i)
      sigaction(kGuardedSignals[i], &previous[i], nullptr);
  }

private:
  struct sigaction previous[kNumGuarded];
};

} // namespace

std::string describeSignal(int sig) {
  switch (sig) {
  case SIGINT:
    return "interrupted (SIGINT)";
  case SIGSEGV:
    return "crashed with SIGSEGV (segmentation fault)";
  case SIGBUS:
    return "crashed with SIGBUS (bus error)";
  case SIGFPE:
    return "crashed with SIGFPE (arithmetic exception, e.g. integer "
           "division by zero)";
  case SIGILL:
    return "crashed with SIGILL (illegal instruction)";
  case SIGABRT:
    return "crashed with SIGABRT (aborted)";
  case SIGKILL:
    return "was killed (SIGKILL, e.g. by the out-of-memory killer)";
  }
  return "crashed with signal " + std::to_string(sig);
}

std::optional<std::string> runGuarded(const std::function<void()> &body) {
  ensureAlternateStack();
  InstalledHandlers handlers;
  caughtSignal = 0;
  // Mask saved (second argument): siglongjmp from the handler unblocks the
  // signal again.
  int how = sigsetjmp(jumpBuffer, 1);
  if (how == 0) {
    body();
    return std::nullopt;
  }
  // Whatever the code had started is abandoned with it.
  affjit_rt_dma_reset();
  if (how == 2)
    return std::string("stopped by a runtime error: ") + runtimeMessage;
  return describeSignal(caughtSignal);
}

} // namespace affjit::repl
