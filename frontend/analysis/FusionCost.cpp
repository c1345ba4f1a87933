// The fusion cost model (see FusionCost.h).
#include "frontend/analysis/FusionCost.h"

#include "frontend/analysis/MemRefRegion.h"

#include <algorithm>
#include <set>
#include <unistd.h>
#include <unordered_map>

namespace affjit {

CacheSizes CacheSizes::host() {
  CacheSizes c;
#if defined(_SC_LEVEL1_DCACHE_SIZE) && defined(_SC_LEVEL2_CACHE_SIZE)
  long l1 = sysconf(_SC_LEVEL1_DCACHE_SIZE),
       l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
  if (l1 > 0)
    c.l1 = l1;
  if (l2 > 0)
    c.l2 = l2;
#endif
  return c;
}

namespace {

using TripCounts = std::unordered_map<const Operation *, int64_t>;

int64_t tripCountOf(AffineForOp loop) {
  if (auto lb = loop.getConstantLowerBound())
    if (auto ub = loop.getConstantUpperBound())
      return std::max<int64_t>(0, (*ub - *lb + loop.getStep() - 1) /
                                      loop.getStep());
  return kUnknownTripCount;
}

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

std::set<Value *> memrefsIn(Operation *root) {
  std::set<Value *> out;
  root->walk([&](Operation *op) {
    for (const MemRefAccess &a : getMemRefAccesses(op))
      out.insert(a.memref);
  });
  return out;
}

int64_t regionBytes(Operation *root, Value *memref, unsigned depth,
                    bool writesOnly) {
  NestRegions r = computeNestRegions(root, memref, depth);
  int64_t bytes = 0;
  if (r.write)
    bytes = r.write->getSizeInBytes().value_or(0);
  if (!writesOnly && r.read)
    bytes = std::max(bytes, r.read->getSizeInBytes().value_or(0));
  return bytes;
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
  for (Value *m : forwarded)
    c.srcWriteBytes += regionBytes(srcRoot, m, 0, true);
  c.sliceWriteBytes =
      std::max<int64_t>(1, (int64_t)((double)c.srcWriteBytes * fraction + 0.5));
  c.storageReduction = (double)c.srcWriteBytes / (double)c.sliceWriteBytes;
  std::set<Value *> dstMemRefs = memrefsIn(dstRoot);
  for (Value *m : dstMemRefs)
    c.workingSetBytes += regionBytes(dstRoot, m, c.depth, false);
  for (Value *m : memrefsIn(srcRoot))
    if (!dstMemRefs.count(m))
      c.workingSetBytes +=
          (int64_t)((double)regionBytes(srcRoot, m, 0, false) * fraction);
  c.cacheLevel = c.workingSetBytes <= caches.l1   ? 1
                 : c.workingSetBytes <= caches.l2 ? 2
                                                  : 3;
  return c;
}

} // namespace affjit
