// A measured memory roofline for `affjit bench`: STREAM's copy (c = a) and
// triad (a = b + s * c) kernels, timed on double arrays that together take
// as many bytes as the benchmarked function's memref arguments, so a
// kernel's GB/s compares with what the memory level holding its data
// delivers (the L2 for 1 MB of arguments, DRAM for 1 GB). Bytes count as
// STREAM counts them: copy moves two arrays, triad three (reads plus
// writes, no write-allocate), as the work estimate counts a kernel's.
#pragma once

#include <cstddef>

namespace affjit::bench {

struct BandwidthProbe {
  /// The bytes all three arrays take together (at least 24 KiB are used).
  size_t footprintBytes = 64 << 20;
  /// Threads that share the arrays, each its own contiguous part.
  unsigned threads = 1;
  /// Evict the arrays from the caches before each pass (as `--cold`).
  bool cold = false;
  /// Passes of each kernel go on until they add up to this long (and at
  /// least `minPasses`); the fastest one counts, as in STREAM.
  double minSeconds = 0.05;
  int minPasses = 5;
};

struct MeasuredBandwidth {
  /// GB/s (1e9 bytes per second) of the fastest pass of each kernel.
  double copy = 0, triad = 0;
  /// The bytes of one array, and the threads that ran.
  size_t arrayBytes = 0;
  unsigned threads = 1;
  double best() const { return copy > triad ? copy : triad; }
};

/// Measures copy and triad bandwidth as `probe` says.
MeasuredBandwidth measureBandwidth(const BandwidthProbe &probe);

} // namespace affjit::bench
