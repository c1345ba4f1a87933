// Bands of perfectly nested loops and what the reordering passes ask about
// them (seed 001, "What are the loop carried dependences?"): their
// accesses, which loops an access moves with, and the direction of each
// dependence component. `interchange` permutes a band's loops and `tile`
// strip-mines some of them and runs the strips outside; both are legal
// exactly when no dependence they keep turns lexicographically negative.
#pragma once

#include "frontend/analysis/Dependence.h"
#include "frontend/ir/Ops.h"

#include <string>
#include <vector>

namespace affjit {

/// The bands of `func`: maximal perfectly nested loops without iter_args,
/// outermost first.
std::vector<std::vector<AffineForOp>> getLoopBands(Operation *func);

/// No loop's bounds use another band loop's induction variable.
bool isRectangular(const std::vector<AffineForOp> &band);

/// The loops enclosing `innermost`'s body, outermost first (`innermost`
/// included).
std::vector<AffineForOp> getEnclosingLoops(AffineForOp innermost);

struct BandAccesses {
  std::vector<Operation *> loads, stores;
  /// Something else under the band touches memory (vector accesses,
  /// calls, copies).
  bool opaque = false;
};

/// The scalar loads and stores under `innermost`.
BandAccesses getBandAccesses(AffineForOp innermost);

/// Whether an index of the affine access `access` is computed from `iv`.
bool accessUses(Operation *access, Value *iv);

enum class Direction { Eq, Lt, Gt, Star };

/// `=` for distance 0, `<` for a positive distance (the later iteration
/// depends on the earlier), `>` for a negative one, `*` otherwise.
Direction directionOf(const DependenceComponent &c);

/// `%name` of the loop's induction variable (`%?` without a name).
std::string ivName(AffineForOp loop);

/// True if every dependence inside `root` stays lexicographically positive
/// when the loops of `band` run in `order` (positions into `band`).
bool keepsDependences(AffineForOp root, const std::vector<AffineForOp> &band,
                      const std::vector<unsigned> &order);

/// Runs the loop at band position `order[p]` at position p: headers move,
/// the bodies stay, and each iv's uses follow its header.
void permuteBand(const std::vector<AffineForOp> &band,
                 const std::vector<unsigned> &order);

} // namespace affjit
