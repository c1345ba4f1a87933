// Unroll-and-jam legality from dependence components (see
// UnrollJamLegality.h).
#include "frontend/analysis/UnrollJamLegality.h"

#include "frontend/analysis/IterationDomain.h"
#include "frontend/analysis/LoopParallelism.h"
#include "frontend/analysis/SameIterationTest.h"
#include "frontend/ir/Ops.h"

namespace affjit {
namespace {

/// True if `src` runs after `dst` in one iteration of the loops around
/// both: at the innermost block holding both, src's ancestor comes later.
bool comesAfter(Operation *src, Operation *dst) {
  if (src == dst)
    return false;
  for (Operation *p = src; p && p->getBlock(); p = p->getParentOp())
    if (Operation *q = dst->findAncestorOpInBlock(*p->getBlock()))
      return q != p && q->isBeforeInBlock(p);
  return false;
}

/// The innermost affine.for around both `a` and `b`, or null.
Operation *innermostCommonLoop(Operation *a, Operation *b) {
  for (Operation *p = a->getParentOp(); p; p = p->getParentOp())
    if (p->isa("affine.for") && b->isAncestorOrSelf(p))
      return p;
  return nullptr;
}

/// The orders jamming may use and keep the dependence from `src` to `dst`
/// carried at `depth` with these components (one per common loop): a
/// distance of a whole jammed block or more, or inner components that
/// cannot run the sink's instance before the source's.
std::vector<JamOrder>
ordersKeeping(const std::vector<DependenceComponent> &components,
              unsigned depth, int64_t span, Operation *src, Operation *dst) {
  const std::vector<JamOrder> all{JamOrder::Interleaved, JamOrder::CopyByCopy};
  const DependenceComponent &carried = components[depth - 1];
  if (carried.lb && *carried.lb >= span)
    return all;
  for (size_t k = depth; k < components.size(); ++k) {
    const DependenceComponent &c = components[k];
    if (!c.lb || *c.lb < 0)
      return {};
    if (*c.lb > 0)
      return all;
    // Some instances are at distance 0 here: the next loops order them.
  }
  if (!comesAfter(src, dst))
    return all;
  // Inner distance 0, source after sink: only a body laid out copy by copy
  // keeps the copies' instances in order.
  Operation *loop = innermostCommonLoop(src, dst);
  if (components.size() > depth && loop &&
      isInnermostLoopBody(loop->getRegion(0).front()))
    return {JamOrder::CopyByCopy};
  return {};
}

std::string describeAt(const Operation *op) {
  const Location &loc = op->getLoc();
  std::string name(op->getName());
  if (!loc.isKnown())
    return name;
  return name + " at " + std::to_string(loc.line) + ":" +
         std::to_string(loc.col);
}

} // namespace

bool isInnermostLoopBody(Block &block) {
  Operation *owner = block.getParentOp();
  if (!owner || !owner->isa("affine.for"))
    return false;
  bool holdsLoop = false;
  owner->walk([&](Operation *op) {
    holdsLoop |= op != owner && op->isa("affine.for");
  });
  return !holdsLoop;
}

UnrollJamLegality checkUnrollJam(Operation *forOp, unsigned factor,
                                 DependenceChecker *checker) {
  std::optional<std::vector<MemRefAccess>> accesses =
      getAccessesAcrossIterations(forOp);
  if (!accesses)
    return {std::nullopt,
            "an op in it has memory effects the dependence analysis cannot "
            "see"};
  DependenceOptions options;
  options.exact = true;
  DependenceChecker own(options);
  DependenceChecker &c = checker ? *checker : own;
  unsigned depth = (unsigned)getEnclosingInductionVars(forOp).size() + 1;
  int64_t span = (int64_t)factor * AffineForOp(forOp).getStep();
  SameIterationTest quick(*accesses);
  bool interleaved = true;
  for (size_t i = 0; i < accesses->size(); ++i)
    for (size_t j = 0; j < accesses->size(); ++j) {
      const MemRefAccess &src = (*accesses)[i], &dst = (*accesses)[j];
      if (src.memref != dst.memref || (!src.isWrite && !dst.isWrite) ||
          quick.onlySameIterationMeets(i, j, forOp))
        continue;
      DependenceResult r = c.check(src, dst, depth);
      if (r.kind == DependenceResult::NoDependence)
        continue;
      if (r.kind == DependenceResult::Failure)
        return {std::nullopt, "the dependence from " + describeAt(src.op) +
                                  " to " + describeAt(dst.op) +
                                  " cannot be bounded"};
      std::vector<JamOrder> kept =
          ordersKeeping(r.components, depth, span, src.op, dst.op);
      if (kept.empty())
        return {std::nullopt, "jamming would reverse its dependence from " +
                                  describeAt(src.op) + " to " +
                                  describeAt(dst.op)};
      interleaved &= kept.front() == JamOrder::Interleaved;
    }
  return {interleaved ? JamOrder::Interleaved : JamOrder::CopyByCopy, ""};
}

JamSkew getJamSkew(Operation *outer, Operation *inner, unsigned factor,
                   DependenceChecker *checker) {
  std::optional<std::vector<MemRefAccess>> accesses =
      getAccessesAcrossIterations(outer);
  if (!accesses)
    return {std::nullopt,
            "an op in it has memory effects the dependence analysis cannot "
            "see"};
  DependenceOptions options;
  options.exact = true;
  DependenceChecker own(options);
  DependenceChecker &c = checker ? *checker : own;
  unsigned depth = (unsigned)getEnclosingInductionVars(outer).size() + 1;
  int64_t span = (int64_t)factor * AffineForOp(outer).getStep();
  SameIterationTest quick(*accesses);
  // The least inner distance of a dependence carried within a block.
  std::optional<int64_t> least;
  for (size_t i = 0; i < accesses->size(); ++i)
    for (size_t j = 0; j < accesses->size(); ++j) {
      const MemRefAccess &src = (*accesses)[i], &dst = (*accesses)[j];
      if (src.memref != dst.memref || (!src.isWrite && !dst.isWrite) ||
          quick.onlySameIterationMeets(i, j, outer))
        continue;
      DependenceResult r = c.check(src, dst, depth);
      if (r.kind == DependenceResult::NoDependence)
        continue;
      std::string pair = describeAt(src.op) + " to " + describeAt(dst.op);
      if (r.kind == DependenceResult::Failure)
        return {std::nullopt,
                "the dependence from " + pair + " cannot be bounded"};
      const DependenceComponent &carried = r.components[depth - 1];
      if (carried.lb && *carried.lb >= span)
        continue;
      if (r.components.size() <= depth || r.components[depth].loop != inner ||
          !r.components[depth].lb)
        return {std::nullopt, "the dependence from " + pair +
                                  " goes back an unbounded number of "
                                  "columns"};
      least = std::min(least.value_or(*r.components[depth].lb),
                       *r.components[depth].lb);
    }
  return {least ? std::max<int64_t>(0, 1 - *least) : 0, ""};
}

} // namespace affjit
