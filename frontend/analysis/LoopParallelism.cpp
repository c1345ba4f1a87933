// Loop-carried dependences and parallel loops (seed 001 "What are the loop
// carried dependences?", seed 003 for iter_args), after MLIR's
// isLoopMemoryParallel: every pair of accesses inside the loop is checked at
// the loop's own depth.
#include "frontend/analysis/LoopParallelism.h"

#include "frontend/analysis/IterationDomain.h"
#include "frontend/analysis/MemRefAlias.h"
#include "frontend/analysis/SameIterationTest.h"
#include "frontend/ir/MemoryEffects.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string_view>

namespace affjit {
namespace {

/// True if there are effects and all of them are of `kind`.
bool allOfKind(const std::vector<MemoryEffect> &effects, EffectKind kind) {
  return !effects.empty() &&
         std::all_of(effects.begin(), effects.end(),
                     [&](const MemoryEffect &e) { return e.kind == kind; });
}

/// Ops without memory effects that the check still gives up on. Prefetches
/// and memref.assume_alignment declare no effects in MLIR 19, so its
/// isLoopMemoryParallel gives up on them as well (mlir-opt
/// --affine-parallelize leaves such loops alone). memref.get_global and
/// alloca_scope, which MLIR accepts, are refused as they were before memory
/// effects were modelled: accepting them changes which loops are parallel,
/// a decision of its own.
bool refusedDespiteNoEffect(const Operation *op) {
  static constexpr std::array<std::string_view, 6> refused{
      "affine.prefetch",   "memref.prefetch",     "memref.assume_alignment",
      "memref.get_global", "memref.alloca_scope", "memref.alloca_scope.return"};
  return std::find(refused.begin(), refused.end(), op->getName()) !=
         refused.end();
}

/// True if `memref` is allocated by an op inside `loop` (or is a view of
/// such a buffer): every iteration then has its own.
bool isLocallyDefined(Value *memref, Operation *loop) {
  Operation *def = getViewRoot(memref)->getDefiningOp();
  return def && def != loop && def->isAncestorOrSelf(loop) &&
         allOfKind(getMemoryEffects(def), EffectKind::Allocate);
}

/// Allocating a buffer, or freeing one of this iteration's, is private to
/// the iteration.
bool isPrivateToIteration(const std::vector<MemoryEffect> &effects,
                          Operation *loop) {
  if (allOfKind(effects, EffectKind::Allocate))
    return true;
  return effects.size() == 1 && effects[0].kind == EffectKind::Free &&
         isLocallyDefined(effects[0].memref, loop);
}

/// Number of induction variables of the loops around `op` (affine.parallel
/// has one per dimension), so `loopDepthOf(forOp) + 1` is forOp's own depth
/// in DependenceChecker::check.
unsigned loopDepthOf(Operation *op) {
  unsigned n = 0;
  for (Operation *p : getEnclosingAffineOps(op)) {
    if (p->isa("affine.for"))
      n += 1;
    else if (p->isa("affine.parallel"))
      n += p->getRegion(0).front().getNumArguments();
  }
  return n;
}

/// The loop whose induction variable is the `depth`-th (1-based) around
/// `op`.
Operation *loopAtDepth(Operation *op, unsigned depth) {
  std::vector<Operation *> loops;
  for (Operation *p : getEnclosingAffineOps(op)) {
    if (p->isa("affine.for"))
      loops.push_back(p);
    else if (p->isa("affine.parallel"))
      loops.insert(loops.end(), p->getRegion(0).front().getNumArguments(), p);
  }
  return depth >= 1 && depth <= loops.size() ? loops[depth - 1] : nullptr;
}

DependenceChecker exactChecker(bool components) {
  DependenceOptions options;
  options.exact = true;
  options.computeComponents = components;
  return DependenceChecker(options);
}

/// Whether a dependence between two of `accesses` (all inside `loop`) is
/// carried by `loop`, at `depth`.
bool anyDependence(const std::vector<MemRefAccess> &accesses, Operation *loop,
                   unsigned depth, DependenceChecker &checker) {
  SameIterationTest quick(accesses);
  for (size_t i = 0; i < accesses.size(); ++i)
    for (size_t j = 0; j < accesses.size(); ++j) {
      const MemRefAccess &src = accesses[i], &dst = accesses[j];
      if (!mayAccessSameMemory(src, dst) || (!src.isWrite && !dst.isWrite) ||
          quick.onlySameIterationMeets(i, j, loop))
        continue;
      if (checker.check(src, dst, depth).kind != DependenceResult::NoDependence)
        return true;
    }
  return false;
}

/// The carried dependences between `src` and `dst` at the depths whose loop
/// lies inside `root`.
void addCarried(const MemRefAccess &src, const MemRefAccess &dst,
                Operation *root, DependenceChecker &checker,
                std::vector<CarriedDependence> &out) {
  if (!mayAccessSameMemory(src, dst) || (!src.isWrite && !dst.isWrite))
    return;
  unsigned numCommon = getNumCommonSurroundingLoops(src.op, dst.op);
  for (unsigned d = 1; d <= numCommon; ++d) {
    Operation *loop = loopAtDepth(src.op, d);
    if (!loop || !loop->isAncestorOrSelf(root) ||
        (isLocallyDefined(src.memref, loop) &&
         isLocallyDefined(dst.memref, loop)))
      continue;
    DependenceResult r = checker.check(src, dst, d);
    if (r.kind == DependenceResult::NoDependence)
      continue;
    bool known = r.kind == DependenceResult::HasDependence;
    out.push_back(
        {src, dst, d, loop,
         known ? std::move(r.components) : std::vector<DependenceComponent>{},
         known});
  }
}

} // namespace

std::optional<std::vector<MemRefAccess>>
getAccessesAcrossIterations(Operation *loop) {
  std::vector<MemRefAccess> accesses;
  bool unknownEffect = false;
  loop->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == loop)
      return;
    std::vector<MemRefAccess> own = getMemRefAccesses(op);
    if (!own.empty()) {
      for (MemRefAccess &a : own)
        if (!isLocallyDefined(a.memref, loop))
          accesses.push_back(std::move(a));
      return;
    }
    // The walk visits nested ops itself: only the op's own effects count.
    std::vector<MemoryEffect> effects = getMemoryEffects(op);
    bool noEffect = effects.empty() && !refusedDespiteNoEffect(op);
    if (!noEffect && !isPrivateToIteration(effects, loop))
      unknownEffect = true;
  });
  if (unknownEffect)
    return std::nullopt;
  return accesses;
}

bool isLoopMemoryParallel(Operation *forOp, DependenceChecker *checker) {
  if (!forOp->isa("affine.for"))
    return false;
  std::optional<std::vector<MemRefAccess>> accesses =
      getAccessesAcrossIterations(forOp);
  if (!accesses)
    return false;
  DependenceChecker own = exactChecker(/*components=*/false);
  return !anyDependence(*accesses, forOp, loopDepthOf(forOp) + 1,
                        checker ? *checker : own);
}

bool isLoopParallel(Operation *forOp, std::vector<LoopReduction> *reductions,
                    DependenceChecker *checker) {
  if (!forOp->isa("affine.for"))
    return false;
  std::vector<LoopReduction> found = getSupportedReductions(forOp);
  bool allReductions = found.size() == forOp->getNumResults();
  if (reductions)
    *reductions = std::move(found);
  return allReductions && isLoopMemoryParallel(forOp, checker);
}

std::vector<CarriedDependence>
getCarriedDependences(Operation *root, DependenceChecker *checker) {
  std::vector<MemRefAccess> accesses = getMemRefAccessesIn(root);
  DependenceChecker own = exactChecker(/*components=*/true);
  DependenceChecker &c = checker ? *checker : own;
  std::vector<CarriedDependence> deps;
  for (const MemRefAccess &src : accesses)
    for (const MemRefAccess &dst : accesses)
      addCarried(src, dst, root, c, deps);
  return deps;
}

std::vector<unsigned>
getCarryingDepths(const std::vector<CarriedDependence> &deps) {
  std::vector<unsigned> depths;
  for (const CarriedDependence &d : deps)
    depths.push_back(d.depth);
  std::sort(depths.begin(), depths.end());
  depths.erase(std::unique(depths.begin(), depths.end()), depths.end());
  return depths;
}

} // namespace affjit
