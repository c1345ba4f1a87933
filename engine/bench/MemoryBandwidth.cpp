// STREAM-like bandwidth measurement (MemoryBandwidth.h).
#include "engine/bench/MemoryBandwidth.h"

#include <algorithm>
#include <barrier>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace affjit::bench {

namespace {

using Clock = std::chrono::steady_clock;

constexpr size_t kAlignment = 64;
/// Arrays of fewer doubles than this would time little but the loop.
constexpr size_t kMinElements = 1024;
/// A pass repeats the kernel until it moves about this many bytes, so
/// that a pass over arrays in the L1 still lasts long enough to time.
constexpr size_t kMinBytesPerPass = 4 << 20;
constexpr int kMaxPasses = 1000;

enum class Kernel { Copy, Triad };

/// One thread's contiguous part of the three arrays.
struct Part {
  double *a, *b, *c;
  size_t n;
};

/// Keeps the compiler from merging the repetitions of a kernel.
inline void clobberMemory() { asm volatile("" ::: "memory"); }

void runKernel(Kernel kernel, const Part &p, int repeats) {
  const double scalar = 3.0;
  for (int r = 0; r < repeats; ++r) {
    if (kernel == Kernel::Copy)
      for (size_t i = 0; i < p.n; ++i)
        p.c[i] = p.a[i];
    else
      for (size_t i = 0; i < p.n; ++i)
        p.a[i] = p.b[i] + scalar * p.c[i];
    clobberMemory();
  }
}

void flushPart(const Part &p) {
#if defined(__x86_64__)
  for (double *array : {p.a, p.b, p.c})
    for (size_t at = 0; at < p.n * sizeof(double); at += kAlignment)
      _mm_clflush(reinterpret_cast<const char *>(array) + at);
  _mm_mfence();
#else
  (void)p;
#endif
}

/// Three arrays of `n` doubles, each thread's part first touched by that
/// thread (on a NUMA machine its pages then live on its node).
class Arrays {
public:
  explicit Arrays(size_t n) : n(n) {
    size_t bytes =
        (n * sizeof(double) + kAlignment - 1) / kAlignment * kAlignment;
    for (double *&array : arrays)
      array = static_cast<double *>(std::aligned_alloc(kAlignment, bytes));
  }
  ~Arrays() {
    for (double *array : arrays)
      std::free(array);
  }
  Arrays(const Arrays &) = delete;
  Arrays &operator=(const Arrays &) = delete;
  bool valid() const { return arrays[0] && arrays[1] && arrays[2]; }

  /// Part `t` of `threads` equal parts (the last takes the rest).
  Part part(unsigned t, unsigned threads) const {
    size_t chunk = n / threads;
    size_t begin = t * chunk;
    size_t count = t + 1 == threads ? n - begin : chunk;
    return {arrays[0] + begin, arrays[1] + begin, arrays[2] + begin, count};
  }

private:
  size_t n;
  double *arrays[3] = {nullptr, nullptr, nullptr};
};

void fill(const Part &p) {
  for (size_t i = 0; i < p.n; ++i) {
    p.a[i] = 1.0;
    p.b[i] = 2.0;
    p.c[i] = 0.0;
  }
}

/// The passes of both kernels on `threads` threads: the calling thread is
/// thread 0 and times each pass between barriers, so a pass lasts until
/// its slowest thread finishes.
class Measurement {
public:
  Measurement(const BandwidthProbe &probe, Arrays &arrays, size_t n)
      : probe(probe), arrays(arrays), threads(probe.threads),
        sync((std::ptrdiff_t)probe.threads) {
    size_t bytesPerPass = 2 * n * sizeof(double);
    repeats = probe.cold
                  ? 1
                  : (int)std::max<size_t>(1, kMinBytesPerPass / bytesPerPass);
  }

  /// Seconds of the fastest pass of copy and of triad.
  std::pair<double, double> run() {
    std::vector<std::jthread> workers;
    for (unsigned t = 1; t < threads; ++t)
      workers.emplace_back([this, t] { work(t); });
    work(0);
    return {best[0], best[1]};
  }
  int repeatsPerPass() const { return repeats; }

private:
  /// Every thread runs the same sequence of passes; thread 0 decides when
  /// each kernel has run long enough and tells the others through `more`.
  void work(unsigned t) {
    Part part = arrays.part(t, threads);
    fill(part);
    sync.arrive_and_wait();
    for (Kernel kernel : {Kernel::Copy, Kernel::Triad}) {
      int k = kernel == Kernel::Copy ? 0 : 1;
      double total = 0;
      for (int pass = 0;; ++pass) {
        if (probe.cold)
          flushPart(part);
        sync.arrive_and_wait();
        auto start = Clock::now();
        runKernel(kernel, part, repeats);
        sync.arrive_and_wait();
        if (t == 0) {
          double seconds =
              std::chrono::duration<double>(Clock::now() - start).count();
          total += seconds;
          best[k] = pass == 0 ? seconds : std::min(best[k], seconds);
          more = pass + 1 < kMaxPasses &&
                 (pass + 1 < probe.minPasses || total < probe.minSeconds);
        }
        sync.arrive_and_wait();
        if (!more)
          break;
      }
    }
  }

  const BandwidthProbe &probe;
  Arrays &arrays;
  unsigned threads;
  std::barrier<> sync;
  int repeats = 1;
  double best[2] = {0, 0};
  bool more = true;
};

} // namespace

MeasuredBandwidth measureBandwidth(const BandwidthProbe &probe) {
  MeasuredBandwidth out;
  out.threads = std::max(1u, probe.threads);
  size_t n = std::max(kMinElements, probe.footprintBytes / 3 / sizeof(double));
  // Each thread gets at least a few cache lines of each array.
  n = std::max<size_t>(n, (size_t)out.threads * 64);
  out.arrayBytes = n * sizeof(double);
  Arrays arrays(n);
  if (!arrays.valid())
    return out;
  BandwidthProbe effective = probe;
  effective.threads = out.threads;
  Measurement measurement(effective, arrays, n);
  auto [copySeconds, triadSeconds] = measurement.run();
  double repeats = measurement.repeatsPerPass();
  if (copySeconds > 0)
    out.copy = 2.0 * (double)out.arrayBytes * repeats / copySeconds / 1e9;
  if (triadSeconds > 0)
    out.triad = 3.0 * (double)out.arrayBytes * repeats / triadSeconds / 1e9;
  return out;
}

} // namespace affjit::bench
