// Footprint-based traffic estimate (see NestTraffic.h).
#include "frontend/analysis/NestTraffic.h"

#include "frontend/analysis/LinearAccess.h"
#include "frontend/analysis/MemRefRegion.h"
#include "frontend/analysis/ValueOrigins.h"
#include "frontend/analysis/VectorizationPlan.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <unordered_map>
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

/// The bytes one execution of a loop touches, per memref.
struct Footprint {
  std::vector<std::pair<Value *, double>> parts;
  double total = 0;
};

/// `loop`'s footprint; nullopt if a region is unknown.
std::optional<Footprint> footprint(AffineForOp loop) {
  Operation *op = loop.getOperation();
  Footprint f;
  for (Value *memref : accessedMemRefs(op)) {
    NestRegions r = computeNestRegions(op, memref, depthOf(op));
    if (!r.read || !r.write)
      return std::nullopt;
    std::optional<int64_t> read = r.read->getSizeInBytes(),
                           write = r.write->getSizeInBytes();
    if (!read || !write)
      return std::nullopt;
    // Read and written regions mostly coincide (C[i,j] += ...).
    double bytes = (double)std::max(*read, *write);
    f.parts.push_back({memref, bytes});
    f.total += bytes;
  }
  return f;
}

/// Whether the part of `memref` that `inner` touches moves with `iv`: a
/// subscript does, or the bounds of a loop around an access do (a strip
/// of rows starting at `iv`).
bool movesWith(AffineForOp inner, Value *memref, Value *iv) {
  bool moves = false;
  inner.getOperation()->walk([&](Operation *op) {
    for (const MemRefAccess &a : getMemRefAccesses(op)) {
      if (a.memref != memref)
        continue;
      moves |= getAccessPattern(op, iv) != AccessPattern::Invariant;
      for (Operation *p = op->getParentOp(); p; p = p->getParentOp()) {
        if (auto around = dyn_cast<AffineForOp>(p))
          moves |= boundsDependOn(around, iv);
        if (p == inner.getOperation())
          break;
      }
    }
  });
  return moves;
}

/// Bytes the access `op` in the body of `loop` moves per iteration when
/// the loop's footprint does not fit (the fallback of linearBodyBytes).
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

/// Bytes the accesses `ops` directly in `loop`'s body move per iteration
/// when its footprint does not fit. Accesses to one memref that differ
/// only by a constant (a register block's rows of a packed panel, a
/// stencil's neighbours) group into clusters of byte ranges less than a
/// line apart; a cluster that moves by `stride` bytes per iteration brings
/// in min(stride, its lines) — a stride below a line reuses the line — and
/// nothing when it stays. Accesses without a linear address fall back to
/// accessBytesPerIteration.
double linearBodyBytes(const std::vector<Operation *> &ops, AffineForOp loop) {
  struct Group {
    int64_t stride = 0;
    std::vector<std::pair<int64_t, int64_t>> ranges;
  };
  using Key = std::pair<Value *, std::vector<std::pair<Value *, int64_t>>>;
  std::map<Key, Group> groups;
  double bytes = 0;
  for (Operation *op : ops) {
    std::optional<LinearAccess> a = getLinearAccess(op);
    if (!a) {
      bytes += accessBytesPerIteration(op, loop);
      continue;
    }
    Key key{a->memref, {}};
    for (size_t i = 0; i < a->operands.size(); ++i)
      if (a->coefficients[i] != 0)
        key.second.push_back({a->operands[i], a->coefficients[i]});
    std::sort(key.second.begin(), key.second.end());
    Group &g = groups[key];
    g.stride = a->byteStrideOf(loop.getInductionVar()) * loop.getStep();
    g.ranges.push_back({a->constant, a->constant + a->bytes});
  }
  for (auto &[key, g] : groups) {
    if (g.stride == 0)
      continue;
    std::sort(g.ranges.begin(), g.ranges.end());
    auto clusterBytes = [&](int64_t low, int64_t high) {
      double lines = std::ceil((double)(high - low) / kLineBytes) * kLineBytes;
      return std::min((double)std::abs(g.stride), lines);
    };
    int64_t low = g.ranges[0].first, high = g.ranges[0].second;
    for (auto [from, to] : g.ranges) {
      if (from - high >= (int64_t)kLineBytes) {
        bytes += clusterBytes(low, high);
        low = from;
      }
      high = std::max(high, to);
    }
    bytes += clusterBytes(low, high);
  }
  return bytes;
}

/// Footprints of the loops of one nest, each computed once: its bounding
/// boxes take exact integer optimization, and the traffic at each cache
/// level asks for the same loops.
class FootprintCache {
public:
  const std::optional<Footprint> &of(AffineForOp loop) {
    auto [it, added] = known.try_emplace(loop.getOperation());
    if (added)
      it->second = footprint(loop);
    return it->second;
  }

private:
  std::unordered_map<Operation *, std::optional<Footprint>> known;
};

/// `fits` is `loop`'s footprint.
double traffic(AffineForOp loop, const std::optional<Footprint> &fits,
               double capacity, FootprintCache &footprints) {
  if (fits && fits->total <= capacity)
    return fits->total;
  double trips = (double)tripCountOf(loop), bytes = 0;
  std::vector<Operation *> accesses;
  for (auto &owned : loop.getBody()->getOperations())
    owned->walk<WalkOrder::PreOrder>([&](Operation *op) {
      auto inner = dyn_cast<AffineForOp>(op);
      if (!inner) {
        if (!getMemRefAccesses(op).empty())
          accesses.push_back(op);
        return WalkResult::advance();
      }
      // An inner loop that fits keeps what does not move with this loop
      // (B's panel across gemm's rows) from one iteration to the next.
      const std::optional<Footprint> &f = footprints.of(inner);
      if (f && f->total <= capacity) {
        for (auto [memref, size] : f->parts)
          bytes += movesWith(inner, memref, loop.getInductionVar())
                       ? size * trips
                       : size;
      } else {
        bytes += traffic(inner, f, capacity, footprints) * trips;
      }
      return WalkResult::skip();
    });
  return bytes + linearBodyBytes(accesses, loop) * trips;
}

} // namespace

std::optional<double> estimateFootprintBytes(AffineForOp loop) {
  std::optional<Footprint> f = footprint(loop);
  if (!f)
    return std::nullopt;
  return f->total;
}

NestTraffic estimateNestTraffic(AffineForOp root, const CacheSizes &caches) {
  NestTraffic t;
  FootprintCache footprints;
  const std::optional<Footprint> &f = footprints.of(root);
  if (f)
    t.compulsoryBytes = f->total;
  t.l1Bytes = traffic(root, f, (double)caches.l1, footprints);
  t.l2Bytes = traffic(root, f, (double)caches.l2, footprints);
  return t;
}

std::string describeTrafficBytes(std::optional<double> bytes) {
  if (!bytes)
    return "unknown";
  char buf[32];
  if (*bytes < 1e6)
    std::snprintf(buf, sizeof buf, "%.3g KB", *bytes / 1e3);
  else
    std::snprintf(buf, sizeof buf, "%.3g MB", *bytes / 1e6);
  return buf;
}

std::string describeCacheSize(int64_t bytes) {
  return std::to_string(bytes / 1024) + " KB";
}

} // namespace affjit
