// Pass `split-triangle`: register blocks for triangular nests. Covariance,
// once `distribute` has made its j loop vectorizable, runs `for i = 0 to
// M: for j = i to M: {cov[i][j] = sum over k ...}`: unroll-jam would block
// rows i (each k step's data[k][j:j+16] loaded once for several rows), but
// j's bounds move with i, so the copies of a row loop would not share one
// j loop. The pass cuts the rows into blocks of U, U the rows of the
// register block unroll-jam will make (RegisterBlockPlan.h):
//
//   for i0 = lb to lb + (trips / U) * U step U {
//     for u = 0 to U: for j = i0 + u + c to min(i0 + U - 1 + c, ub): BODY
//     for u = 0 to U: for j = i0 + U - 1 + c to ub: BODY      (i = i0 + u)
//   }
//   for i = lb + (trips / U) * U to ub_i: for j = i + c to ub: BODY
//
// Each row still runs every j it ran, in increasing order; the second u
// loop has constant bounds and a j loop whose bounds do not depend on it,
// which unroll-jam blocks. Rows of a block run their triangles first, so
// the rows must not depend on each other: the pass requires the row loop
// to carry no dependence (exact test; LoopParallelism.h). It applies to a
// row loop with constant bounds and step 1 whose body is one loop j (other
// nests after it are first moved into a loop of their own when
// DistributionLegality.h allows) with step 1, lower bound i + c and upper
// bounds that do not use i, and a nest inside j that accumulates into
// memory or iter_args while reading something every row shares. The sums
// keep their order: nothing within a row is reordered. With its report on
// it says what it split or why not.
#pragma once

#include "frontend/ir/IR.h"
#include "frontend/target/TargetParams.h"
#include "frontend/transform/PassContext.h"

namespace affjit {

struct TriangularSplitOptions {
  VectorizationTarget target;
  /// The most rows of a block (unroll-jam's max-factor).
  unsigned maxRows = 8;
};

bool splitTriangles(Module &module, PassContext &context,
                    const TriangularSplitOptions &options);

} // namespace affjit
