// The LLVM instrumentation of the traffic measurement (`--measure-traffic`):
// a call to affjit_rt_trace_access before every memory access of an
// optimized module — loads, stores, masked and gathered vectors, memcpy,
// memmove and memset — so the accesses the machine will run, after LLVM's
// own scalar replacement and vectorization, are what the simulated caches
// see (runtime/TrafficTrace.h). It runs after optimization, as
// sanitizers' instrumentation does; spills the code generator adds later
// are not traced (they are the stack's, not the program's data).
#pragma once

#include <llvm/IR/Module.h>

namespace affjit {

/// Instruments every function defined in `module`.
void traceMemoryAccesses(llvm::Module &module);

} // namespace affjit
