// Footprint-based traffic estimate (see NestTraffic.h).
#include "frontend/analysis/NestTraffic.h"

#include "frontend/analysis/MemRefRegion.h"
#include "frontend/analysis/VectorizationPlan.h"

#include <algorithm>
#include <set>
#include <vector>

namespace affjit {

namespace {

constexpr double kLineBytes = 64;

unsigned depthOf(Operation *op) {
  unsigned depth = 0;
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    depth += isa<AffineForOp>(p);
  return depth;
}

/// The memrefs accessed inside `root`, in order of first access.
std::vector<Value *> accessedMemRefs(Operation *root) {
  std::vector<Value *> out;
  std::set<Value *> seen;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    for (const MemRefAccess &a : getMemRefAccesses(op))
      if (seen.insert(a.memref).second)
        out.push_back(a.memref);
  });
  return out;
}

/// Bytes one execution of `loop` touches; nullopt if a region is unknown.
std::optional<double> footprint(AffineForOp loop) {
  Operation *op = loop.getOperation();
  double bytes = 0;
  for (Value *memref : accessedMemRefs(op)) {
    NestRegions r = computeNestRegions(op, memref, depthOf(op));
    if (!r.read || !r.write)
      return std::nullopt;
    std::optional<int64_t> read = r.read->getSizeInBytes(),
                           write = r.write->getSizeInBytes();
    if (!read || !write)
      return std::nullopt;
    // Read and written regions mostly coincide (C[i,j] += ...).
    bytes += (double)std::max(*read, *write);
  }
  return bytes;
}

/// Bytes the access `op` in the body of `loop` moves per iteration when
/// the loop's footprint does not fit.
double accessBytesPerIteration(Operation *op, AffineForOp loop) {
  double bytes = 0;
  for (const MemRefAccess &a : getMemRefAccesses(op)) {
    Type t = op->getNumResults() ? op->getResult(0)->getType()
                                 : op->getOperand(0)->getType();
    double size = (double)getElementSizeInBytes(a.memref->getType())
                      .value_or((int64_t)kLineBytes);
    if (t.isVector())
      size *= (double)t.getNumElements();
    switch (getAccessPattern(op, loop.getInductionVar())) {
    case AccessPattern::Invariant:
      break;
    case AccessPattern::Contiguous:
      bytes += size;
      break;
    case AccessPattern::Other:
      bytes += std::max(size, kLineBytes);
      break;
    }
  }
  return bytes;
}

double traffic(AffineForOp loop, double capacity) {
  std::optional<double> fits = footprint(loop);
  if (fits && *fits <= capacity)
    return *fits;
  double perIteration = 0;
  for (auto &owned : loop.getBody()->getOperations())
    owned->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (auto inner = dyn_cast<AffineForOp>(op)) {
        perIteration += traffic(inner, capacity);
        return WalkResult::skip();
      }
      perIteration += accessBytesPerIteration(op, loop);
      return WalkResult::advance();
    });
  return perIteration * (double)tripCountOf(loop);
}

} // namespace

NestTraffic estimateNestTraffic(AffineForOp root, const CacheSizes &caches) {
  NestTraffic t;
  t.compulsoryBytes = footprint(root);
  t.l1Bytes = traffic(root, (double)caches.l1);
  t.l2Bytes = traffic(root, (double)caches.l2);
  return t;
}

} // namespace affjit
