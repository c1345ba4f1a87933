// The simulated caches of the traffic measurement (see CacheSimulator.h).
#include "runtime/CacheSimulator.h"

#include <algorithm>

namespace affjit::rt {

static constexpr uint64_t kEmpty = ~uint64_t(0);

SimulatedCache::SimulatedCache(const CacheGeometry &g) {
  int64_t line = std::max<int64_t>(g.lineBytes, 1);
  ways = (uint64_t)std::max<int64_t>(g.ways, 1);
  sets = std::max<uint64_t>(
      (uint64_t)std::max<int64_t>(g.bytes, 0) / (line * ways), 1);
  lines.assign(sets * ways, kEmpty);
  lastUse.assign(sets * ways, 0);
}

bool SimulatedCache::touch(uint64_t line) {
  uint64_t base = (line % sets) * ways;
  uint64_t victim = base;
  ++clock;
  for (uint64_t slot = base; slot < base + ways; ++slot) {
    if (lines[slot] == line) {
      lastUse[slot] = clock;
      return true;
    }
    // Empty slots have lastUse 0, so they are taken first.
    if (lastUse[slot] < lastUse[victim])
      victim = slot;
  }
  lines[victim] = line;
  lastUse[victim] = clock;
  return false;
}

void SimulatedCache::clear() {
  std::fill(lines.begin(), lines.end(), kEmpty);
  std::fill(lastUse.begin(), lastUse.end(), 0);
}

SimulatedHierarchy::SimulatedHierarchy(const CacheGeometry &l1g,
                                       const CacheGeometry &l2g)
    : lineBytes((uint64_t)std::max<int64_t>(l1g.lineBytes, 1)), l1(l1g),
      l2(l2g) {}

} // namespace affjit::rt
