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
// The same strips serve updates kept in memory along rows, the column
// form of a matrix-vector product:
//
//   for i: x = x[i]; for j: y[j] = y[j] + A[i][j] * x
//
// becomes, per strip, `for j: y[j] = for i in strip iter_args(acc = y[j])
// { acc + A[i][j] * x[i] }`: y[j] is loaded and stored once per 8 rows
// instead of once per row, and the rows stream side by side. Applies when
// the inner loop stores one element, contiguous along it and fixed along
// the row loop, whose new value is a reduction op of its old value; the
// rest of the inner loop (and what the row loop computes before it) holds
// only loads of other buffers and ops without memory effects; and the
// inner loop carries no memory dependence.
//
// Applies to a loop without iter_args whose body is one loop with iter_args
// (bounds not depending on it, step 1) followed by one store of each of
// its results, where: the inner loop's body holds only loads and ops
// without memory effects; every load moves contiguously along the outer
// loop and not along the inner one (a strided walk down rows); each store
// moves contiguously along the outer loop, to a buffer no load reads; and
// the outer loop carries no memory dependence. `--opt-report=
// stream-reductions` says what was strip-mined, or which condition failed.
//
// Bounds: the strips are `for ib = lb to ub step kRows` and each runs rows
// `ib to min(ib + kRows, ub)` (`ib + kRows` when kRows divides a constant
// trip count), with the reduction loop's own bounds, which may be symbols:
// when it runs no iteration at run time the strips do not run and each
// result is its initial value, as before. Assumes ib + kRows does not wrap
// around 64 bits: checked for a constant upper bound (refused within kRows
// of the largest index), assumed for symbolic ones, as for any loop whose
// step takes it past its upper bound.
#pragma once

#include "frontend/ir/IR.h"
#include "frontend/transform/PassContext.h"

namespace affjit {

/// Streams the column-sum-shaped reductions of every function in `module`.
bool streamReductions(Module &module, PassContext &context);

} // namespace affjit
