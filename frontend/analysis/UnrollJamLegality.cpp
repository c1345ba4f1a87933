// Unroll-and-jam legality from dependence components (see
// UnrollJamLegality.h).
#include "frontend/analysis/UnrollJamLegality.h"

#include "frontend/analysis/IterationDomain.h"
#include "frontend/analysis/LoopParallelism.h"
#include "frontend/analysis/MemRefAlias.h"
#include "frontend/analysis/SameIterationTest.h"
#include "frontend/ir/Ops.h"

#include <functional>

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
/// carried at `depth` within a block of copies, with these components (one
/// per common loop): inner components that cannot run the sink's instance
/// before the source's.
std::vector<JamOrder>
ordersKeeping(const std::vector<DependenceComponent> &components,
              unsigned depth, Operation *src, Operation *dst) {
  const std::vector<JamOrder> all{JamOrder::Interleaved, JamOrder::CopyByCopy};
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

namespace {

/// A dependence carried by the jammed loop within one block of copies.
struct BlockDependence {
  const MemRefAccess &src, &dst;
  /// Per common loop; the jammed loop's at `depth - 1`.
  const std::vector<DependenceComponent> &components;
  unsigned depth;
};

/// Calls `visit` for every dependence `forOp` carries between two accesses
/// inside it whose distance along `forOp` may be less than `factor`
/// iterations (a block of copies); stops at the first reason `visit`
/// returns. "" when all were visited, else why not: an op the analysis
/// cannot see, a dependence it cannot bound, or `visit`'s reason.
std::string visitBlockDependences(
    Operation *forOp, unsigned factor, DependenceChecker *checker,
    const std::function<std::string(const BlockDependence &)> &visit) {
  std::optional<std::vector<MemRefAccess>> accesses =
      getAccessesAcrossIterations(forOp);
  if (!accesses)
    return "an op in it has memory effects the dependence analysis cannot "
           "see";
  DependenceOptions options;
  options.exact = true;
  DependenceChecker own(options);
  DependenceChecker &c = checker ? *checker : own;
  unsigned depth = (unsigned)getEnclosingInductionVars(forOp).size() + 1;
  int64_t span = (int64_t)factor * AffineForOp(forOp).getStep();
  SameIterationTest quick(*accesses);
  for (size_t i = 0; i < accesses->size(); ++i)
    for (size_t j = 0; j < accesses->size(); ++j) {
      const MemRefAccess &src = (*accesses)[i], &dst = (*accesses)[j];
      if (!mayAccessSameMemory(src, dst) || (!src.isWrite && !dst.isWrite) ||
          quick.onlySameIterationMeets(i, j, forOp))
        continue;
      DependenceResult r = c.check(src, dst, depth);
      if (r.kind == DependenceResult::NoDependence)
        continue;
      if (r.kind == DependenceResult::Failure)
        return "the dependence from " + describeAt(src.op) + " to " +
               describeAt(dst.op) + " cannot be bounded";
      const DependenceComponent &carried = r.components[depth - 1];
      if (carried.lb && *carried.lb >= span)
        continue;
      if (std::string why = visit({src, dst, r.components, depth});
          !why.empty())
        return why;
    }
  return "";
}

} // namespace

UnrollJamLegality checkUnrollJam(Operation *forOp, unsigned factor,
                                 DependenceChecker *checker) {
  bool interleaved = true;
  std::string why = visitBlockDependences(
      forOp, factor, checker, [&](const BlockDependence &d) -> std::string {
        std::vector<JamOrder> kept =
            ordersKeeping(d.components, d.depth, d.src.op, d.dst.op);
        if (kept.empty())
          return "jamming would reverse its dependence from " +
                 describeAt(d.src.op) + " to " + describeAt(d.dst.op);
        interleaved &= kept.front() == JamOrder::Interleaved;
        return "";
      });
  if (!why.empty())
    return {std::nullopt, why};
  return {interleaved ? JamOrder::Interleaved : JamOrder::CopyByCopy, ""};
}

JamSkew getJamSkew(Operation *outer, Operation *inner, unsigned factor,
                   DependenceChecker *checker) {
  // The least inner distance of a dependence carried within a block.
  std::optional<int64_t> least;
  std::string why = visitBlockDependences(
      outer, factor, checker, [&](const BlockDependence &d) -> std::string {
        if (d.components.size() <= d.depth ||
            d.components[d.depth].loop != inner || !d.components[d.depth].lb)
          return "the dependence from " + describeAt(d.src.op) + " to " +
                 describeAt(d.dst.op) +
                 " goes back an unbounded number of columns";
        int64_t lb = *d.components[d.depth].lb;
        least = std::min(least.value_or(lb), lb);
        return "";
      });
  if (!why.empty())
    return {std::nullopt, why};
  return {least ? std::max<int64_t>(0, 1 - *least) : 0, ""};
}

} // namespace affjit
