// Running a call into JIT code in a forked child process, so that a crash on
// any thread (a bad store inside an OpenMP parallel region, where the
// in-process CrashGuard cannot jump back) or a runtime error ends only the
// child. The child works on copy-on-write copies of the session's memory;
// when it finishes, the memory regions the call may write (the buffers it
// was passed) come back through shared memory and replace the parent's. A
// failed call therefore leaves every buffer as it was before the call.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace affjit::repl {

/// Memory a call may write, which the parent takes back from the child.
struct MemoryRegion {
  void *data;
  size_t bytes;
};

struct IsolatedOutcome {
  /// Why the call did not finish ("crashed with SIGSEGV ...", "stopped by a
  /// runtime error: ..."), or nullopt.
  std::optional<std::string> failure;
  /// What `body` returned in the child (only when the call finished).
  std::string payload;
  /// Per region: whether the call changed its contents.
  std::vector<bool> changed;
};

/// Runs `body` in a child process and copies `regions` back from it when it
/// returns. SIGINT reaching the parent meanwhile is passed on to the child.
/// What the child prints goes to the same stdout and stderr (flushed by
/// lines, so output before a crash is not lost).
IsolatedOutcome runIsolated(const std::function<std::string()> &body,
                            std::span<const MemoryRegion> regions);

} // namespace affjit::repl
