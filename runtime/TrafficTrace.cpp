// The traffic measurement's hooks and totals (see TrafficTrace.h).
#include "runtime/TrafficTrace.h"

#include "affjit/Runtime.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace affjit::rt {

namespace {

/// The geometry every thread simulates, and its version (threads rebuild
/// their caches when it moved).
struct Geometry {
  std::mutex mutex;
  CacheGeometry l1, l2{1024 * 1024, 8, 64};
  std::atomic<uint64_t> version{1};
};

Geometry &geometry() {
  static Geometry g;
  return g;
}

/// Every nest's totals.
struct Totals {
  std::mutex mutex;
  std::unordered_map<int64_t, NestTrafficCounters> nests;
};

Totals &totals() {
  static Totals t;
  return t;
}

/// One run of a nest in progress on this thread.
struct ActiveRun {
  int64_t id;
  NestTrafficCounters counts;
  std::unordered_set<uint64_t> lines;
};

struct ThreadTracer {
  std::unique_ptr<SimulatedHierarchy> caches;
  uint64_t version = 0;
  std::vector<ActiveRun> active;

  SimulatedHierarchy &hierarchy() {
    Geometry &g = geometry();
    uint64_t current = g.version.load(std::memory_order_acquire);
    if (!caches || version != current) {
      std::lock_guard<std::mutex> lock(g.mutex);
      caches = std::make_unique<SimulatedHierarchy>(g.l1, g.l2);
      version = current;
    }
    return *caches;
  }
};

thread_local ThreadTracer tracer;

void finishRun(ActiveRun &run) {
  run.counts.runs = 1;
  run.counts.distinctLines = run.lines.size();
  Totals &t = totals();
  std::lock_guard<std::mutex> lock(t.mutex);
  NestTrafficCounters &sum = t.nests[run.id];
  sum.runs += run.counts.runs;
  sum.accesses += run.counts.accesses;
  sum.distinctLines += run.counts.distinctLines;
  sum.l1Misses += run.counts.l1Misses;
  sum.l2Misses += run.counts.l2Misses;
}

} // namespace

int64_t reserveTracedNests(int64_t count) {
  static std::atomic<int64_t> next{0};
  return next.fetch_add(count);
}

void configureSimulatedCaches(const CacheGeometry &l1,
                              const CacheGeometry &l2) {
  Geometry &g = geometry();
  std::lock_guard<std::mutex> lock(g.mutex);
  g.l1 = l1;
  g.l2 = l2;
  g.version.fetch_add(1, std::memory_order_release);
}

NestTrafficCounters nestTraffic(int64_t id) {
  Totals &t = totals();
  std::lock_guard<std::mutex> lock(t.mutex);
  auto it = t.nests.find(id);
  return it == t.nests.end() ? NestTrafficCounters{} : it->second;
}

} // namespace affjit::rt

using namespace affjit::rt;

extern "C" void affjit_rt_trace_nest_begin(int64_t id) {
  tracer.active.push_back(ActiveRun{id, {}, {}});
  // The new run must see its first line even if it was used last.
  tracer.hierarchy().forgetLastLine();
}

extern "C" void affjit_rt_trace_nest_end(int64_t id) {
  // Runs end innermost first; one left open (a nest the code jumped out
  // of) ends with the run around it.
  while (!tracer.active.empty()) {
    ActiveRun run = std::move(tracer.active.back());
    tracer.active.pop_back();
    finishRun(run);
    if (run.id == id)
      return;
  }
}

extern "C" void affjit_rt_trace_access(const void *address, int64_t bytes) {
  if (!address || bytes <= 0)
    return;
  std::vector<ActiveRun> &active = tracer.active;
  AccessCost cost = tracer.hierarchy().access(
      (uint64_t)(uintptr_t)address, (uint64_t)bytes, [&](uint64_t line) {
        for (ActiveRun &run : active)
          run.lines.insert(line);
      });
  for (ActiveRun &run : active) {
    ++run.counts.accesses;
    run.counts.l1Misses += cost.l1Misses;
    run.counts.l2Misses += cost.l2Misses;
  }
}
