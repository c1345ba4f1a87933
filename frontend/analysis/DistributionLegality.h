// Loop distribution (MLIR's affine loop fusion run backwards, seed 002's
// dependence rules): whether the statements of a loop's body may run as
// several loops, each a copy of the loop's header, in a chosen order.
//
// A statement is an op of the loop's body; statement groups are the
// SSA-connected sets of them (a value made by one statement and used by
// another, anywhere inside either, ties them; constants tie nothing, they
// can be copied). Running groups G1, ..., Gn one loop each, in that order,
// puts every instance of a group before every instance of a later one in
// the same iteration of the enclosing loops, so it is legal exactly when
// no dependence runs from an access of a later group to an access of an
// earlier one within one iteration of the enclosing loops: one carried by
// the loop itself, or one inside a single iteration of it where the later
// group's statement comes first in the body. Dependences between different
// iterations of the enclosing loops keep their order. The test is the exact
// (Omega) DependenceChecker on every pair of accesses that may touch one
// buffer (views included); a pair it cannot decide, or an op with effects
// on memory that are not loads and stores (calls, DMA, allocation,
// atomics), refuses. The analysis only reads the IR; it assumes the
// function's memref arguments are distinct (the pass that uses it declares
// so, and the alias guard keeps the written order for overlapping ones).
#pragma once

#include "frontend/ir/Ops.h"

#include <optional>
#include <vector>

namespace affjit {

/// Ops of one loop body, in program order.
using StatementGroup = std::vector<Operation *>;

/// The SSA-connected statement groups of `loop`'s body (its terminator and
/// constants left out), ordered by their first statement.
std::vector<StatementGroup> getStatementGroups(AffineForOp loop);

/// The statements of `groups`, in program order.
StatementGroup
mergeStatementGroups(const std::vector<const StatementGroup *> &groups);

/// What keeps a distribution from being legal.
struct DistributionConflict {
  enum class Kind {
    /// `op` touches memory other than by loads and stores.
    OpaqueEffects,
    /// The access `op` (of a later group) may touch what `other` (of an
    /// earlier group) touches, in an iteration `other` would now precede
    /// although it ran after `op` as written; or the checker could not
    /// tell.
    Dependence,
  };
  Kind kind = Kind::Dependence;
  Operation *op = nullptr;
  Operation *other = nullptr;
};

/// Whether `loop` may run as one loop per group, groups in the given order
/// (nullopt: it may). Every op of `groups` is a statement of `loop`'s body;
/// `loop` carries no values.
std::optional<DistributionConflict>
findDistributionConflict(AffineForOp loop,
                         const std::vector<StatementGroup> &groups);

} // namespace affjit
