// The report of `run --checked` code when a memref access falls outside its
// descriptor's sizes: an mlir-opt style diagnostic at the access's source
// location, then exit status 1 instead of corrupting memory.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" [[noreturn]] void affjit_rt_out_of_bounds(const char *file,
                                                     int64_t line, int64_t col,
                                                     int64_t dim, int64_t index,
                                                     int64_t size) {
  std::fflush(stdout);
  std::fprintf(stderr,
               "%s:%lld:%lld: error: out-of-bounds access to memref dimension "
               "#%lld: index %lld, size %lld\n",
               file, (long long)line, (long long)col, (long long)dim,
               (long long)index, (long long)size);
  std::exit(1);
}
