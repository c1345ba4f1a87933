// memref.copy between unranked memrefs (ranks known only at run time): an
// element-by-element strided copy over MLIR-layout descriptors, like
// MLIR's `memrefCopy` runtime function, with a fast path when both sides
// are contiguous.
#include "affjit/MemRef.h"
#include "affjit/Runtime.h"

#include <cstdint>
#include <cstring>
#include <vector>

namespace {

/// A ranked descriptor seen through its raw layout.
struct RawDescriptor {
  char *data;
  int64_t offset;
  const int64_t *sizes;
  const int64_t *strides;
};

RawDescriptor view(const affjit::UnrankedMemRef &m) {
  auto *fields = static_cast<char *const *>(m.descriptor);
  auto *ints = static_cast<const int64_t *>(m.descriptor);
  return RawDescriptor{fields[1], ints[2], ints + 3, ints + 3 + m.rank};
}

bool isContiguous(const RawDescriptor &d, int64_t rank) {
  int64_t expected = 1;
  for (int64_t i = rank - 1; i >= 0; --i) {
    if (d.sizes[i] != 1 && d.strides[i] != expected)
      return false;
    expected *= d.sizes[i];
  }
  return true;
}

} // namespace

extern "C" void affjit_rt_memref_copy(int64_t elemSize,
                                      affjit::UnrankedMemRef *src,
                                      affjit::UnrankedMemRef *dst) {
  int64_t rank = src->rank;
  RawDescriptor s = view(*src), d = view(*dst);
  int64_t total = 1;
  for (int64_t i = 0; i < rank; ++i)
    total *= s.sizes[i];
  if (total == 0)
    return;
  if (isContiguous(s, rank) && isContiguous(d, rank)) {
    std::memmove(d.data + d.offset * elemSize, s.data + s.offset * elemSize,
                 total * elemSize);
    return;
  }
  // Odometer over the index space, advancing both linear offsets.
  std::vector<int64_t> index(rank, 0);
  int64_t so = s.offset, doff = d.offset;
  for (int64_t n = 0; n < total; ++n) {
    std::memcpy(d.data + doff * elemSize, s.data + so * elemSize, elemSize);
    for (int64_t axis = rank - 1; axis >= 0; --axis) {
      so += s.strides[axis];
      doff += d.strides[axis];
      if (++index[axis] < s.sizes[axis])
        break;
      so -= s.strides[axis] * s.sizes[axis];
      doff -= d.strides[axis] * d.sizes[axis];
      index[axis] = 0;
    }
  }
}
