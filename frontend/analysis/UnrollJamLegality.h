// Whether unrolling a loop and jamming its copies keeps every dependence
// (seed 001, "What are the loop carried dependences?": distance and
// direction per common loop). Unrolling affine.for L by U and jamming the
// copies runs, within each block of U iterations, copy a's instance of an
// op at inner timestamp t (positions in blocks and inner induction
// variables) before copy b's at t' exactly when (t, a) < (t', b): the copy
// index moves from the front of the timestamp to its end. So a dependence
// carried by L from iteration i to i + d, 0 < d < U * step, is kept iff its
// source's inner timestamp is not after its sink's: along the common inner
// loops the distance vector is lexicographically positive, or zero with the
// source op not after the sink op in the body, or in an innermost body laid
// out copy by copy (JamOrder::CopyByCopy). A loop that carries no
// dependence (a parallel one) always qualifies; atax's row loop, whose
// y[j] updates go from row i to row i + 1 at the same j, qualifies copy by
// copy.
// Inner loops run once per copy (bounds that depend on L) and affine.if
// ops are checked as if jammed, which only refuses more.
#pragma once

#include "frontend/analysis/Dependence.h"

#include <optional>
#include <string>

namespace affjit {

/// How the jammed copies of a body are laid out.
enum class JamOrder {
  /// Each op's copies follow each other, everywhere.
  Interleaved,
  /// In the bodies of inner loops that hold no loop themselves, copy 0's
  /// ops, then copy 1's, ...; elsewhere as Interleaved. Keeps a dependence
  /// between two ops of one innermost body at inner distance 0 (atax's
  /// y[j] += ..., row after row), which interleaving reverses.
  CopyByCopy,
};

struct UnrollJamLegality {
  /// The first order that keeps every dependence, nullopt if none does.
  std::optional<JamOrder> order;
  /// Why neither does (a sentence for remarks).
  std::string why;
};

/// Whether unrolling affine.for `forOp` by `factor` and jamming the copies
/// keeps every dependence, and in which order. Ops with effects the
/// analysis cannot see (calls, ...) and dependences it cannot bound count as
/// reordered. `checker`, when given, must compute components; when null an
/// exact checker is used.
UnrollJamLegality checkUnrollJam(Operation *forOp, unsigned factor,
                                 DependenceChecker *checker = nullptr);

/// A skew for jamming the copies of an innermost loop: copy u of
/// affine.for `outer`'s body runs its `inner` iteration j at step
/// j + skew * u of the jammed inner loop, copies of one step in copy order
/// (seidel-2d's rows: row i + 1 lags two columns behind row i). Before and
/// after the steps where every copy has an iteration, each copy runs its
/// first (last) columns alone, lower copies first: still row order, only
/// closer to the original. A dependence carried by `outer` from copy a,
/// column j to copy b > a, column j + dj then runs at an earlier step iff
/// dj + skew * (b - a) >= 1, which dj >= 1 - skew ensures.
struct JamSkew {
  /// The least skew at which no dependence runs backwards and the copies of
  /// one step are independent (every carried dependence reaches a later
  /// step); nullopt if there is none.
  std::optional<int64_t> skew;
  /// Why there is none.
  std::string why;
};

/// The skew for unrolling `outer` by `factor` and jamming its only child,
/// `inner` (step 1, no loop inside), as described at JamSkew. The
/// dependences are those of accesses inside `outer` (all inside `inner`);
/// a dependence without a lower bound on its inner distance, or an op with
/// effects the analysis cannot see, leaves none.
JamSkew getJamSkew(Operation *outer, Operation *inner, unsigned factor,
                   DependenceChecker *checker = nullptr);

/// True if `block` is the body of a loop holding no loop (at any depth),
/// where JamOrder::CopyByCopy lays out copies one after another.
bool isInnermostLoopBody(Block &block);

} // namespace affjit
