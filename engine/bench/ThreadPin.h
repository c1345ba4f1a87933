// Keeping the benchmarking thread on one CPU while calls run, so that a
// migration between cores (and their caches) does not land in a timed
// repetition. The thread's previous CPU set is restored afterwards.
#pragma once

#include <sched.h>

namespace affjit::bench {

class ThreadPin {
public:
  /// Pins the calling thread to the CPU it runs on (when `enabled`).
  explicit ThreadPin(bool enabled);
  ~ThreadPin();
  ThreadPin(const ThreadPin &) = delete;
  ThreadPin &operator=(const ThreadPin &) = delete;
  /// The CPU the thread is pinned to, or -1.
  int cpu() const { return pinnedCpu; }

private:
  cpu_set_t previous;
  int pinnedCpu = -1;
};

} // namespace affjit::bench
