// Aligned argument storage with MLIR descriptors (ArgumentBuffer.h).
#include "engine/bench/ArgumentBuffer.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace affjit::bench {

size_t elementBytes(ScalarKind kind) {
  switch (kind) {
  case ScalarKind::I1:
  case ScalarKind::I8:
    return 1;
  case ScalarKind::I16:
    return 2;
  case ScalarKind::I32:
  case ScalarKind::F32:
    return 4;
  case ScalarKind::I64:
  case ScalarKind::Index:
  case ScalarKind::F64:
    return 8;
  }
  return 8;
}

namespace {

constexpr size_t kAlignment = 64;

size_t physicalMemoryBytes() {
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
  return pages > 0 && pageSize > 0 ? (size_t)pages * (size_t)pageSize
                                   : SIZE_MAX;
}

/// Elements of `shape`, or nullopt when the product overflows.
std::optional<int64_t> productOf(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t s : shape)
    if (s < 0 || __builtin_mul_overflow(n, s, &n))
      return std::nullopt;
  return n;
}

} // namespace

Expected<std::unique_ptr<ArgumentBuffer>>
ArgumentBuffer::create(std::string name, ScalarKind element,
                       std::vector<int64_t> shape) {
  std::unique_ptr<ArgumentBuffer> b(new ArgumentBuffer());
  b->name = std::move(name);
  b->element = element;
  b->shape = std::move(shape);
  std::optional<int64_t> n = productOf(b->shape);
  size_t bytes = 0;
  if (!n || __builtin_mul_overflow((size_t)*n, elementBytes(element), &bytes) ||
      bytes > physicalMemoryBytes())
    return Error(b->name + " is larger than this machine's memory");
  b->numElements = *n;
  b->bytes = bytes;
  size_t rounded = (bytes + kAlignment - 1) / kAlignment * kAlignment;
  if (rounded == 0)
    rounded = kAlignment;
  b->data = std::aligned_alloc(kAlignment, rounded);
  if (!b->data)
    return Error("cannot allocate " + std::to_string(bytes) + " bytes for " +
                 b->name);
  std::memset(b->data, 0, rounded);
  int64_t rank = (int64_t)b->shape.size();
  b->descriptor.assign(3 + 2 * rank, 0);
  b->descriptor[0] = b->descriptor[1] = (int64_t)(intptr_t)b->data;
  int64_t stride = 1;
  for (int64_t d = rank - 1; d >= 0; --d) {
    b->descriptor[3 + d] = b->shape[d];
    b->descriptor[3 + rank + d] = stride;
    stride *= b->shape[d];
  }
  return b;
}

ArgumentBuffer::~ArgumentBuffer() { std::free(data); }

detail::Argument ArgumentBuffer::asArgument() {
  return detail::Argument{detail::Argument::Kind::MemRef, element,
                          (int64_t)shape.size(), descriptor.data()};
}

void ArgumentBuffer::copyFrom(const ArgumentBuffer &other) {
  std::memcpy(data, other.data, bytes);
}

void ArgumentBuffer::flushFromCaches() const {
#if defined(__x86_64__)
  const char *p = static_cast<const char *>(data);
  for (size_t at = 0; at < bytes; at += kAlignment)
    _mm_clflush(p + at);
  _mm_mfence();
#else
  // Elsewhere: touching a buffer larger than the caches evicts these lines.
  static std::vector<char> scratch(64 << 20);
  for (size_t at = 0; at < scratch.size(); at += kAlignment)
    scratch[at] += 1;
#endif
}

void ArgumentBuffer::takeMagnitudes() {
  if (element == ScalarKind::F32) {
    float *p = static_cast<float *>(data);
    for (int64_t i = 0; i < numElements; ++i)
      p[i] = std::fabs(p[i]);
  } else if (element == ScalarKind::F64) {
    double *p = static_cast<double *>(data);
    for (int64_t i = 0; i < numElements; ++i)
      p[i] = std::fabs(p[i]);
  }
}

} // namespace affjit::bench
