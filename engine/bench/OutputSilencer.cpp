// Silencing stdout around benchmarked calls (OutputSilencer.h).
#include "engine/bench/OutputSilencer.h"

#include <cstdio>
#include <fcntl.h>
#include <iostream>
#include <unistd.h>

namespace affjit::bench {

namespace {

/// Pushes what stdio and std::cout hold to the descriptor they write to
/// now, before it is switched.
void flushStdout() {
  std::cout.flush();
  std::fflush(stdout);
}

} // namespace

OutputSilencer::OutputSilencer(bool enabled) {
  if (!enabled)
    return;
  flushStdout();
  int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
  if (null < 0)
    return;
  saved = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0);
  if (saved >= 0 && dup2(null, STDOUT_FILENO) < 0) {
    close(saved);
    saved = -1;
  }
  close(null);
}

OutputSilencer::~OutputSilencer() {
  if (saved < 0)
    return;
  // What the calls left in the buffers goes to /dev/null too.
  flushStdout();
  dup2(saved, STDOUT_FILENO);
  close(saved);
}

} // namespace affjit::bench
