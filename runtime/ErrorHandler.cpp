// The runtime's error hook: generated code misusing the runtime (bad
// alignment, DMA tag misuse, ...) gets a clear message and exit status 1 by
// default; the engine or a test can install its own handler instead.
#include "runtime/RuntimeError.h"

#include "affjit/Runtime.h"

#include <atomic>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace {

struct HandlerSlot {
  affjit_rt_error_handler_t handler = nullptr;
  void *userData = nullptr;
};

// Handler and user data change together, so a mutex rather than two atomics.
std::mutex slotMutex;
HandlerSlot slot;

HandlerSlot currentSlot() {
  std::lock_guard<std::mutex> lock(slotMutex);
  return slot;
}

[[noreturn]] void defaultHandler(const char *message) {
  // Whatever the program printed so far should appear before the error.
  std::fflush(stdout);
  std::fprintf(stderr, "affjit runtime error: %s\n", message);
  std::exit(1);
}

} // namespace

extern "C" void affjit_rt_set_error_handler(affjit_rt_error_handler_t handler,
                                            void *userData) {
  std::lock_guard<std::mutex> lock(slotMutex);
  slot = {handler, userData};
}

void affjit::rt::reportError(const char *format, ...) {
  char message[512];
  va_list args;
  va_start(args, format);
  std::vsnprintf(message, sizeof(message), format, args);
  va_end(args);
  HandlerSlot s = currentSlot();
  if (!s.handler)
    defaultHandler(message);
  s.handler(message, s.userData);
}

bool affjit::rt::forwardToHandler(const char *message) {
  HandlerSlot s = currentSlot();
  if (!s.handler)
    return false;
  s.handler(message, s.userData);
  return true;
}
