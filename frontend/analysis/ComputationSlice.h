// Computation slices (seed 002, "3.1 computeSliceUnion" and "3.3
// getComputationSliceState"): which iterations of a source loop nest one
// iteration of the destination's outer `depth` loops needs. For each pair of
// accesses that touch one element (a source store and a destination load
// for producer-consumer fusion, two loads for sibling fusion) the pair's
// iterations are projected onto the source's sliceable loops and the
// destination's outer loops; each source loop gets lower and upper bounds
// in terms of the destination's induction variables and symbols, and the
// bounds of all pairs are united. Unlike MLIR, a bound that cannot be
// united exactly is dropped (the loop keeps its whole range), so a slice
// always holds every iteration a dependence needs. The analysis only reads
// the IR.
//
// Steps: the relations hold each loop's step lattice (`i = lb + n * step`),
// but the bounds are read after projecting it out, so a slice's bounds of
// a stepped source loop are bounds on values, not iterations: `[d0, d0 +
// 1)` of a step-4 loop holds an iteration only where d0 is on its lattice.
// Whoever runs the slice keeps the loop's step and starts it on the lattice
// (insertSlice rounds the lower bound up to `lb + n * step`).
#pragma once

#include "frontend/ir/Ops.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace affjit {

/// `numerator / divisor` rounded up (a lower bound) or down (an exclusive
/// upper bound), with numerator = dst . coeffs + symbols + constant.
struct SliceBound {
  std::vector<int64_t> dstCoeffs; // one per destination loop
  std::map<Value *, int64_t> symbolCoeffs;
  int64_t constant = 0;
  int64_t divisor = 1;
  bool sameLinearPart(const SliceBound &o) const {
    return dstCoeffs == o.dstCoeffs && symbolCoeffs == o.symbolCoeffs &&
           divisor == o.divisor;
  }
  bool dependsOnDst() const;
  /// j when the bound is `dst_j + constant` (one destination loop, with
  /// coefficient 1, no symbols, no division).
  std::optional<unsigned> getUnitDstLoop() const;
};

/// The bounds of one source loop in the slice: the loop runs from the max
/// of `lbs` to the min of `ubs` (exclusive) within its own bounds; an empty
/// list keeps the loop's own bound.
struct SliceLoopBounds {
  std::vector<SliceBound> lbs, ubs;
};

struct ComputationSlice {
  /// The source nest's loops that enclose all its accesses, outermost first.
  std::vector<AffineForOp> srcLoops;
  /// The destination's outer loops the slice is inserted in.
  std::vector<AffineForOp> dstLoops;
  /// One per source loop.
  std::vector<SliceLoopBounds> bounds;

  unsigned getDepth() const { return (unsigned)dstLoops.size(); }
  /// ub - lb when both are single bounds that differ by a constant.
  std::optional<int64_t> getExtent(unsigned srcLoop) const;
  /// (j, c) when source loop `srcLoop` runs exactly the one iteration
  /// `dst_j + c` of destination loop j.
  std::optional<std::pair<unsigned, int64_t>>
  getPointMapping(unsigned srcLoop) const;
  /// Every destination loop fixes exactly one source loop to one
  /// iteration and the other source loops run whole: each source
  /// iteration runs at most once in the fused nest.
  bool isOneToOne() const;
  /// "(d0) -> (d0), 0 to 128, ..." for remarks.
  std::string describe() const;
};

/// The loops of the nest rooted at `root` that enclose every memory access
/// in it (the root first). Empty for a root that is no affine.for.
std::vector<AffineForOp> getSliceableLoops(Operation *root);

/// The outermost affine.for loops around every access in `ops` (at most
/// all loops that enclose them all), from the nest rooted at `root`.
std::vector<AffineForOp> getCommonLoops(Operation *root,
                                        const std::vector<Operation *> &ops);

/// The slice of `srcLoops` needed by one iteration of `dstLoops` through
/// the access pairs `(source op, destination op)`. Pairs with no element
/// in common add nothing; nullopt if no pair shares an element or one is
/// beyond the analysis.
std::optional<ComputationSlice>
computeSliceUnion(const std::vector<AffineForOp> &srcLoops,
                  const std::vector<AffineForOp> &dstLoops,
                  const std::vector<std::pair<Operation *, Operation *>> &pairs,
                  std::string *why = nullptr);

} // namespace affjit
