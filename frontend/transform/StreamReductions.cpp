// Pass `stream-reductions` (see StreamReductions.h).
#include "frontend/transform/StreamReductions.h"

#include "frontend/analysis/LoopParallelism.h"
#include "frontend/analysis/ReductionDetection.h"
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

/// Whether a bound of `inner` is computed inside `outer`, so the strips
/// (which run `inner`'s loop outside `outer`) could not evaluate it.
bool boundsComputedInside(AffineForOp inner, AffineForOp outer) {
  std::vector<Value *> bounds = inner.getLowerBoundOperands();
  for (Value *v : inner.getUpperBoundOperands())
    bounds.push_back(v);
  for (Value *v : bounds)
    if (isDefinedInside(v, outer.getOperation()))
      return true;
  return false;
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
  if (boundsComputedInside(inner, outer))
    return "the reduction loop's bounds depend on the loop";
  for (Value *v : inner.getInits())
    if (isDefinedInside(v, outer.getOperation()))
      return "an initial value is computed in the loop";
  nest.outer = outer;
  return "";
}

/// Why strips of `rowLoop` run around `columnLoop` would not pay (too few
/// rows) or not be legal (the column loop carries a dependence).
std::string checkStrips(AffineForOp rowLoop, AffineForOp columnLoop) {
  if (auto trips = getConstantTripCount(rowLoop);
      trips && *trips < (uint64_t)(2 * kRows))
    return "the reduction loop runs fewer than " + std::to_string(2 * kRows) +
           " iterations";
  // A strip's start plus kRows must not wrap around (see the header).
  if (auto ub = rowLoop.getConstantUpperBound(); ub && *ub > INT64_MAX - kRows)
    return "the reduction loop ends within " + std::to_string(kRows) +
           " of the largest index";
  if (!isLoopMemoryParallel(columnLoop.getOperation()))
    return "a memory dependence is carried by the column loop";
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
        if (mayAlias(store.getMemRef(), load.getMemRef()))
          return "the reduction reads the buffer its result goes to";
      continue;
    }
    if (op->getNumRegions() != 0 || !hasNoMemoryEffect(op) || isAccess(op))
      return "the reduction loop holds '" + op->getName() + "'";
  }
  if (!strided)
    return "no load walks down rows";
  return checkStrips(nest.inner, nest.outer);
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
    OpBuilder b =
        OpBuilder::atBlockTerminator(initLoop.getBody(), outer.getLoc());
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
  OpBuilder inStrip =
      OpBuilder::atBlockTerminator(strips.getBody(), inner.getLoc());
  AffineForOp columns = cloneHeader(inStrip, outer);
  OpBuilder b = OpBuilder::atBlockTerminator(columns.getBody(), outer.getLoc());
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

/// `for i: for j: M[g(j)] = M[g(j)] (op) t(i, j)`: a reduction over i kept
/// in memory (a matrix-vector product down the columns, y[j] += A[i][j] *
/// x[i]).
struct RowUpdateNest {
  AffineForOp rows, columns;
  /// Ops of the row loop before the inner loop (`x[i]` loaded once a row).
  std::vector<Operation *> prefix;
  AffineLoadOp load;
  Operation *combiner = nullptr;
  AffineStoreOp store;
};

/// Why `rows` is not a row-update nest ("" if it is; `nest` is filled).
std::string matchRowUpdates(AffineForOp rows, RowUpdateNest &nest) {
  AffineForOp columns;
  for (auto &owned : rows.getBody()->getOperations()) {
    Operation *op = owned.get();
    if (columns && !op->isTerminator())
      return "not a loop around one loop";
    if (auto loop = dyn_cast<AffineForOp>(op))
      columns = loop;
    else if (!columns)
      nest.prefix.push_back(op);
  }
  if (rows.getNumIterArgs() != 0 || !columns || columns.getNumIterArgs() != 0)
    return "not a loop around one loop";
  if (rows.getStep() != 1)
    return "the reduction loop's step is not 1";
  if (boundsComputedInside(columns, rows))
    return "the inner loop's bounds depend on the loop";
  for (auto &owned : columns.getBody()->getOperations()) {
    Operation *op = owned.get();
    if (auto store = dyn_cast<AffineStoreOp>(op)) {
      if (nest.store)
        return "the inner loop stores more than one element";
      nest.store = store;
    }
  }
  if (!nest.store)
    return "the inner loop stores nothing";
  nest.combiner = nest.store.getValueToStore()->getDefiningOp();
  if (!nest.combiner || !reductionKindOf(nest.combiner->getName()) ||
      nest.combiner->getNumOperands() != 2 ||
      nest.combiner->getParentOp() != columns.getOperation())
    return "the stored value is not a reduction of the element";
  for (Value *v : nest.combiner->getOperands()) {
    auto load = v->getDefiningOp() ? dyn_cast<AffineLoadOp>(v->getDefiningOp())
                                   : AffineLoadOp();
    if (load && load.getAccess().isSameElementAs(nest.store.getAccess()) &&
        v->getUses().size() == 1)
      nest.load = load;
  }
  if (!nest.load)
    return "the stored value is not a reduction of the element";
  Value *iv = columns.getInductionVar();
  if (getAccessPattern(nest.store.getOperation(), iv) !=
          AccessPattern::Contiguous ||
      getAccessPattern(nest.store.getOperation(), rows.getInductionVar()) !=
          AccessPattern::Invariant)
    return "the element does not move with the inner loop alone";
  nest.rows = rows;
  nest.columns = columns;
  return "";
}

/// Why streaming row updates would not pay or not be legal ("" if it does).
std::string checkRowUpdates(const RowUpdateNest &nest) {
  Value *rowIv = nest.rows.getInductionVar(),
        *columnIv = nest.columns.getInductionVar();
  Value *result = nest.store.getMemRef();
  bool streams = false;
  std::vector<Operation *> ops = nest.prefix;
  for (auto &owned : nest.columns.getBody()->getOperations())
    ops.push_back(owned.get());
  for (Operation *op : ops) {
    if (op->isTerminator() || op == nest.store.getOperation() ||
        op == nest.load.getOperation())
      continue;
    if (auto load = dyn_cast<AffineLoadOp>(op)) {
      if (mayAlias(load.getMemRef(), result))
        return "the update reads the buffer it writes";
      streams |= getAccessPattern(op, columnIv) == AccessPattern::Contiguous &&
                 getAccessPattern(op, rowIv) == AccessPattern::Other;
      continue;
    }
    if (op->getNumRegions() != 0 || !hasNoMemoryEffect(op) || isAccess(op))
      return "the update holds '" + op->getName() + "'";
  }
  if (!streams)
    return "no load walks down rows";
  return checkStrips(nest.rows, nest.columns);
}

/// `for ib step kRows: for j: M[g(j)] = for i = ib to min(ib + kRows, n)
/// iter_args(acc = M[g(j)]) { acc (op) t(i, j) }`.
void rewriteRowUpdates(const RowUpdateNest &nest) {
  AffineForOp rowLoop = nest.rows, columnLoop = nest.columns;
  OpBuilder before = OpBuilder::before(rowLoop.getOperation());
  AffineForOp strips = AffineForOp::create(
      before, rowLoop.getLowerBoundMap(), rowLoop.getLowerBoundOperands(),
      rowLoop.getUpperBoundMap(), rowLoop.getUpperBoundOperands(), kRows);
  inheritInductionVarName(rowLoop, strips);
  OpBuilder inStrip =
      OpBuilder::atBlockTerminator(strips.getBody(), rowLoop.getLoc());
  AffineForOp columns = cloneHeader(inStrip, columnLoop);
  OpBuilder b =
      OpBuilder::atBlockTerminator(columns.getBody(), columnLoop.getLoc());
  std::unordered_map<Value *, Value *> m{
      {columnLoop.getInductionVar(), columns.getInductionVar()}};
  Operation *init = b.clone(*nest.load.getOperation(), m);
  auto [endMap, endOperands] = stripEnd(rowLoop, strips.getInductionVar());
  AffineForOp rows = AffineForOp::create(
      b, AffineMap::get(1, 0, {AffineExpr::dim(0)}), {strips.getInductionVar()},
      endMap, endOperands, 1, {init->getResult(0)});
  inheritInductionVarName(rowLoop, rows);
  m[rowLoop.getInductionVar()] = rows.getInductionVar();
  m[nest.load.getResult()] = rows.getRegionIterArgs()[0];
  {
    Operation *oldYield = rows.getBody()->getTerminator();
    OpBuilder r = OpBuilder::before(oldYield);
    for (Operation *op : nest.prefix)
      r.clone(*op, m);
    for (auto &owned : columnLoop.getBody()->getOperations()) {
      Operation *op = owned.get();
      if (op != nest.load.getOperation() && op != nest.store.getOperation() &&
          !op->isTerminator())
        r.clone(*op, m);
    }
    AffineYieldOp::create(r, {m[nest.combiner->getResult(0)]});
    oldYield->erase();
  }
  cloneStore(b, nest.store, rows.getResults()[0], m);
  rowLoop->erase();
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
  std::vector<RowUpdateNest> updates;
  walkOps<AffineForOp>(module.getOperation(), [&](AffineForOp loop) {
    RowUpdateNest nest;
    if (!matchRowUpdates(loop, nest).empty())
      return; // only a matching shape is worth a word
    std::string why = checkRowUpdates(nest);
    if (context.remarksEnabled())
      context.remark(loop.getLoc(),
                     why.empty()
                         ? "streamed: " + describeLoopBounds(loop) + " in " +
                               std::to_string(kRows) + "-row strips around " +
                               describeLoopBounds(nest.columns)
                         : "not streamed: " + describeLoopBounds(loop) + ": " +
                               why);
    if (why.empty())
      updates.push_back(nest);
  });
  for (const StreamableNest &nest : nests)
    rewrite(nest);
  for (const RowUpdateNest &nest : updates)
    rewriteRowUpdates(nest);
  return true;
}

} // namespace affjit
