// The loop nests the traffic measurement follows (`--measure-traffic`):
// the affine.for ops directly in each function body — the top-level nests
// the `report` pass describes — numbered in module order. The alias
// guard's copies of functions as written (kAliasVersionAttr) run only when
// arguments overlap and are not followed. Code lowered for
// measuring calls affjit_rt_trace_nest_begin/end with a nest's id around
// each of its runs, so the runtime can attribute the traced accesses
// (runtime/TrafficTrace.h).
#pragma once

#include "frontend/ir/IR.h"
#include "frontend/lower/LoweringContext.h"

#include <string>
#include <vector>

namespace affjit {

struct TracedNest {
  std::string function;
  Location loc;
};

/// The traced nests of `module`, in the order their ids are given.
std::vector<TracedNest> tracedNests(Module &module);

/// Whether `op`, directly in a function body, is a traced nest: a loop nest
/// outside the alias guard's fallback copies.
bool isTracedNest(const Operation &op);

/// Lowers the traced nest `loop` between the begin and end hooks of nest
/// `id`.
bool lowerTracedNest(LoweringContext &lc, Operation &loop, int64_t id);

} // namespace affjit
