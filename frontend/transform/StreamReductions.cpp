// Pass `stream-reductions` (see StreamReductions.h).
#include "frontend/transform/StreamReductions.h"

#include "frontend/analysis/LoopParallelism.h"
#include "frontend/analysis/VectorizationPlan.h"
#include "frontend/ir/Builder.h"
#include "frontend/ir/MemoryEffects.h"
#include "frontend/transform/utils/LoopDescription.h"
#include "frontend/transform/utils/LoopUtils.h"

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace affjit {

namespace {

/// Rows per strip. Column sums of 4096x4096 f32 (64 lanes per vector op):
/// 8 rows run at ~80% of the streaming sum's bandwidth, 16 at ~65%, whole
/// rows one at a time (the element loaded and stored for every row) ~60%.
constexpr int64_t kRows = 8;

/// The parts of a column-sum-shaped loop.
struct StreamableNest {
  AffineForOp outer, inner;
  /// One store of each result of `inner`, in result order.
  std::vector<AffineStoreOp> stores;
};

bool isAccess(Operation *op) {
  return isa<AffineLoadOp>(op) || isa<AffineStoreOp>(op);
}

/// Why `outer` is not a column-sum shaped nest ("" if it is; `nest` is
/// filled then).
std::string matchNest(AffineForOp outer, StreamableNest &nest) {
  if (outer.getNumIterArgs() != 0)
    return "it carries values";
  Block *body = outer.getBody();
  auto ops = body->getOperations().begin();
  auto inner = dyn_cast<AffineForOp>(ops->get());
  if (!inner || inner.getNumIterArgs() == 0)
    return "its body does not start with a reduction loop";
  nest.inner = inner;
  unsigned n = inner.getNumIterArgs();
  if (body->getOperations().size() != n + 2)
    return "its body holds more than the reduction loop and its stores";
  Value *iv = outer.getInductionVar();
  for (unsigned k = 0; k < n; ++k) {
    auto store = dyn_cast<AffineStoreOp>((++ops)->get());
    if (!store || store.getValueToStore() != inner.getResults()[k])
      return "the reduction's results are not stored in order";
    if (getAccessPattern(store.getOperation(), iv) != AccessPattern::Contiguous)
      return "a result is not stored contiguously along the loop";
    nest.stores.push_back(store);
  }
  if (inner.getStep() != 1)
    return "the reduction loop's step is not 1";
  std::vector<Value *> bounds = inner.getLowerBoundOperands();
  for (Value *v : inner.getUpperBoundOperands())
    bounds.push_back(v);
  for (Value *v : bounds)
    if (isDefinedInside(v, outer.getOperation()))
      return "the reduction loop's bounds depend on the loop";
  for (Value *v : inner.getInits())
    if (isDefinedInside(v, outer.getOperation()))
      return "an initial value is computed in the loop";
  nest.outer = outer;
  return "";
}

/// Why streaming rows would not pay or not be legal ("" if it pays).
std::string checkStreaming(const StreamableNest &nest) {
  Value *outerIv = nest.outer.getInductionVar(),
        *innerIv = nest.inner.getInductionVar();
  bool strided = false;
  for (auto &owned : nest.inner.getBody()->getOperations()) {
    Operation *op = owned.get();
    if (op->isTerminator())
      continue;
    if (auto load = dyn_cast<AffineLoadOp>(op)) {
      if (getAccessPattern(op, outerIv) != AccessPattern::Contiguous)
        return "a load does not move contiguously along the loop";
      if (getAccessPattern(op, innerIv) == AccessPattern::Contiguous)
        return "a load is contiguous along the reduction loop already";
      strided |= getAccessPattern(op, innerIv) == AccessPattern::Other;
      for (AffineStoreOp store : nest.stores)
        if (getViewRoot(store.getMemRef()) == getViewRoot(load.getMemRef()))
          return "the reduction reads the buffer its result goes to";
      continue;
    }
    if (op->getNumRegions() != 0 || !hasNoMemoryEffect(op) || isAccess(op))
      return "the reduction loop holds '" + op->getName() + "'";
  }
  if (!strided)
    return "no load walks down rows";
  if (auto trips = getConstantTripCount(nest.inner);
      trips && *trips < (uint64_t)(2 * kRows))
    return "the reduction loop runs fewer than " + std::to_string(2 * kRows) +
           " iterations";
  if (!isLoopMemoryParallel(nest.outer.getOperation()))
    return "a memory dependence is carried by the loop";
  return "";
}

/// `min(ib + kRows, ub...)`: the end of the strip starting at `ib`.
std::pair<AffineMap, std::vector<Value *>> stripEnd(AffineForOp inner,
                                                    Value *ib) {
  AffineMap ub = inner.getUpperBoundMap();
  std::vector<AffineExpr> dims, syms;
  for (unsigned d = 0; d < ub.getNumDims(); ++d)
    dims.push_back(AffineExpr::dim(d + 1));
  for (unsigned s = 0; s < ub.getNumSymbols(); ++s)
    syms.push_back(AffineExpr::symbol(s));
  std::vector<AffineExpr> results = {AffineExpr::dim(0) + kRows};
  // Whole strips only: a constant trip count that kRows divides.
  std::optional<uint64_t> trips = getConstantTripCount(inner);
  if (trips && *trips % kRows == 0)
    return {AffineMap::get(1, 0, results), {ib}};
  for (const AffineExpr &e : ub.getResults())
    results.push_back(e.replaceDimsAndSymbols(dims, syms));
  std::vector<Value *> operands = {ib};
  for (Value *v : inner.getUpperBoundOperands())
    operands.push_back(v);
  return {AffineMap::get(ub.getNumDims() + 1, ub.getNumSymbols(), results),
          operands};
}

/// A copy of `loop`'s header (bounds and step) at `b`, without iter_args.
AffineForOp cloneHeader(OpBuilder &b, AffineForOp loop) {
  return AffineForOp::create(
      b, loop.getLowerBoundMap(), loop.getLowerBoundOperands(),
      loop.getUpperBoundMap(), loop.getUpperBoundOperands(), loop.getStep());
}

/// `store` cloned at `b` with the outer induction variable mapped and
/// `value` stored; returns the clone.
Operation *cloneStore(OpBuilder &b, AffineStoreOp store, Value *value,
                      std::unordered_map<Value *, Value *> mapping) {
  mapping[store.getValueToStore()] = value;
  return b.clone(*store.getOperation(), mapping);
}

void rewrite(const StreamableNest &nest) {
  AffineForOp outer = nest.outer, inner = nest.inner;
  OpBuilder before = OpBuilder::before(outer.getOperation());
  std::vector<Value *> inits = inner.getInits();
  // The initial values, stored where the partial results will live.
  AffineForOp initLoop = cloneHeader(before, outer);
  {
    OpBuilder b = OpBuilder::atBlockTerminator(initLoop.getBody());
    std::unordered_map<Value *, Value *> m{
        {outer.getInductionVar(), initLoop.getInductionVar()}};
    for (size_t k = 0; k < inits.size(); ++k)
      cloneStore(b, nest.stores[k], inits[k], m);
  }
  // The strips, each over the whole outer loop.
  AffineForOp strips = AffineForOp::create(
      before, inner.getLowerBoundMap(), inner.getLowerBoundOperands(),
      inner.getUpperBoundMap(), inner.getUpperBoundOperands(), kRows);
  inheritInductionVarName(inner, strips);
  OpBuilder inStrip = OpBuilder::atBlockTerminator(strips.getBody());
  AffineForOp columns = cloneHeader(inStrip, outer);
  OpBuilder b = OpBuilder::atBlockTerminator(columns.getBody());
  std::unordered_map<Value *, Value *> m{
      {outer.getInductionVar(), columns.getInductionVar()}};
  std::vector<Value *> partials;
  for (AffineStoreOp store : nest.stores) {
    std::vector<Value *> indices;
    for (Value *v : store.getMapOperands())
      indices.push_back(v == outer.getInductionVar() ? columns.getInductionVar()
                                                     : v);
    partials.push_back(
        AffineLoadOp::create(b, store.getMemRef(), store.getMap(), indices)
            .getResult());
  }
  auto [endMap, endOperands] = stripEnd(inner, strips.getInductionVar());
  AffineForOp rows = AffineForOp::create(
      b, AffineMap::get(1, 0, {AffineExpr::dim(0)}), {strips.getInductionVar()},
      endMap, endOperands, 1, partials);
  m[inner.getInductionVar()] = rows.getInductionVar();
  std::vector<Value *> args = inner.getRegionIterArgs(),
                       newArgs = rows.getRegionIterArgs();
  for (size_t k = 0; k < args.size(); ++k)
    m[args[k]] = newArgs[k];
  {
    Operation *oldYield = rows.getBody()->getTerminator();
    OpBuilder r = OpBuilder::before(oldYield);
    for (auto &owned : inner.getBody()->getOperations())
      r.clone(*owned, m);
    oldYield->erase();
  }
  for (size_t k = 0; k < nest.stores.size(); ++k)
    cloneStore(b, nest.stores[k], rows.getResults()[k], m);
  outer->erase();
}

} // namespace

bool streamReductions(Module &module, PassContext &context) {
  std::vector<StreamableNest> nests;
  walkOps<AffineForOp>(module.getOperation(), [&](AffineForOp loop) {
    StreamableNest nest;
    std::string why = matchNest(loop, nest);
    if (why.empty()) {
      why = checkStreaming(nest);
      if (why.empty()) {
        nests.push_back(nest);
        if (context.remarksEnabled())
          context.remark(loop.getLoc(),
                         "streamed: " + describeLoopBounds(loop) + " in " +
                             std::to_string(kRows) + "-row strips of " +
                             describeLoopBounds(nest.inner));
        return;
      }
    }
    // Only loops around a reduction loop are worth a word.
    if (context.remarksEnabled() && nest.inner)
      context.remark(loop.getLoc(),
                     "not streamed: " + describeLoopBounds(loop) + ": " + why);
  });
  for (const StreamableNest &nest : nests)
    rewrite(nest);
  return true;
}

} // namespace affjit
