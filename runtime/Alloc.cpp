// Heap allocation for memref.alloc / memref.dealloc (seed 004: the optional
// `alignment` attribute guarantees the buffer is aligned to that many bytes).
// Bad requests are reported through the error hook instead of being UB.
#include "runtime/RuntimeError.h"

#include "affjit/Runtime.h"

#include <cstdlib>
#include <cstring>

namespace {

constexpr int64_t kDefaultAlignment = 16;
// Beyond 1 GiB an alignment is certainly a bug (or garbage), not a request.
constexpr int64_t kMaxAlignment = int64_t(1) << 30;

bool isPowerOfTwo(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

/// The alignment to hand to posix_memalign, or 0 after reporting an error.
int64_t checkedAlignment(int64_t alignment) {
  if (alignment == 0)
    return kDefaultAlignment;
  if (!isPowerOfTwo(alignment) || alignment > kMaxAlignment) {
    affjit::rt::reportError("memref allocation alignment %lld is not a power "
                            "of two in [1, 2^30]",
                            (long long)alignment);
    return 0;
  }
  // posix_memalign requires a multiple of sizeof(void *).
  return alignment < (int64_t)sizeof(void *) ? (int64_t)sizeof(void *)
                                             : alignment;
}

} // namespace

extern "C" void *affjit_rt_aligned_alloc(int64_t size, int64_t alignment) {
  if (size < 0) {
    affjit::rt::reportError("memref allocation of negative size %lld bytes",
                            (long long)size);
    return nullptr;
  }
  int64_t align = checkedAlignment(alignment);
  if (align == 0)
    return nullptr;
  // An empty memref still gets a real, zeroed block: MLIR's printer reads
  // the element at the offset even when a dimension is empty.
  bool empty = size == 0;
  size_t bytes = empty ? (size_t)align : (size_t)size;
  void *ptr = nullptr;
  if (posix_memalign(&ptr, (size_t)align, bytes) != 0 || !ptr) {
    affjit::rt::reportError("out of memory allocating %lld bytes (alignment "
                            "%lld)",
                            (long long)size, (long long)align);
    return nullptr;
  }
  if (empty)
    std::memset(ptr, 0, bytes);
  return ptr;
}

extern "C" void affjit_rt_free(void *ptr) { std::free(ptr); }
