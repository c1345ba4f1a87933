// Pass `report`: the cost model's view of each loop nest after the
// optimizing passes, as remarks (`--opt-report=report`; issue 15). Per
// top-level nest: the loop order along its heaviest path (the loops that
// run the most op instances) with each loop's bounds and step, which of
// them strides over vectors, strips or blocks of another loop (tiles), the
// register block the innermost loop carries (its vector accumulators), and
// the traffic the footprint model (NestTraffic.h) estimates for the host's
// L1 and L2 data caches next to the compulsory bytes. It changes nothing;
// `default` ends with it so that `affjit opt --opt-report` shows what the
// pipeline made of every nest.
#pragma once

#include "frontend/ir/IR.h"
#include "frontend/transform/PassContext.h"

namespace affjit {

/// Reports every top-level nest of every function in `module`.
bool reportNests(Module &module, PassContext &context);

} // namespace affjit
