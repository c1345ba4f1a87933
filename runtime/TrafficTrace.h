// The traffic measurement's bookkeeping (`--measure-traffic`): code compiled
// to measure calls affjit_rt_trace_nest_begin/end around each run of a
// top-level loop nest and affjit_rt_trace_access before every load and
// store (affjit/Runtime.h). Each thread replays its accesses through its own
// simulated L1 and L2 (CacheSimulator.h), which persist across nests and
// calls as a real core's caches do; every nest running on that thread counts
// the lines its run touched (once each: the compulsory traffic) and those
// the L1 and the L2 missed. A run's counts join the nest's totals when it
// ends. The engine reserves the ids, configures the caches and reads the
// totals.
#pragma once

#include "runtime/CacheSimulator.h"

#include <cstdint>

namespace affjit::rt {

/// A nest's totals over its finished runs.
struct NestTrafficCounters {
  uint64_t runs = 0;
  /// Loads and stores executed (a vector access counts once).
  uint64_t accesses = 0;
  /// Lines each run touched, summed over runs.
  uint64_t distinctLines = 0;
  /// Lines the L1 and the L2 brought in.
  uint64_t l1Misses = 0, l2Misses = 0;
};

/// `count` fresh nest ids (consecutive); returns the first.
int64_t reserveTracedNests(int64_t count);
/// The caches threads simulate from now on (a thread's caches are rebuilt,
/// empty, at its next access once the geometry changed).
void configureSimulatedCaches(const CacheGeometry &l1, const CacheGeometry &l2);
/// The totals of nest `id` (zero when it never finished a run).
NestTrafficCounters nestTraffic(int64_t id);

} // namespace affjit::rt
