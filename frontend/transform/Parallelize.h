// Pass `parallelize`: the outermost affine.for of each nest that the
// dependence analysis proves parallel (LoopParallelism.h: no memory
// dependence carried by it, every iter_arg a reduction) becomes an
// affine.parallel (seed 000, "affine.parallel"), its iter_args `reduce`
// kinds combined with the loop's initial values after it, like MLIR's
// -affine-parallelize. Loops whose work (WorkEstimate.h, op instances of one
// run) is below a threshold stay sequential: a parallel region costs more
// than it saves there. Float reductions are parallelized only with fast
// math, as running them in parallel reassociates them. Only the outermost
// parallel loop of a nest is converted (nested parallelism runs the outer
// level only). `--opt-report=parallelize` says per loop what was
// parallelized or why not. Accesses through views and memrefs that may
// share a buffer are dependences unless the analysis composes them
// (MemRefAlias.h); distinct memref arguments are kept apart by the alias
// guard. The lowering runs affine.parallel on the
// threading runtime (LowerParallel.cpp).
#pragma once

#include "frontend/ir/IR.h"
#include "frontend/transform/PassContext.h"

namespace affjit {

struct ParallelizeOptions {
  /// Loops whose one run executes fewer op instances than this stay
  /// sequential: the target's grain (TargetModel::parallelMinWork, 2^19 as
  /// measured with benchmarks/ParallelBench.cpp, docs/passes/parallelize.md;
  /// AFFJIT_PARALLEL_MIN_WORK overrides it).
  double minWork = TargetModel::host().parallelMinWork;
};

/// Converts the outermost parallel loops of every function in `module`.
bool parallelizeLoops(Module &module, PassContext &context,
                      const ParallelizeOptions &options);

} // namespace affjit
