// Calls in a child process (IsolatedCall.h). The child resets the crash
// signals to their default action, so a crash on any of its threads ends
// it and the parent reads the signal from its exit status; runtime errors
// (checked-mode out-of-bounds accesses, from whichever thread) come back as
// a message through a pipe. The call's results, and on success the
// regions' new contents (through a MAP_SHARED staging area), come back the
// same way. The parent's memory is only written once the child succeeded.
#include "engine/repl/IsolatedCall.h"

#include "engine/repl/CrashGuard.h"

#include "affjit/Runtime.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>

namespace affjit::repl {

namespace {

/// The exit status of a child that a runtime error stopped (its message
/// went through the pipe first).
constexpr int kRuntimeErrorStatus = 86;
/// Pipe messages start with one of these.
constexpr char kFinished = 'O', kRuntimeError = 'E';

int childPipe = -1;
volatile pid_t runningChild = 0;

void writeAll(int fd, const char *data, size_t size) {
  while (size > 0) {
    ssize_t n = write(fd, data, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return;
    data += n;
    size -= (size_t)n;
  }
}

std::string readAll(int fd) {
  std::string text;
  char chunk[65536];
  for (;;) {
    ssize_t n = read(fd, chunk, sizeof(chunk));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return text;
    text.append(chunk, (size_t)n);
  }
}

/// The child's runtime error handler: the first error (several threads may
/// fail at once) is sent to the parent and ends the child; the others wait
/// for that.
void onChildRuntimeError(const char *message, void *) {
  static std::atomic_flag reported = ATOMIC_FLAG_INIT;
  if (reported.test_and_set())
    for (;;)
      pause();
  std::fflush(stdout);
  std::string text = std::string(1, kRuntimeError) + message;
  writeAll(childPipe, text.data(), text.size());
  _exit(kRuntimeErrorStatus);
}

/// Crashes end the child with their default action (no core dump: the
/// parent reports them); Ctrl-C ends it too.
void prepareChild() {
  for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGINT})
    std::signal(sig, SIG_DFL);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  prctl(PR_SET_DUMPABLE, 0);
  struct rlimit noCore = {0, 0};
  setrlimit(RLIMIT_CORE, &noCore);
  affjit_rt_set_error_handler(onChildRuntimeError, nullptr);
  // Lines the call prints before it crashes still reach the terminal.
  std::setvbuf(stdout, nullptr, _IOLBF, BUFSIZ);
}

[[noreturn]] void runChild(const std::function<std::string()> &body,
                           std::span<const MemoryRegion> regions,
                           unsigned char *staging) {
  prepareChild();
  std::string payload = std::string(1, kFinished) + body();
  std::cout.flush();
  std::fflush(stdout);
  for (const MemoryRegion &r : regions) {
    std::memcpy(staging, r.data, r.bytes);
    staging += r.bytes;
  }
  writeAll(childPipe, payload.data(), payload.size());
  // Not exit(): the child is a copy of a multithreaded process, whose
  // atexit handlers and static destructors must not run twice.
  _exit(0);
}

void forwardInterrupt(int) {
  if (runningChild > 0)
    kill(runningChild, SIGINT);
}

/// While the child runs, Ctrl-C (or a SIGINT sent to the REPL) goes to it.
class InterruptForwarding {
public:
  explicit InterruptForwarding(pid_t child) {
    runningChild = child;
    struct sigaction sa = {};
    sa.sa_handler = forwardInterrupt;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &previous);
  }
  ~InterruptForwarding() {
    sigaction(SIGINT, &previous, nullptr);
    runningChild = 0;
  }

private:
  struct sigaction previous;
};

/// A shared anonymous mapping the child writes and the parent reads.
class Staging {
public:
  explicit Staging(size_t bytes) : size(bytes ? bytes : 1) {
    void *p = mmap(nullptr, size, PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    data = p == MAP_FAILED ? nullptr : static_cast<unsigned char *>(p);
  }
  ~Staging() {
    if (data)
      munmap(data, size);
  }
  unsigned char *data;

private:
  size_t size;
};

std::optional<std::string> failureOf(const std::string &message, int status) {
  if (!message.empty() && message[0] == kRuntimeError)
    return "stopped by a runtime error: " + message.substr(1);
  if (WIFSIGNALED(status))
    return describeSignal(WTERMSIG(status));
  if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
    return "ended its process with exit status " +
           std::to_string(WEXITSTATUS(status));
  if (message.empty() || message[0] != kFinished)
    return std::string("ended its process before returning");
  return std::nullopt;
}

} // namespace

IsolatedOutcome runIsolated(const std::function<std::string()> &body,
                            std::span<const MemoryRegion> regions) {
  IsolatedOutcome outcome;
  size_t total = 0;
  for (const MemoryRegion &r : regions)
    total += r.bytes;
  Staging staging(total);
  int fds[2];
  if (!staging.data || pipe2(fds, O_CLOEXEC) != 0) {
    outcome.failure = std::string("could not start a process for the call: ") +
                      std::strerror(errno);
    return outcome;
  }
  // Output buffered now would be printed by both processes.
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    childPipe = fds[1];
    runChild(body, regions, staging.data);
  }
  close(fds[1]);
  if (pid < 0) {
    close(fds[0]);
    outcome.failure = std::string("could not start a process for the call: ") +
                      std::strerror(errno);
    return outcome;
  }
  int status = 0;
  std::string message;
  {
    InterruptForwarding forwarding(pid);
    message = readAll(fds[0]);
    close(fds[0]);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  outcome.failure = failureOf(message, status);
  if (outcome.failure)
    return outcome;
  outcome.payload = message.substr(1);
  const unsigned char *from = staging.data;
  for (const MemoryRegion &r : regions) {
    bool changed = std::memcmp(r.data, from, r.bytes) != 0;
    if (changed)
      std::memcpy(r.data, from, r.bytes);
    outcome.changed.push_back(changed);
    from += r.bytes;
  }
  return outcome;
}

} // namespace affjit::repl
