// Parallel loops on LLVM's OpenMP runtime (libomp): affjit_rt_parallel_for
// forks a team through the same `__kmpc_*` entry points clang emits for
// `#pragma omp parallel num_threads(n)`, and every thread runs its chunks of
// a static partition. libomp rather than oneTBB: it runs more threads than
// cores when asked (TBB caps its workers at the core count unless a
// process-wide limit is changed), its team ids give a fixed chunk-to-thread
// mapping, and its Archer tool lets ThreadSanitizer see its
// synchronization. docs/benchmarks.md has the measured overheads.
#include "affjit/Runtime.h"

#include <pthread.h>
#include <sched.h>
#include <signal.h>

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <thread>

extern "C" {
// libomp's C ABI (kmp.h is not installed; these are stable since LLVM 3.x).
struct affjit_kmp_ident {
  int32_t reserved1, flags, reserved2, reserved3;
  const char *psource;
};
typedef void (*affjit_kmpc_micro)(int32_t *gtid, int32_t *btid, ...);
int32_t __kmpc_global_thread_num(affjit_kmp_ident *loc);
void __kmpc_push_num_threads(affjit_kmp_ident *loc, int32_t gtid,
                             int32_t numThreads);
void __kmpc_fork_call(affjit_kmp_ident *loc, int32_t argc,
                      affjit_kmpc_micro microtask, ...);
int omp_get_num_threads(void);
int omp_in_parallel(void);
void kmp_set_defaults(char const *settings);
}

namespace {

/// KMP_IDENT_KMPC, as clang sets it on its parallel regions.
affjit_kmp_ident forkLocation{0, 2, 0, 0, ";affjit;parallel_for;0;0;;"};

/// How deep the calling thread is in affjit_rt_parallel_for (the forking
/// thread and, while they run chunks, the team's other threads).
thread_local int regionDepth = 0;

struct RegionScope {
  RegionScope() { ++regionDepth; }
  ~RegionScope() { --regionDepth; }
};

struct ParallelLoop {
  affjit_rt_parallel_body_t body;
  void *context;
  int64_t lb, step, trip, numChunks;

  /// Chunk `c` of the static partition: its first iteration and count.
  void runChunk(int64_t c) const {
    int64_t base = trip / numChunks, extra = trip % numChunks;
    int64_t first = c * base + std::min(c, extra);
    int64_t count = base + (c < extra ? 1 : 0);
    body(context, lb + first * step, lb + (first + count) * step, c);
  }
};

/// Each thread of the team takes chunks t, t + n, ... (n threads): with as
/// many threads as chunks, one chunk each.
void microtask(int32_t * /*gtid*/, int32_t *btid, const ParallelLoop *loop) {
  RegionScope inRegion;
  int64_t threads = omp_get_num_threads();
  for (int64_t c = *btid; c < loop->numChunks; c += threads)
    loop->runChunk(c);
}

/// libomp's workers spin for 200 ms after a region by default (its
/// KMP_BLOCKTIME); with 0 they sleep at once and every fork must wake them,
/// which on these VMs costs 17 to 47 us per region (a cross-CPU wake-up).
/// 1 ms keeps them spinning between the regions of one kernel and frees
/// the cores soon after: an empty 2-thread region took 0.9 us quiet and
/// 1.9 us with both cores busy, against 47 and 17 us with 0
/// (BM_EmptyParallelRegion, BM_Grain in benchmarks/ParallelBench.cpp). A
/// KMP_BLOCKTIME the user sets still wins; libomp reads these defaults when
/// it starts.
void setRuntimeDefaults() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (!std::getenv("KMP_BLOCKTIME"))
      kmp_set_defaults("KMP_BLOCKTIME=1");
  });
}

} // namespace

extern "C" void affjit_rt_parallel_for(affjit_rt_parallel_body_t body,
                                       void *context, int64_t lb, int64_t ub,
                                       int64_t step, int64_t numChunks) {
  setRuntimeDefaults();
  int64_t trip = ub > lb ? (ub - lb - 1) / step + 1 : 0;
  ParallelLoop loop{body, context, lb,
                    step, trip,    std::max<int64_t>(1, numChunks)};
  if (loop.numChunks == 1 || trip <= 1 || omp_in_parallel()) {
    for (int64_t c = 0; c < loop.numChunks; ++c)
      loop.runChunk(c);
    return;
  }
  // SIGINT waits until the region is over, and the team's threads (created
  // here, inheriting this mask) never take it: a handler that jumps out
  // (the REPL's Ctrl-C) then runs on this thread outside the runtime.
  sigset_t interrupt, saved;
  sigemptyset(&interrupt);
  sigaddset(&interrupt, SIGINT);
  pthread_sigmask(SIG_BLOCK, &interrupt, &saved);
  {
    RegionScope inRegion;
    int32_t gtid = __kmpc_global_thread_num(&forkLocation);
    __kmpc_push_num_threads(&forkLocation, gtid, (int32_t)loop.numChunks);
    __kmpc_fork_call(&forkLocation, 1, (affjit_kmpc_micro)microtask, &loop);
  }
  pthread_sigmask(SIG_SETMASK, &saved, nullptr);
}

extern "C" int affjit_rt_in_parallel_region(void) { return regionDepth > 0; }

extern "C" int64_t affjit_rt_available_cores(void) {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0)
    return std::max(1, CPU_COUNT(&set));
  return std::max(1u, std::thread::hardware_concurrency());
}
