// Pass `stream-reductions`: the dimension that pays for seed 003's
// outer-loop reduction. A column sum
//
//   for j: s = for i iter_args(acc = init) { acc + A[i][j] }; out[j] = s
//
// vectorizes j (a vector of independent column sums, nothing reordered),
// but its inner loop then walks down the rows: every iteration touches a
// new page, and the matrix streams at ~40% of the machine's read
// bandwidth. Here the reduction loop is strip-mined by kRows rows and the
// strips run outside the parallel loop, each column's partial result kept
// in the element it is finally stored to between strips:
//
//   for j: out[j] = init
//   for ib step kRows:
//     for j: out[j] = for i = ib to min(ib + kRows, n) iter_args(acc = out[j])
//                       { acc + A[i][j] }
//
// so kRows rows stream side by side, in order. Each column still adds its
// elements in row order from the same initial value (the partial sums
// round-trip through memory exactly): bit-identical, no fast math needed.
//
// Applies to a loop without iter_args whose body is one loop with iter_args
// (bounds not depending on it, step 1) followed by one store of each of
// its results, where: the inner loop's body holds only loads and ops
// without memory effects; every load moves contiguously along the outer
// loop and not along the inner one (a strided walk down rows); each store
// moves contiguously along the outer loop, to a buffer no load reads; and
// the outer loop carries no memory dependence. `--opt-report=
// stream-reductions` says what was strip-mined, or which condition failed.
#pragma once

#include "frontend/ir/IR.h"
#include "frontend/transform/PassContext.h"

namespace affjit {

/// Streams the column-sum-shaped reductions of every function in `module`.
bool streamReductions(Module &module, PassContext &context);

} // namespace affjit
