// The traffic measurement's simulated caches (runtime/CacheSimulator.h)
// against an independent least-recently-used model: a list per set, most
// recent first.
#include "runtime/CacheSimulator.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <list>
#include <random>
#include <vector>

using affjit::rt::CacheGeometry;
using affjit::rt::SimulatedCache;
using affjit::rt::SimulatedHierarchy;

namespace {

class ReferenceLru {
public:
  ReferenceLru(uint64_t sets, uint64_t ways) : ways(ways), order(sets) {}
  bool touch(uint64_t line) {
    std::list<uint64_t> &set = order[line % order.size()];
    auto it = std::find(set.begin(), set.end(), line);
    bool hit = it != set.end();
    if (hit)
      set.erase(it);
    else if (set.size() == ways)
      set.pop_back();
    set.push_front(line);
    return hit;
  }

private:
  uint64_t ways;
  std::vector<std::list<uint64_t>> order;
};

TEST(CacheSimulator, AgreesWithAReferenceLruOnRandomLines) {
  // 4 KB, 4 ways, 64 B lines: 16 sets.
  SimulatedCache cache(CacheGeometry{4096, 4, 64});
  ReferenceLru reference(16, 4);
  std::mt19937_64 rng(7);
  // Few enough distinct lines that hits and evictions both happen often.
  std::uniform_int_distribution<uint64_t> line(0, 200);
  unsigned hits = 0;
  for (int i = 0; i < 20000; ++i) {
    uint64_t l = line(rng);
    bool expected = reference.touch(l);
    ASSERT_EQ(cache.touch(l), expected) << "access " << i << ", line " << l;
    hits += expected;
  }
  EXPECT_GT(hits, 1000u);
  EXPECT_LT(hits, 19000u);
}

TEST(CacheSimulator, ClearEmptiesTheCache) {
  SimulatedCache cache(CacheGeometry{4096, 4, 64});
  EXPECT_FALSE(cache.touch(3));
  EXPECT_TRUE(cache.touch(3));
  cache.clear();
  EXPECT_FALSE(cache.touch(3));
}

TEST(CacheSimulator, ASequentialScanOfTwiceTheL1MissesTheL1AndHitsTheL2) {
  CacheGeometry l1{32 * 1024, 8, 64}, l2{1024 * 1024, 8, 64};
  SimulatedHierarchy caches(l1, l2);
  auto scan = [&] {
    affjit::rt::AccessCost total;
    // 16-byte accesses, so each line is touched four times.
    for (uint64_t a = 0; a < 64 * 1024; a += 16) {
      affjit::rt::AccessCost c = caches.access(a, 16, [](uint64_t) {});
      total.lines += c.lines;
      total.l1Misses += c.l1Misses;
      total.l2Misses += c.l2Misses;
    }
    return total;
  };
  affjit::rt::AccessCost first = scan(), second = scan();
  EXPECT_EQ(first.lines, 4096u);
  EXPECT_EQ(first.l1Misses, 1024u); // cold
  EXPECT_EQ(first.l2Misses, 1024u);
  // LRU evicts each line before the scan comes back to it.
  EXPECT_EQ(second.l1Misses, 1024u);
  EXPECT_EQ(second.l2Misses, 0u);
}

TEST(CacheSimulator, AnAccessAcrossALineBoundaryTouchesBothLines) {
  SimulatedHierarchy caches(CacheGeometry{4096, 4, 64},
                            CacheGeometry{65536, 4, 64});
  std::vector<uint64_t> lines;
  affjit::rt::AccessCost c =
      caches.access(60, 8, [&](uint64_t l) { lines.push_back(l); });
  EXPECT_EQ(lines, (std::vector<uint64_t>{0, 1}));
  EXPECT_EQ(c.l1Misses, 2u);
  EXPECT_EQ(caches.access(64, 64, [](uint64_t) {}).l1Misses, 0u);
}

} // namespace

namespace {

TEST(CacheSimulator, TheLineUsedLastIsAHitThatOnLineSeesAgainAfterForgetting) {
  SimulatedHierarchy caches(CacheGeometry{4096, 4, 64},
                            CacheGeometry{65536, 4, 64});
  unsigned seen = 0;
  auto count = [&](uint64_t) { ++seen; };
  EXPECT_EQ(caches.access(0, 4, count).l1Misses, 1u);
  affjit::rt::AccessCost again = caches.access(4, 4, count);
  EXPECT_EQ(again.lines, 1u);
  EXPECT_EQ(again.l1Misses, 0u);
  EXPECT_EQ(seen, 1u);
  caches.forgetLastLine();
  EXPECT_EQ(caches.access(8, 4, count).l1Misses, 0u);
  EXPECT_EQ(seen, 2u);
}

} // namespace
