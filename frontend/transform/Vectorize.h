// Pass `vectorize`: host-width SIMD for affine loops (seed 003, Proposal
// 2). In each nest the innermost loop that qualifies
// (VectorizationPlan.h) runs `lanes` iterations at a time: contiguous
// loads and stores become affine.vector_load / affine.vector_store,
// invariant loads and values a vector.broadcast (hoisted out of the loop
// where they come from outside), arith and math ops their vector forms,
// inner loops carry vector iter_args (outer-loop reductions: column sums
// stay in program order), and the loop's own reductions run as vector
// partial results combined by one `vector.reduction` after the loop
// (inner-loop reductions: row sums and dot products, integers always,
// floats only with fastmath<reassoc> or fast math). A float sum or product
// that may not be reassociated, in a loop whose lanes compute a math
// function, stays a scalar that each iteration's `vector.reduction` with
// accumulator adds the vector's lanes into, in order. Iterations beyond the
// last whole vector run in a scalar epilogue loop (a clone of the original
// starting where the vector loop stopped). `--opt-report=vectorize` says per
// loop what was vectorized with how many lanes, or why not.
//
// What it assumes, and where that is checked: memory is read and written
// as vectors only through memrefs whose innermost stride is statically 1
// (VectorizationPlan.h: strided, transposed and dynamically strided views
// stay scalar). The loop has step 1 and single bounds lb and ub, which may
// be symbols with any values at run time: with end = lb + ((ub - lb)
// floordiv lanes) * lanes, the vector loop runs from lb to min(end, ub)
// and the epilogue from max(lb, end) to ub (terms provably redundant are
// left out, constant bounds folded in 128 bits). So a loop that runs no
// iteration (ub <= lb, where end falls below lb) runs neither, one shorter
// than a vector only the epilogue, and even if ub - lb wraps around 64
// bits neither loop leaves [lb, ub). An epilogue vectorized again counts
// its whole vectors from end, which equals its max(lb, end) whenever it
// runs.
#pragma once

#include "frontend/analysis/VectorizationPlan.h"
#include "frontend/ir/IR.h"
#include "frontend/transform/PassContext.h"

namespace affjit {

struct VectorizeOptions {
  /// The registers to plan for (the pass registry gives the context's
  /// target's; PassContext.h).
  VectorizationTarget target = TargetModel::host().vectorization();
};

/// Vectorizes the loop nests of every function in `module`.
bool vectorizeLoops(Module &module, PassContext &context,
                    const VectorizeOptions &options);

} // namespace affjit
