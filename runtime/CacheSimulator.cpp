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
  // A mask instead of a division: the common geometries' set counts are
  // powers of two.
  setMask = sets > 1 && (sets & (sets - 1)) == 0 ? sets - 1 : 0;
  slots.assign(sets * ways, Slot{kEmpty, 0});
}

bool SimulatedCache::touch(uint64_t line) {
  Slot *set = &slots[setOf(line) * ways];
  Slot *victim = set;
  ++clock;
  for (Slot *slot = set; slot < set + ways; ++slot) {
    if (slot->line == line) {
      slot->lastUse = clock;
      return true;
    }
    // Empty slots have lastUse 0, so they are taken first.
    if (slot->lastUse < victim->lastUse)
      victim = slot;
  }
  *victim = Slot{line, clock};
  return false;
}

void SimulatedCache::clear() { slots.assign(slots.size(), Slot{kEmpty, 0}); }

SimulatedHierarchy::SimulatedHierarchy(const CacheGeometry &l1g,
                                       const CacheGeometry &l2g)
    : lineBytes((uint64_t)std::max<int64_t>(l1g.lineBytes, 1)), l1(l1g),
      l2(l2g) {}

} // namespace affjit::rt
