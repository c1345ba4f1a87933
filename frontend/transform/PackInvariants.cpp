// Pass `pack` (see PackInvariants.h).
#include "frontend/transform/PackInvariants.h"

#include "frontend/analysis/FusionCost.h"
#include "frontend/ir/Builder.h"
#include "frontend/ir/MemRefOps.h"
#include "frontend/ir/MemoryEffects.h"
#include "frontend/transform/utils/LoopDescription.h"
#include "frontend/transform/utils/LoopUtils.h"

#include <algorithm>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace affjit {

namespace {

/// An inner loop whose body recomputes values for every iteration of the
/// outer loop around it.
struct PackCandidate {
  AffineForOp outer, inner;
  /// The ops to compute once, in body order.
  std::vector<Operation *> ops;
  /// Their results the rest of the body uses: the buffer's columns.
  std::vector<Value *> packed;
  /// The inner loop's lower bound (a constant, or a tile's start from
  /// outside the outer loop) and its constant trip count.
  AffineMap lowerBound;
  std::vector<Value *> lowerBoundOperands;
  int64_t tripCount = 0;
};

bool isScalarNumber(Type t) { return t.isIntOrFloat(); }

/// Whether `op`, directly in `inner`'s body, computes the same value for
/// every iteration of `outer` given that the ops in `invariant` do.
bool isOuterInvariant(Operation *op, AffineForOp outer, AffineForOp inner,
                      const std::set<Operation *> &invariant) {
  if (op->getNumRegions() != 0 || op->isTerminator())
    return false;
  // Vectors (broadcasts of the values) stay in the loop, in registers.
  for (Value *r : op->getResults())
    if (!r->getType().isIntOrIndexOrFloat())
      return false;
  bool load = isa<AffineLoadOp>(op);
  if (!load && !hasNoMemoryEffect(op))
    return false;
  if (load && mayWrite(outer.getOperation(),
                       cast<AffineLoadOp>(op).getAccess().getMemRef()))
    return false;
  for (Value *v : op->getOperands()) {
    if (v == inner.getInductionVar() ||
        !isDefinedInside(v, outer.getOperation()))
      continue;
    Operation *def = v->getDefiningOp();
    if (!def || !invariant.count(def))
      return false;
  }
  return true;
}

/// Ops whose result is worth keeping instead of recomputing: arithmetic on
/// two or more values, and math functions (casts and copies are not).
bool computes(Operation *op) {
  return !isa<AffineLoadOp>(op) &&
         (op->getName().rfind("math.", 0) == 0 || op->getNumOperands() >= 2);
}

/// The outer-invariant ops of `inner`'s body, and the results of those
/// that compute on loaded data which the rest of the body uses. Values of
/// the induction variable and constants alone are cheaper recomputed.
void collectInvariantOps(PackCandidate &c) {
  std::set<Operation *> invariant;
  std::set<Value *> loaded, computed;
  for (auto &owned : c.inner.getBody()->getOperations()) {
    Operation *op = owned.get();
    if (!isOuterInvariant(op, c.outer, c.inner, invariant))
      continue;
    invariant.insert(op);
    c.ops.push_back(op);
    bool fromLoad = isa<AffineLoadOp>(op), fromComputed = false;
    for (Value *v : op->getOperands()) {
      fromLoad |= loaded.count(v) != 0;
      fromComputed |= computed.count(v) != 0;
    }
    for (Value *r : op->getResults()) {
      if (fromLoad)
        loaded.insert(r);
      if (fromLoad && (fromComputed || computes(op)))
        computed.insert(r);
    }
  }
  for (Operation *op : c.ops)
    for (Value *r : op->getResults()) {
      if (!computed.count(r) || !isScalarNumber(r->getType()))
        continue;
      for (Operation *user : r->getUsers())
        if (!invariant.count(user)) {
          c.packed.push_back(r);
          break;
        }
    }
  if (c.packed.empty())
    c.ops.clear();
}

/// Why `c` cannot be packed, or "".
std::string checkCandidate(PackCandidate &c, const CacheSizes &caches) {
  std::optional<uint64_t> outerTrips = getConstantTripCount(c.outer);
  if (!outerTrips || *outerTrips < 2)
    return "the loop around it does not run a constant number (>= 2) of "
           "iterations";
  std::optional<uint64_t> trips = getConstantTripCount(c.inner);
  AffineMap lb = c.inner.getLowerBoundMap();
  std::vector<Value *> lbOperands = c.inner.getLowerBoundOperands();
  bool lbOutside =
      std::none_of(lbOperands.begin(), lbOperands.end(), [&](Value *v) {
        return isDefinedInside(v, c.outer.getOperation());
      });
  if (!trips || *trips == 0 || c.inner.getStep() != 1 ||
      lb.getNumResults() != 1 || !lbOutside)
    return "it does not run a constant number of iterations with step 1 "
           "from a start fixed outside the loop around it";
  c.lowerBound = lb;
  c.lowerBoundOperands = lbOperands;
  c.tripCount = (int64_t)*trips;
  Type elem = c.packed[0]->getType();
  for (Value *v : c.packed)
    if (v->getType() != elem)
      return "the values it recomputes are not numbers of one type";
  // The buffer is read once per iteration of the outer loop: it should
  // stay in the L2 next to what the outer loop streams.
  __int128 bytes = (__int128)c.tripCount * (__int128)c.packed.size() *
                   ((elem.getWidth() + 7) / 8);
  if (bytes > (__int128)caches.l2 / 4)
    return "the buffer would take more than a quarter of the L2";
  return "";
}

/// `lb` with its dims moved up by one (room for the loop's iv as d0).
AffineExpr shiftedBound(const AffineMap &lb) {
  std::vector<AffineExpr> dims, syms;
  for (unsigned d = 0; d < lb.getNumDims(); ++d)
    dims.push_back(AffineExpr::dim(d + 1));
  for (unsigned s = 0; s < lb.getNumSymbols(); ++s)
    syms.push_back(AffineExpr::symbol(s));
  return lb.getResult(0).replaceDimsAndSymbols(dims, syms);
}

/// `(d0, lb operands) -> (d0 - lb, column)` over {iv, lb operands}.
std::pair<AffineMap, std::vector<Value *>>
bufferAccess(const PackCandidate &c, Value *iv, int64_t column) {
  const AffineMap &lb = c.lowerBound;
  AffineMap map = AffineMap::get(
      lb.getNumDims() + 1, lb.getNumSymbols(),
      {AffineExpr::dim(0) - shiftedBound(lb), AffineExpr::constant(column)});
  std::vector<Value *> operands = {iv};
  operands.insert(operands.end(), c.lowerBoundOperands.begin(),
                  c.lowerBoundOperands.end());
  return {map, operands};
}

void rewrite(const PackCandidate &c) {
  Operation *outer = c.outer.getOperation();
  OpBuilder b = OpBuilder::before(outer);
  b.setLoc(c.inner.getLoc());
  Type elem = c.packed[0]->getType();
  Value *buffer =
      AllocOp::create(
          b, Type::memref({c.tripCount, (int64_t)c.packed.size()}, elem), {},
          {}, kPackedBufferAlignment)
          .getMemRef();
  AffineMap end =
      AffineMap::get(c.lowerBound.getNumDims(), c.lowerBound.getNumSymbols(),
                     {c.lowerBound.getResult(0) + c.tripCount});
  AffineForOp fill = AffineForOp::create(b, c.lowerBound, c.lowerBoundOperands,
                                         end, c.lowerBoundOperands);
  inheritInductionVarName(c.inner, fill);
  OpBuilder f = OpBuilder::atBlockTerminator(fill.getBody(), c.inner.getLoc());
  std::unordered_map<Value *, Value *> mapping{
      {c.inner.getInductionVar(), fill.getInductionVar()}};
  for (Operation *op : c.ops)
    f.clone(*op, mapping);
  for (size_t col = 0; col < c.packed.size(); ++col) {
    auto [map, operands] =
        bufferAccess(c, fill.getInductionVar(), (int64_t)col);
    AffineStoreOp::create(f, mapping.at(c.packed[col]), buffer, map, operands);
  }
  OpBuilder after = OpBuilder::after(outer);
  DeallocOp::create(after, buffer);

  OpBuilder body = OpBuilder::atBlockBegin(c.inner.getBody(), c.inner.getLoc());
  std::set<Operation *> hoisted(c.ops.begin(), c.ops.end());
  for (size_t col = 0; col < c.packed.size(); ++col) {
    auto [map, operands] =
        bufferAccess(c, c.inner.getInductionVar(), (int64_t)col);
    Value *loaded =
        AffineLoadOp::create(body, buffer, map, operands).getResult();
    c.packed[col]->replaceUsesWithIf(
        loaded, [&](OpOperand &use) { return !hoisted.count(use.getOwner()); });
  }
  for (auto it = c.ops.rbegin(); it != c.ops.rend(); ++it)
    if ((*it)->use_empty())
      (*it)->erase();
}

} // namespace

bool packInvariants(Module &module, PassContext &context) {
  std::vector<PackCandidate> candidates;
  walkOps<AffineForOp>(module.getOperation(), [&](AffineForOp inner) {
    auto outer = dyn_cast<AffineForOp>(inner->getParentOp());
    if (!outer)
      return;
    PackCandidate c{outer, inner, {}, {}, {}, {}, 0};
    collectInvariantOps(c);
    if (c.packed.empty())
      return; // nothing recomputed: not worth a word
    std::string why = checkCandidate(c, context.getTarget().caches);
    if (context.remarksEnabled())
      context.remark(
          inner.getLoc(),
          why.empty()
              ? "packed: " + std::to_string(c.packed.size()) +
                    " value(s) per iteration of " + describeLoopBounds(inner) +
                    " computed once before " + describeLoopBounds(outer) +
                    " (" + std::to_string(c.ops.size()) +
                    " ops) instead of once per iteration of it"
              : "not packed: " + describeLoopBounds(inner) + ": " + why);
    if (why.empty())
      candidates.push_back(std::move(c));
  });
  for (const PackCandidate &c : candidates)
    rewrite(c);
  return true;
}

} // namespace affjit
