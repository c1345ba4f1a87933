// The report of `run --checked` code when a memref access falls outside its
// descriptor's sizes: an mlir-opt style diagnostic at the access's source
// location, then exit status 1 instead of corrupting memory (or, in a host
// with an error handler installed, the handler's way out).
#include "runtime/RuntimeError.h"

#include "affjit/Runtime.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" [[noreturn]] void affjit_rt_out_of_bounds(const char *file,
                                                     int64_t line, int64_t col,
                                                     int64_t dim, int64_t index,
                                                     int64_t size) {
  char message[1024];
  std::snprintf(message, sizeof(message),
                "%s:%lld:%lld: error: out-of-bounds access to memref dimension "
                "#%lld: index %lld, size %lld",
                file, (long long)line, (long long)col, (long long)dim,
                (long long)index, (long long)size);
  // A host that installed an error handler (the REPL) keeps its process.
  if (!affjit::rt::forwardToHandler(message)) {
    std::fflush(stdout);
    std::fprintf(stderr, "%s\n", message);
  }
  std::exit(1);
}
