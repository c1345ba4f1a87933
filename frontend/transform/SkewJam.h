// Pass `skew-jam`: latency hiding for recurrences along rows, by
// unroll-and-jam with a skew (seed 000's affine.for; the wavefront of a
// Gauss-Seidel sweep). An innermost loop that carries a dependence through
// memory runs one chain of dependent ops: seidel-2d's A[i][j] needs
// A[i][j - 1] of the previous column, so its adds, its division and the
// store-to-load wait on each other and the core idles. The rows of the
// loop around it then run U at a time: row i + u lags skew * u columns
// behind row i, the least skew at which every dependence between the rows
// reaches a later step of the jammed loop (UnrollJamLegality.h,
// getJamSkew), so each step carries U independent chains. Each row's first
// and last columns, where not every row has one, run alone, rows in order.
// Every row keeps its columns' order and each column its ops' order, so
// results are bit-identical. Applies to a loop with constant bounds and no
// iter_args whose only child is an innermost loop of constant bounds, step
// 1 and no iter_args that is not memory-parallel, holding scalar ops only;
// U = 8 rows (fewer when there are fewer), skew at most 8 and U - 1 skews
// within the inner trip count. `--opt-report=skew-jam` says which loops
// were blocked, or why a candidate was not. Bounds: all constant (an inner
// loop of zero iterations only passes with skew 0, and then every column
// loop is empty); the jammed rows end at lb + (trips / U) * U * step,
// computed in 128 bits, and the leftover rows run in the original loop
// from there.
#pragma once

#include "frontend/ir/IR.h"
#include "frontend/transform/PassContext.h"

namespace affjit {

struct SkewJamOptions {
  /// Rows run at once.
  unsigned rows = 8;
};

/// Skews and jams the row loops around recurrences in every function of
/// `module`.
bool skewAndJamLoops(Module &module, PassContext &context,
                     const SkewJamOptions &options);

} // namespace affjit
