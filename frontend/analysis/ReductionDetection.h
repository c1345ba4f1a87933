// Reductions carried by affine.for iter_args (seed 003, "Use Case Scenarios":
// a loop whose iter_args chain is a supported reduction may still be
// vectorized or run in parallel, combining partial results at the end).
// Follows MLIR's getSupportedReductions / matchReduction: the block argument
// of an iter_arg has exactly one use, a single binary combiner directly in
// the loop body whose result is yielded at the same position and used
// nowhere else; the other operand must not depend on any iter_arg.
#pragma once

#include "frontend/ir/IR.h"

#include <optional>
#include <string_view>
#include <vector>

namespace affjit {

/// The combiners MLIR's affine.parallel accepts as `reduce (...)` kinds
/// (arith::AtomicRMWKind), named after the arith op.
enum class ReductionKind {
  AddF,
  MulF,
  AddI,
  MulI,
  MaximumF,
  MinimumF,
  MaxSI,
  MinSI,
  MaxUI,
  MinUI,
  AndI,
  OrI,
  XOrI,
};

struct LoopReduction {
  ReductionKind kind;
  /// Position among the loop's iter_args (and results).
  unsigned iterArg = 0;
  /// The combiner op (arith.addf ...) and its operand that is not the
  /// iter_arg: the value reduced in each iteration.
  Operation *combiner = nullptr;
  Value *reducedValue = nullptr;
};

/// A running maximum or minimum written as compare-and-select, which no
/// single combiner spells: `%c = arith.cmpf P, %x, %m` and
/// `%n = arith.select %c, %x, %m` with %m the iter_arg and P ordered (ogt,
/// oge, olt, ole; or the compare's operands swapped with P mirrored). The
/// loop keeps the first element that beats every one before it (ogt, olt:
/// an equal one does not replace it) or the last (oge, ole); NaNs never
/// replace. Unlike arith.maximumf it depends on the order when equal
/// values differ in their bits (+0 and -0).
struct SelectReduction {
  unsigned iterArg = 0;
  Operation *cmp = nullptr, *select = nullptr;
  /// The value that may replace the running one (%x).
  Value *candidate = nullptr;
  /// Maximum (ogt, oge) or minimum (olt, ole).
  bool isMax = true;
  /// An equal candidate replaces the running value (oge, ole).
  bool takesTies = false;
};

/// The compare-and-select reduction carried by iter_arg `pos` of
/// affine.for `forOp`, if it is one.
std::optional<SelectReduction> getSelectReduction(Operation *forOp,
                                                  unsigned pos);

/// The reduction kind of an arith op name ("arith.addf"), if it is one.
std::optional<ReductionKind> reductionKindOf(std::string_view opName);
/// The `affine.parallel ... reduce ("addf")` spelling of a kind ("xori",
/// which affine.parallel cannot spell, for XOrI: MLIR leaves xor out of its
/// supported reductions although it is associative and commutative).
std::string_view reductionKindName(ReductionKind kind);

/// The reduction carried by iter_arg `pos` of affine.for `forOp`, if it is
/// a supported one.
std::optional<LoopReduction> getReduction(Operation *forOp, unsigned pos);
/// One entry per iter_arg that is a supported reduction, in order.
std::vector<LoopReduction> getSupportedReductions(Operation *forOp);
/// True if every iter_arg of `forOp` (possibly none) is a reduction.
bool allIterArgsAreReductions(Operation *forOp);

} // namespace affjit
