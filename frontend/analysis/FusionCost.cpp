// The fusion cost model (see FusionCost.h).
#include "frontend/analysis/FusionCost.h"

#include "frontend/analysis/AffineFlattening.h"
#include "frontend/analysis/MemRefRegion.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>

namespace affjit {

namespace {

using TripCounts = std::unordered_map<const Operation *, int64_t>;

} // namespace

/// `ub - lb` when both bounds are single expressions over the same
/// operands that differ by a constant (`%jb to %jb + 128`).
static std::optional<int64_t> constantSpan(AffineForOp loop) {
  AffineMap lb = loop.getLowerBoundMap(), ub = loop.getUpperBoundMap();
  if (lb.getNumResults() != 1 || ub.getNumResults() != 1 ||
      lb.getNumDims() != ub.getNumDims() ||
      lb.getNumSymbols() != ub.getNumSymbols() ||
      loop.getLowerBoundOperands() != loop.getUpperBoundOperands())
    return std::nullopt;
  AffineExpr span = simplifyAffineExpr(ub.getResult(0) - lb.getResult(0),
                                       lb.getNumDims(), lb.getNumSymbols());
  if (span.getKind() != AffineExprKind::Constant)
    return std::nullopt;
  return span.getValue();
}

int64_t tripCountOf(AffineForOp loop) {
  std::optional<int64_t> span = constantSpan(loop);
  // 128-bit: bounds far apart must not overflow.
  __int128 n = span ? (__int128)*span : 0;
  if (!span) {
    auto lb = loop.getConstantLowerBound(), ub = loop.getConstantUpperBound();
    if (!lb || !ub)
      return kUnknownTripCount;
    n = (__int128)*ub - *lb;
  }
  n = (n + loop.getStep() - 1) / loop.getStep();
  return (int64_t)std::clamp<__int128>(n, 0, INT64_MAX);
}

namespace {

double costOf(Operation *op, const TripCounts &overrides) {
  double body = 0;
  for (unsigned r = 0; r < op->getNumRegions(); ++r)
    for (auto &block : op->getRegion(r).getBlocks())
      for (auto &inner : block->getOperations())
        if (!inner->isTerminator())
          body += costOf(inner.get(), overrides);
  auto forOp = dyn_cast<AffineForOp>(op);
  if (!forOp)
    return 1 + body;
  auto it = overrides.find(op);
  double trips =
      it != overrides.end() ? (double)it->second : (double)tripCountOf(forOp);
  return trips * body;
}

/// The memref accesses in `root`, in walk order: collected once per nest
/// and estimate, since a fused nest can hold a thousand of them.
std::vector<MemRefAccess> accessesIn(Operation *root) {
  std::vector<MemRefAccess> out;
  root->walk([&](Operation *op) {
    for (MemRefAccess &a : getMemRefAccesses(op))
      out.push_back(std::move(a));
  });
  return out;
}

std::set<Value *> memrefsOf(const std::vector<MemRefAccess> &accesses) {
  std::set<Value *> out;
  for (const MemRefAccess &a : accesses)
    out.insert(a.memref);
  return out;
}

/// Elements one execution of the loops from `depth` inward around `a`
/// touches through it: per subscript, 1 + |coefficient| * (trips - 1) over
/// those loops, capped at the dimension's size; a subscript with a division
/// spans its whole dimension. A cheap stand-in for the exact region (the
/// Omega test's bounding boxes cost more than fusing).
double accessFootprint(const MemRefAccess &a, unsigned depth,
                       const TripCounts &overrides) {
  std::vector<Value *> ivs = getEnclosingInductionVars(a.op);
  const AffineMap &map = a.indices.map;
  FlatExprs flat;
  bool affine = flattenAffineExprs(map.getResults(), map.getNumDims(),
                                   map.getNumSymbols(), flat);
  Type type = a.memref->getType();
  double elements = 1;
  for (unsigned r = 0; r < map.getNumResults(); ++r) {
    int64_t size = r < type.getRank() ? type.getDimSize((unsigned)r) : 1;
    double whole = size == kDynamic ? (double)kUnknownTripCount : (double)size;
    double span = 1;
    bool divides = !affine;
    if (affine) {
      const std::vector<int64_t> &row = flat.rows[r];
      for (unsigned l = map.getNumInputs(); l + 1 < row.size(); ++l)
        divides |= row[l] != 0;
      for (unsigned p = 0; p < map.getNumDims() && !divides; ++p) {
        auto it = std::find(ivs.begin(), ivs.end(), a.indices.operands[p]);
        if (row[p] == 0 || it == ivs.end() ||
            (unsigned)(it - ivs.begin()) < depth)
          continue;
        Operation *owner = getInductionVarOwner(*it);
        auto loop = dyn_cast<AffineForOp>(owner);
        auto o = overrides.find(owner);
        int64_t trips = o != overrides.end() ? o->second
                        : loop               ? tripCountOf(loop)
                                             : kUnknownTripCount;
        span +=
            std::fabs((double)row[p]) * (double)std::max<int64_t>(trips - 1, 0);
      }
    }
    elements *= divides ? whole : std::min(span, whole);
  }
  return elements;
}

/// For each memref of `accesses`, the elements the largest access to it
/// touches per execution of the loops from `depth` inward, some loops
/// running `overrides` iterations (writes only if asked). One pass for all
/// memrefs: a fused nest holds a buffer per fused statement, and a pass
/// per buffer would be quadratic in its size.
std::unordered_map<Value *, double>
regionElements(const std::vector<MemRefAccess> &accesses, unsigned depth,
               bool writesOnly, const TripCounts &overrides = {}) {
  std::unordered_map<Value *, double> elements;
  for (const MemRefAccess &a : accesses)
    if (a.isWrite || !writesOnly) {
      double &e = elements[a.memref];
      e = std::max(e, accessFootprint(a, depth, overrides));
    }
  return elements;
}

/// Bytes of `memref` in `elements` (regionElements); 0 if not accessed.
int64_t regionBytes(const std::unordered_map<Value *, double> &elements,
                    Value *memref) {
  auto it = elements.find(memref);
  double e = it == elements.end() ? 0 : it->second;
  return (int64_t)e * getElementSizeInBytes(memref->getType()).value_or(8);
}

} // namespace

double getComputeCost(Operation *op) { return costOf(op, {}); }

FusionDepthCost estimateFusionCost(const ComputationSlice &slice,
                                   Operation *srcRoot, Operation *dstRoot,
                                   const std::vector<Value *> &forwarded,
                                   const CacheSizes &caches) {
  FusionDepthCost c;
  c.depth = slice.getDepth();
  c.srcCost = costOf(srcRoot, {});
  c.dstCost = costOf(dstRoot, {});
  TripCounts sliceTrips;
  double srcIters = 1, sliceIters = 1;
  for (unsigned k = 0; k < slice.srcLoops.size(); ++k) {
    int64_t whole = tripCountOf(slice.srcLoops[k]);
    int64_t part = std::min(whole, slice.getExtent(k).value_or(whole));
    sliceTrips[slice.srcLoops[k].getOperation()] = part;
    srcIters *= (double)whole;
    sliceIters *= (double)part;
  }
  double outer = 1;
  for (AffineForOp loop : slice.dstLoops)
    outer *= (double)tripCountOf(loop);
  c.fusedCost = c.dstCost + outer * costOf(srcRoot, sliceTrips);
  c.additionalCompute =
      c.srcCost + c.dstCost > 0 ? c.fusedCost / (c.srcCost + c.dstCost) - 1 : 0;
  double fraction = srcIters > 0 ? sliceIters / srcIters : 1;
  std::vector<MemRefAccess> srcAccesses = accessesIn(srcRoot),
                            dstAccesses = accessesIn(dstRoot);
  std::unordered_map<Value *, double> srcWrites =
      forwarded.empty() ? std::unordered_map<Value *, double>{}
                        : regionElements(srcAccesses, 0, true);
  for (Value *m : forwarded)
    c.srcWriteBytes += regionBytes(srcWrites, m);
  c.sliceWriteBytes =
      std::max<int64_t>(1, (int64_t)((double)c.srcWriteBytes * fraction + 0.5));
  c.storageReduction = (double)c.srcWriteBytes / (double)c.sliceWriteBytes;
  std::set<Value *> dstMemRefs = memrefsOf(dstAccesses);
  std::unordered_map<Value *, double> dstElements =
      regionElements(dstAccesses, c.depth, false);
  for (Value *m : dstMemRefs)
    c.workingSetBytes += regionBytes(dstElements, m);
  std::unordered_map<Value *, double> srcElements =
      regionElements(srcAccesses, 0, false, sliceTrips);
  for (Value *m : memrefsOf(srcAccesses))
    if (!dstMemRefs.count(m))
      c.workingSetBytes += regionBytes(srcElements, m);
  c.cacheLevel = c.workingSetBytes <= caches.l1   ? 1
                 : c.workingSetBytes <= caches.l2 ? 2
                                                  : 3;
  return c;
}

} // namespace affjit
