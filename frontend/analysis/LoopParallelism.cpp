// Loop-carried dependences and parallel loops (seed 001 "What are the loop
// carried dependences?", seed 003 for iter_args), after MLIR's
// isLoopMemoryParallel: every pair of accesses inside the loop is checked at
// the loop's own depth.
#include "frontend/analysis/LoopParallelism.h"

#include "frontend/analysis/IterationDomain.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string_view>

namespace affjit {
namespace {

constexpr std::array<std::string_view, 7> kViewOps{
    "memref.subview",          "memref.cast",           "memref.view",
    "memref.reinterpret_cast", "memref.collapse_shape", "memref.expand_shape",
    "memref.transpose"};

/// vector ops that touch memory (the others compute on registers).
constexpr std::array<std::string_view, 11> kVectorMemoryOps{
    "vector.load",           "vector.store",      "vector.transfer_read",
    "vector.transfer_write", "vector.maskedload", "vector.maskedstore",
    "vector.gather",         "vector.scatter",    "vector.expandload",
    "vector.compressstore",  "vector.print"};

template <size_t N>
bool isOneOf(const Operation *op,
             const std::array<std::string_view, N> &names) {
  return std::find(names.begin(), names.end(), op->getName()) != names.end();
}

bool isAllocation(const Operation *op) {
  return op->isa("memref.alloc") || op->isa("memref.alloca");
}

/// Ops that neither read nor write memory (nor do anything else a parallel
/// schedule could reorder badly).
bool isMemoryEffectFree(const Operation *op) {
  std::string_view dialect = op->getDialect();
  if (dialect == "arith" || dialect == "math")
    return true;
  if (dialect == "vector")
    return !isOneOf(op, kVectorMemoryOps);
  return op->isa("affine.for") || op->isa("affine.if") ||
         op->isa("affine.parallel") || op->isa("affine.yield") ||
         op->isa("affine.apply") || op->isa("affine.min") ||
         op->isa("affine.max") || op->isa("memref.dim") ||
         op->isa("memref.rank") || isOneOf(op, kViewOps);
}

/// True if `memref` is allocated by an op inside `loop` (or is a view of
/// such a buffer): every iteration then has its own.
bool isLocallyDefined(const Value *memref, Operation *loop) {
  Operation *def = memref->getDefiningOp();
  if (!def || def == loop || !def->isAncestorOrSelf(loop))
    return false;
  if (isAllocation(def))
    return true;
  return isOneOf(def, kViewOps) && def->getNumOperands() > 0 &&
         isLocallyDefined(def->getOperand(0), loop);
}

/// The accesses inside `loop` to memrefs that live across its iterations;
/// nullopt if some op has memory effects the dependence check cannot see.
std::optional<std::vector<MemRefAccess>> sharedAccesses(Operation *loop) {
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
    // Freeing a buffer of this iteration is private to it as well.
    bool freesLocal = op->isa("memref.dealloc") && op->getNumOperands() == 1 &&
                      isLocallyDefined(op->getOperand(0), loop);
    if (!isAllocation(op) && !freesLocal && !isMemoryEffectFree(op))
      unknownEffect = true;
  });
  if (unknownEffect)
    return std::nullopt;
  return accesses;
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

bool anyDependence(const std::vector<MemRefAccess> &accesses, unsigned depth,
                   DependenceChecker &checker) {
  for (const MemRefAccess &src : accesses)
    for (const MemRefAccess &dst : accesses)
      if (checker.check(src, dst, depth).kind != DependenceResult::NoDependence)
        return true;
  return false;
}

void collectAccesses(Operation *root, std::vector<MemRefAccess> &out) {
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    for (MemRefAccess &a : getMemRefAccesses(op))
      out.push_back(std::move(a));
  });
}

/// The carried dependences between `src` and `dst` at the depths whose loop
/// lies inside `root`.
void addCarried(const MemRefAccess &src, const MemRefAccess &dst,
                Operation *root, DependenceChecker &checker,
                std::vector<CarriedDependence> &out) {
  if (src.memref != dst.memref || (!src.isWrite && !dst.isWrite))
    return;
  unsigned numCommon = getNumCommonSurroundingLoops(src.op, dst.op);
  for (unsigned d = 1; d <= numCommon; ++d) {
    Operation *loop = loopAtDepth(src.op, d);
    if (!loop || !loop->isAncestorOrSelf(root) ||
        isLocallyDefined(src.memref, loop))
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

bool isLoopMemoryParallel(Operation *forOp, DependenceChecker *checker) {
  if (!forOp->isa("affine.for"))
    return false;
  std::optional<std::vector<MemRefAccess>> accesses = sharedAccesses(forOp);
  if (!accesses)
    return false;
  DependenceChecker own = exactChecker(/*components=*/false);
  return !anyDependence(*accesses, loopDepthOf(forOp) + 1,
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
  std::vector<MemRefAccess> accesses;
  collectAccesses(root, accesses);
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
