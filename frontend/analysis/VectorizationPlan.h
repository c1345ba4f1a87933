// Which loop of a nest to vectorize, and how wide (seed 003, Proposal 2:
// every op of the chosen loop is vectorized in program order, iter_args and
// affine.yield included). A loop qualifies when no memory dependence is
// carried by it (LoopParallelism.h), its own iter_args are reductions that
// may be reassociated (integers and float maximumf/minimumf always; other
// floats when the combiner carries `fastmath<reassoc>`/`fast` or fast math
// is on) or kept in order (a float sum or product in a loop that computes a
// math function: the lanes of each vector are added one by one into a
// scalar, seed 003's "ordered reduction", worth it because the math
// function then runs on whole vectors) or a running maximum or minimum
// written as compare-and-select (ReductionDetection.h), and every op in it
// has a vector form: each load or store is contiguous along the loop (only
// the last subscript moves, by 1, in a memref whose innermost stride is
// statically 1: not a strided or transposed view, nor a layout known only
// at run time) or invariant (a load then becomes a broadcast); arith and
// math ops, compares, selects and casts on numbers; loops nested in it keep
// running as scalar loops over vector values, their iter_args becoming
// vectors of independent reductions (the outer-loop reduction of a column
// sum, which reorders nothing); an affine.if whose condition is the same on
// every lane stays around vector code, one whose condition moves with the
// loop (linearly) becomes a mask: everything under it runs on every lane,
// so it may hold no loop, no access that does not move with the loop and
// no integer division. The induction variable may only index memory and
// appear in conditions. The loop chosen in a nest is the innermost that
// qualifies: a row sum vectorizes its inner loop, a column sum its outer
// one. Lanes: the host's vector width over the widest element. The
// analysis only reads the IR.
#pragma once

#include "frontend/analysis/AffineValueMap.h"
#include "frontend/analysis/ReductionDetection.h"
#include "frontend/ir/Ops.h"
#include "frontend/target/TargetParams.h"

#include <optional>
#include <string>
#include <vector>

namespace affjit {

/// How a load or store moves along the vectorized loop. Contiguous: the
/// iterations touch consecutive elements in memory (only the last subscript
/// moves, by 1, and the memref's innermost stride is statically 1).
enum class AccessPattern { Invariant, Contiguous, Other };

struct LoopVectorization {
  AffineForOp loop;
  /// Elements per vector.
  unsigned lanes = 0;
  /// The loop's own iter_args, all reductions (one horizontal reduction
  /// each after the loop).
  std::vector<LoopReduction> reductions;
  /// Per reduction: kept in order in a scalar (`vector.reduction` of each
  /// vector with the running value as accumulator, which adds the lanes in
  /// order) rather than in a vector of partial results.
  std::vector<bool> inOrder;
  /// The loop's compare-and-select iter_args: each lane keeps its running
  /// value and the iteration it was taken at, and after the loop the lanes
  /// are combined into what the scalar loop would have kept.
  std::vector<SelectReduction> selects;
  /// The reductions stream from memory (VectorizationTarget::streamingBytes):
  /// one register wide, the vector loop not unrolled.
  bool streams = false;
  /// Where whole vectors are counted from when the loop's lower bound is a
  /// max of several values (an epilogue's `max(lb, end)`): a single value
  /// equal to that max whenever the loop runs at all. Empty: the loop's
  /// own single lower bound.
  std::optional<AffineValueMap> base;
};

struct VectorizationCheck {
  bool ok = false;
  /// Why not, when not ok.
  std::string reason;
  LoopVectorization plan;
};

/// Whether `loop` can be vectorized for `target`. A lower bound that is a
/// max of several values is accepted only with `base` (see
/// LoopVectorization::base).
VectorizationCheck
checkLoopVectorization(AffineForOp loop, const VectorizationTarget &target,
                       const std::optional<AffineValueMap> &base = {});

/// The pattern of the access `op` (affine.load/store) along the loop whose
/// induction variable is `iv`.
AccessPattern getAccessPattern(Operation *op, Value *iv);

/// The same from the subscripts alone, as if the memref were laid out row
/// major (what its indices do, not its addresses).
AccessPattern getSubscriptPattern(Operation *op, Value *iv);

/// Per constraint of `ifOp`'s condition, how much its value grows from one
/// lane to the next when the loop of `iv` is vectorized (0 where `iv` does
/// not appear); nullopt when `iv` appears under a division or modulo.
std::optional<std::vector<int64_t>> getConditionLaneSteps(AffineIfOp ifOp,
                                                          Value *iv);

/// The loops to vectorize inside `root` (innermost qualifying loop of each
/// nest), and for each loop that was considered and rejected, why.
struct VectorizationChoice {
  std::vector<LoopVectorization> loops;
  std::vector<std::pair<AffineForOp, std::string>> rejected;
};
VectorizationChoice chooseLoopsToVectorize(Operation *root,
                                           const VectorizationTarget &target);

} // namespace affjit
