// Tile footprints by interval arithmetic (see TileFootprint.h).
#include "frontend/analysis/TileFootprint.h"

#include "frontend/analysis/AffineFlattening.h"
#include "frontend/analysis/FusionCost.h"
#include "frontend/analysis/MemRefAccess.h"
#include "frontend/analysis/MemRefRegion.h"

#include <algorithm>
#include <map>

namespace affjit {

namespace {

/// Per memref dimension, the lowest and highest offset from the element
/// the iteration's first access touches.
using Box = std::vector<std::pair<int64_t, int64_t>>;

/// How far a value moves during one iteration of `outer` (its largest
/// minus its smallest value): 0 for values from outside it (and its own
/// induction variable), (iterations - 1) x step for a loop's induction
/// variable, nullopt for values it computes other than those.
std::optional<int64_t>
spanOf(Value *v, AffineForOp outer,
       const std::vector<std::pair<AffineForOp, int64_t>> &counts) {
  Operation *owner = getInductionVarOwner(v);
  Operation *def = owner ? owner : v->getDefiningOp();
  if (!def && v->getParentBlock())
    def = v->getParentBlock()->getParentOp();
  if (!def || def == outer.getOperation() ||
      !def->isAncestorOrSelf(outer.getOperation()))
    return 0;
  auto loop = dyn_cast<AffineForOp>(owner);
  if (!loop)
    return std::nullopt;
  int64_t step = loop.getStep();
  for (const auto &[l, n] : counts)
    if (l.getOperation() == owner)
      return (n - 1) * step;
  std::optional<int64_t> lb = loop.getConstantLowerBound(),
                         ub = loop.getConstantUpperBound();
  if (!lb || !ub)
    return std::nullopt;
  int64_t iterations = (*ub - *lb + step - 1) / step;
  return std::max<int64_t>(0, iterations - 1) * step;
}

/// The box `access` covers, nullopt if it cannot be bounded.
std::optional<Box>
accessBox(const MemRefAccess &access, AffineForOp outer,
          const std::vector<std::pair<AffineForOp, int64_t>> &counts) {
  AffineValueMap avm = composeAffineValueMap(access.indices);
  const AffineMap &map = avm.map;
  FlatExprs flat;
  if (!flattenAffineExprs(map.getResults(), map.getNumDims(),
                          map.getNumSymbols(), flat))
    return std::nullopt;
  unsigned numOperands = map.getNumDims() + map.getNumSymbols();
  std::vector<int64_t> spans;
  for (Value *v : avm.operands) {
    std::optional<int64_t> span = spanOf(v, outer, counts);
    if (!span)
      return std::nullopt;
    spans.push_back(*span);
  }
  Box box;
  for (const std::vector<int64_t> &row : flat.rows) {
    if (row.size() != numOperands + 1)
      return std::nullopt; // a division: locals
    int64_t lo = row.back(), hi = row.back();
    for (unsigned c = 0; c < numOperands; ++c) {
      // Values from outside (span 0) add the same offset to every access.
      int64_t moved = row[c] * spans[c];
      (moved < 0 ? lo : hi) += moved;
    }
    box.push_back({lo, hi});
  }
  return box;
}

} // namespace

std::optional<double> estimateTileFootprintBytes(
    AffineForOp outer,
    const std::vector<std::pair<AffineForOp, int64_t>> &counts,
    Operation *part) {
  std::map<Value *, Box> boxes;
  std::vector<Value *> order;
  bool bounded = true;
  (part ? part : outer.getOperation())->walk([&](Operation *op) {
    for (const MemRefAccess &a : getMemRefAccesses(op)) {
      std::optional<Box> box = accessBox(a, outer, counts);
      if (!box) {
        bounded = false;
        continue;
      }
      auto [it, fresh] = boxes.insert({a.memref, *box});
      if (fresh) {
        order.push_back(a.memref);
        continue;
      }
      for (size_t d = 0; d < box->size() && d < it->second.size(); ++d) {
        it->second[d].first = std::min(it->second[d].first, (*box)[d].first);
        it->second[d].second = std::max(it->second[d].second, (*box)[d].second);
      }
    }
  });
  if (!bounded)
    return std::nullopt;
  double bytes = 0;
  for (Value *memref : order) {
    Type type = memref->getType();
    std::optional<int64_t> elt = getElementSizeInBytes(type);
    if (!elt)
      return std::nullopt;
    const Box &box = boxes[memref];
    double elements = 1;
    for (size_t d = 0; d < box.size(); ++d) {
      int64_t size = type.getDimSize(d);
      if (size == kDynamic)
        return std::nullopt;
      elements *= (double)std::min(box[d].second - box[d].first + 1, size);
    }
    bytes += elements * (double)*elt;
  }
  return bytes;
}

} // namespace affjit
