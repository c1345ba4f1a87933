// Which loops carry memory dependences (seed 001, "What are the loop carried
// dependences?"): a dependence from access S to access T is carried by the
// loop at depth d when T reads or writes S's element in a later iteration of
// that loop and the same iteration of every loop outside it, which is what
// DependenceChecker::check(S, T, d) decides. A loop that carries none, and
// whose iter_args are all reductions (seed 003), can run its iterations in
// parallel: MLIR's isLoopParallel / isLoopMemoryParallel, answered here with
// the exact (Omega test) checker and conservatively (not parallel) whenever
// a check fails or the body has an op with unknown memory effects.
#pragma once

#include "frontend/analysis/Dependence.h"
#include "frontend/analysis/ReductionDetection.h"

#include <optional>
#include <vector>

namespace affjit {

/// The accesses inside affine.for `forOp` to memrefs that live across its
/// iterations (a memref allocated inside is private to an iteration);
/// nullopt if some op inside has memory effects the dependence checks
/// cannot see (calls, copies, prefetches, ...).
std::optional<std::vector<MemRefAccess>>
getAccessesAcrossIterations(Operation *forOp);

/// True if no pair of memory accesses inside affine.for `forOp` depends on
/// each other across its iterations. Memrefs allocated inside the loop are
/// private to an iteration and do not count; an op with memory effects other
/// than affine/memref accesses and allocation (calls, copies, ...) makes the
/// answer false, as do accesses the checker cannot analyse. `checker` may be
/// shared between queries to reuse access relations; when null an exact
/// checker is used.
bool isLoopMemoryParallel(Operation *forOp,
                          DependenceChecker *checker = nullptr);

/// isLoopMemoryParallel, and every iter_arg of `forOp` is a supported
/// reduction (which `reductions`, if given, receives). Loops with other
/// iter_args carry a value from one iteration to the next: not parallel.
bool isLoopParallel(Operation *forOp,
                    std::vector<LoopReduction> *reductions = nullptr,
                    DependenceChecker *checker = nullptr);

/// A dependence from `src` to `dst` carried by the loop at `depth`.
struct CarriedDependence {
  MemRefAccess src, dst;
  /// 1-based position among the loops around both accesses (affine.parallel
  /// counts once per induction variable), as in DependenceChecker::check.
  unsigned depth = 0;
  Operation *loop = nullptr;
  /// Distance or direction per common loop (see DependenceComponent); empty
  /// when `known` is false.
  std::vector<DependenceComponent> components;
  /// False when the check failed (non-affine access or bound, budget): the
  /// dependence is then assumed, and `components` says nothing.
  bool known = true;
};

/// Every dependence carried by a loop inside `root` (an affine.for, or any
/// op such as a func.func holding loop nests) between two accesses inside
/// it: each ordered pair of accesses to the same memref with at least one
/// write, at each common loop depth whose loop is `root` or nested in it.
/// Listed by source access, then destination, then depth, in program order.
/// Dependences through a memref allocated inside the carrying loop are left
/// out (each iteration has its own buffer).
std::vector<CarriedDependence>
getCarriedDependences(Operation *root, DependenceChecker *checker = nullptr);

/// The depths inside `root` (sorted, unique) that carry some dependence.
std::vector<unsigned>
getCarryingDepths(const std::vector<CarriedDependence> &deps);

} // namespace affjit
