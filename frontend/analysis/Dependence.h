// Memory dependence between two accesses at a loop depth (seed 001,
// "checkMemrefAccessDependence"): compose the access relations, add "source
// happens before destination" ordering for the common loops, test the
// dependence polyhedron for emptiness and read off, per common loop, the
// distance ([d, d]) or direction ([lb, ub]) of dst IV minus src IV.
//
// The default mode reproduces MLIR 19 (Fourier-Motzkin, rational and hence
// conservative); `exact` answers with the Omega test: exact emptiness and
// exact integer bounds of each component.
#pragma once

#include "frontend/analysis/MemRefAccess.h"

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace affjit {

struct DependenceComponent {
  Operation *loop = nullptr;
  std::optional<int64_t> lb, ub; // nullopt: -inf / +inf
};

struct DependenceResult {
  enum Kind { NoDependence, HasDependence, Failure } kind = Failure;
  /// One per common loop (empty when there is none).
  std::vector<DependenceComponent> components;
  /// Why the check failed.
  std::string reason;
};

struct DependenceOptions {
  bool exact = false;
  /// Report read-after-read "dependences" too (regions, reuse analyses).
  bool allowReadAfterRead = false;
  bool computeComponents = true;
};

/// Number of affine.for / affine.parallel loops surrounding both ops.
unsigned getNumCommonSurroundingLoops(Operation *a, Operation *b);

/// The pairs of iterations of `src` and `dst` that touch one element, with
/// no ordering between them: dims [src induction variables..., dst
/// induction variables...] (`numDomain` = the src ones), the accesses'
/// symbols, and locals for divisions. Loop slicing (fusion) builds on it.
/// nullopt if either access is not affine or the two cannot be compared
/// (MemRefAlias.h: different buffers, or views it cannot relate).
std::optional<Relation> getAccessPairRelation(const MemRefAccess &src,
                                              const MemRefAccess &dst,
                                              const DomainOptions &options);

/// Checks accesses pairwise, caching each access's relation.
class DependenceChecker {
public:
  explicit DependenceChecker(DependenceOptions options = {})
      : options(options) {}
  /// Does `dst` depend on `src` at `loopDepth` (1-based; common loops + 1
  /// means within one iteration of all common loops)?
  DependenceResult check(const MemRefAccess &src, const MemRefAccess &dst,
                         unsigned loopDepth);
  const DependenceOptions &getOptions() const { return options; }

private:
  const std::optional<Relation> &relationOf(const MemRefAccess &a);
  /// An access rewritten onto its buffer's root (not cached: the rewrite
  /// depends on the other access).
  std::optional<Relation> relationOfAligned(const MemRefAccess &a);
  DependenceResult checkThroughViews(const MemRefAccess &src,
                                     const MemRefAccess &dst,
                                     unsigned loopDepth);
  DependenceResult checkGuarded(const MemRefAccess &src,
                                const MemRefAccess &dst, const Relation &srcRel,
                                const Relation &dstRel, unsigned loopDepth);
  DependenceResult checkRelations(const MemRefAccess &src,
                                  const MemRefAccess &dst,
                                  const Relation &srcRel,
                                  const Relation &dstRel, unsigned loopDepth);

  DependenceOptions options;
  std::unordered_map<const Operation *, std::optional<Relation>> cache;
  std::unordered_map<const Operation *, std::optional<Relation>>
      writeCache; // the second access of an op (dma_start destination)
};

} // namespace affjit
