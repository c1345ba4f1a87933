// A model of one core's L1 data cache and L2 for the traffic measurement
// (`--measure-traffic`; issue 15's "estimated vs. measured traffic", on
// hosts without hardware cache counters): set-associative, least recently
// used, write-allocate, the L2 seeing only the L1's misses. No prefetchers:
// it counts the lines the accesses themselves need, which is what the cost
// model (frontend/analysis/NestTraffic.h) estimates.
#pragma once

#include <cstdint>
#include <vector>

namespace affjit::rt {

struct CacheGeometry {
  int64_t bytes = 32 * 1024, ways = 8, lineBytes = 64;
};

/// One cache level, holding line numbers (address / line size).
class SimulatedCache {
public:
  /// A cache of `geometry` (at least one set of at least one way).
  explicit SimulatedCache(const CacheGeometry &geometry);
  /// Uses `line`: true when the cache held it; otherwise it is brought in,
  /// replacing its set's least recently used line.
  bool touch(uint64_t line);
  /// Empties the cache.
  void clear();

private:
  struct Slot {
    uint64_t line, lastUse;
  };
  uint64_t setOf(uint64_t line) const {
    return setMask ? line & setMask : line % sets;
  }
  uint64_t sets, ways;
  /// sets - 1 when sets is a power of two (and more than one), else 0.
  uint64_t setMask;
  /// Per set, `ways` slots: the line held (kEmpty when none) and when it
  /// was last used (0: never).
  std::vector<Slot> slots;
  uint64_t clock = 0;
};

/// What one access cost: the lines it spans, and how many of them the L1
/// and the L2 had to bring in.
struct AccessCost {
  uint64_t lines = 0, l1Misses = 0, l2Misses = 0;
};

class SimulatedHierarchy {
public:
  SimulatedHierarchy(const CacheGeometry &l1, const CacheGeometry &l2);
  /// Runs an access of `bytes` bytes at `address` through both levels
  /// (the line size is the L1's); `onLine` sees each line spanned, except
  /// one that is the line used last.
  template <typename OnLine>
  AccessCost access(uint64_t address, uint64_t bytes, OnLine &&onLine) {
    AccessCost cost;
    if (bytes == 0)
      return cost;
    uint64_t first = address / lineBytes,
             last = (address + bytes - 1) / lineBytes;
    for (uint64_t line = first; line <= last; ++line) {
      ++cost.lines;
      // The line used last is its set's most recent: a hit that changes
      // nothing (consecutive scalars in one line).
      if (line == lastLine)
        continue;
      lastLine = line;
      onLine(line);
      if (l1.touch(line))
        continue;
      ++cost.l1Misses;
      cost.l2Misses += !l2.touch(line);
    }
    return cost;
  }
  /// Forgets which line was used last: `onLine` sees the next access's
  /// lines even when the first is that line (a new nest run begins).
  void forgetLastLine() { lastLine = ~uint64_t(0); }
  uint64_t getLineBytes() const { return lineBytes; }

private:
  uint64_t lineBytes;
  uint64_t lastLine = ~uint64_t(0);
  SimulatedCache l1, l2;
};

} // namespace affjit::rt
