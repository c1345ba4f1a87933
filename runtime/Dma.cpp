// DMA emulation for affine.dma_start/dma_wait (seed 000) and
// memref.dma_start/dma_wait (seed 004).
//
// A transfer moves num_elements elements, optionally as chunks of
// elements_per_stride elements placed `stride` elements apart on the side in
// the slower (lower-id) memory space, the other side being packed. The copy
// is done synchronously at dma_start (contiguous runs with xsimd, the tail
// with memcpy); the tag table only tracks which transfers are in flight, so
// dma_wait can check that the program waits for exactly what it started.
//
// Starting a second transfer on a tag that is still in flight is an ERROR, not
// a queue: dma_wait names only a tag and an element count, and the seeds
// define no order in which it would retire several transfers, so a queue would
// have to guess. MLIR's own pipelining gives every in-flight DMA its own tag
// element (double-buffered tag memrefs); a reused busy tag therefore means a
// missing dma_wait, which on real hardware is a race on the tag.
#include "runtime/RuntimeError.h"

#include "affjit/Runtime.h"

#include <xsimd/xsimd.hpp>

#include <cstring>
#include <mutex>
#include <unordered_map>

namespace {

using affjit::rt::reportError;

/// A validated transfer: `chunks` runs of `chunkBytes` bytes, run k read at
/// src + k * srcStep and written at dst + k * dstStep.
struct CopyPlan {
  int64_t chunks = 0;
  int64_t chunkBytes = 0;
  int64_t srcStep = 0;
  int64_t dstStep = 0;
};

/// One contiguous run: whole SIMD batches, then memcpy for the tail.
void copyRun(const uint8_t *src, uint8_t *dst, int64_t bytes) {
  using Batch = xsimd::batch<uint8_t>;
  constexpr int64_t width = (int64_t)Batch::size;
  int64_t i = 0;
  for (; i + width <= bytes; i += width)
    Batch::load_unaligned(src + i).store_unaligned(dst + i);
  std::memcpy(dst + i, src + i, (size_t)(bytes - i));
}

void runPlan(const CopyPlan &plan, const void *src, void *dst) {
  auto *s = static_cast<const uint8_t *>(src);
  auto *d = static_cast<uint8_t *>(dst);
  for (int64_t k = 0; k < plan.chunks; ++k)
    copyRun(s + k * plan.srcStep, d + k * plan.dstStep, plan.chunkBytes);
}

bool mulOk(int64_t a, int64_t b, int64_t &out) {
  return !__builtin_mul_overflow(a, b, &out);
}

/// Bytes from a side's first to one past its last byte touched; false on
/// overflow.
bool spanBytes(const CopyPlan &plan, int64_t step, int64_t &span) {
  if (plan.chunks == 0) {
    span = 0;
    return true;
  }
  int64_t lastStart;
  return mulOk(plan.chunks - 1, step, lastStart) &&
         !__builtin_add_overflow(lastStart, plan.chunkBytes, &span);
}

bool rangesOverlap(const void *a, int64_t aBytes, const void *b,
                   int64_t bBytes) {
  auto x = reinterpret_cast<uintptr_t>(a), y = reinterpret_cast<uintptr_t>(b);
  return aBytes > 0 && bBytes > 0 && x < y + (uintptr_t)bBytes &&
         y < x + (uintptr_t)aBytes;
}

/// Checks the scalar operands and turns them into a plan; reports and
/// returns false on any inconsistency.
bool makePlan(int64_t numElements, int64_t elemSize, int64_t stride,
              int64_t perStride, bool strideOnSource, CopyPlan &plan) {
  if (numElements < 0 || elemSize <= 0) {
    reportError("dma_start: invalid transfer of %lld elements of %lld bytes",
                (long long)numElements, (long long)elemSize);
    return false;
  }
  if (stride == 0 && perStride == 0) { // not strided: one run
    plan.chunks = numElements > 0 ? 1 : 0;
    if (!mulOk(numElements, elemSize, plan.chunkBytes)) {
      reportError("dma_start: transfer size overflows");
      return false;
    }
    return true;
  }
  if (stride < 0 || perStride <= 0) {
    reportError("dma_start: invalid stride %lld / elements per stride %lld "
                "(need stride >= 0 and elements per stride > 0)",
                (long long)stride, (long long)perStride);
    return false;
  }
  if (numElements % perStride != 0) {
    reportError("dma_start: num_elements %lld is not a multiple of "
                "elements per stride %lld",
                (long long)numElements, (long long)perStride);
    return false;
  }
  plan.chunks = numElements / perStride;
  int64_t strideBytes, packedBytes;
  if (!mulOk(perStride, elemSize, plan.chunkBytes) ||
      !mulOk(stride, elemSize, strideBytes) ||
      !mulOk(perStride, elemSize, packedBytes)) {
    reportError("dma_start: transfer size overflows");
    return false;
  }
  // Overlapping destination chunks would make the result depend on the
  // order of the chunk writes, which a DMA engine does not define.
  if (!strideOnSource && stride < perStride && plan.chunks > 1) {
    reportError("dma_start: destination stride %lld is smaller than the %lld "
                "elements per stride, chunks would overlap",
                (long long)stride, (long long)perStride);
    return false;
  }
  plan.srcStep = strideOnSource ? strideBytes : packedBytes;
  plan.dstStep = strideOnSource ? packedBytes : strideBytes;
  return true;
}

/// Rejects null pointers and overlapping source/destination memory.
bool checkMemory(const CopyPlan &plan, const void *src, void *dst) {
  if (plan.chunks > 0 && plan.chunkBytes > 0 && (!src || !dst)) {
    reportError("dma_start: null source or destination address");
    return false;
  }
  int64_t srcSpan, dstSpan;
  if (!spanBytes(plan, plan.srcStep, srcSpan) ||
      !spanBytes(plan, plan.dstStep, dstSpan)) {
    reportError("dma_start: transfer size overflows");
    return false;
  }
  if (rangesOverlap(src, srcSpan, dst, dstSpan)) {
    reportError("dma_start: source and destination memory overlap");
    return false;
  }
  return true;
}

/// In-flight transfers by tag address, with their element counts.
class TagTable {
public:
  /// Records a transfer on `tag`; if one is already in flight returns false
  /// and sets `busyWith` to its count.
  bool claim(const void *tag, int64_t numElements, int64_t &busyWith) {
    std::lock_guard<std::mutex> lock(mutex);
    auto [it, inserted] = inFlight.try_emplace(tag, numElements);
    busyWith = it->second;
    return inserted;
  }
  /// Removes the transfer on `tag` if its count is `numElements`. Returns
  /// false if none is in flight (found = false) or the counts differ.
  bool retire(const void *tag, int64_t numElements, bool &found,
              int64_t &started) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = inFlight.find(tag);
    found = it != inFlight.end();
    if (!found)
      return false;
    started = it->second;
    if (started != numElements)
      return false;
    inFlight.erase(it);
    return true;
  }
  int64_t size() {
    std::lock_guard<std::mutex> lock(mutex);
    return (int64_t)inFlight.size();
  }
  void clear() {
    std::lock_guard<std::mutex> lock(mutex);
    inFlight.clear();
  }

private:
  std::mutex mutex;
  std::unordered_map<const void *, int64_t> inFlight;
};

TagTable &tags() {
  static TagTable table;
  return table;
}

} // namespace

extern "C" void affjit_rt_dma_start(const void *src, void *dst,
                                    int64_t numElements, int64_t elemSize,
                                    int64_t stride, int64_t eltsPerStride,
                                    int32_t strideOnSource, void *tag) {
  if (!tag) {
    reportError("dma_start: null tag address");
    return;
  }
  CopyPlan plan;
  if (!makePlan(numElements, elemSize, stride, eltsPerStride,
                (strideOnSource & 1) != 0, plan) ||
      !checkMemory(plan, src, dst))
    return;
  int64_t busyWith = 0;
  // Errors are reported outside the table's lock: a handler may call back.
  if (!tags().claim(tag, numElements, busyWith)) {
    reportError("dma_start: tag %p already has a transfer of %lld elements in "
                "flight (missing dma_wait?)",
                tag, (long long)busyWith);
    return;
  }
  runPlan(plan, src, dst);
}

extern "C" void affjit_rt_dma_wait(void *tag, int64_t numElements) {
  bool found = false;
  int64_t started = 0;
  if (tags().retire(tag, numElements, found, started))
    return; // the data was copied at start; it is now officially visible
  if (!found)
    reportError("dma_wait: no transfer in flight on tag %p", tag);
  else
    reportError("dma_wait: waiting for %lld elements on tag %p but the "
                "transfer in flight has %lld",
                (long long)numElements, tag, (long long)started);
}

extern "C" int64_t affjit_rt_dma_pending() { return tags().size(); }

extern "C" void affjit_rt_dma_reset() { tags().clear(); }
