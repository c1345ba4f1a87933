// Pinning the calling thread to its CPU (ThreadPin.h).
#include "engine/bench/ThreadPin.h"

#include <pthread.h>

namespace affjit::bench {

ThreadPin::ThreadPin(bool enabled) {
  if (!enabled)
    return;
  pthread_t self = pthread_self();
  if (pthread_getaffinity_np(self, sizeof(previous), &previous) != 0)
    return;
  int cpu = sched_getcpu();
  if (cpu < 0)
    return;
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(cpu, &one);
  if (pthread_setaffinity_np(self, sizeof(one), &one) == 0)
    pinnedCpu = cpu;
}

ThreadPin::~ThreadPin() {
  if (pinnedCpu >= 0)
    pthread_setaffinity_np(pthread_self(), sizeof(previous), &previous);
}

} // namespace affjit::bench
