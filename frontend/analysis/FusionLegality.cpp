// Fusion legality (see FusionLegality.h).
#include "frontend/analysis/FusionLegality.h"

#include "frontend/analysis/Dependence.h"
#include "frontend/analysis/OmegaTest.h"
#include "frontend/ir/MemRefOps.h"
#include "frontend/ir/MemoryEffects.h"

#include <algorithm>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace affjit {

namespace {

bool conflict(const MemRefAccess &a, const MemRefAccess &b) {
  return a.memref == b.memref && (a.isWrite || b.isWrite);
}

std::vector<Value *> distinctMemRefs(const std::vector<MemRefAccess> &accs) {
  std::vector<Value *> out;
  std::unordered_set<Value *> seen;
  for (const MemRefAccess &a : accs)
    if (seen.insert(a.memref).second)
      out.push_back(a.memref);
  return out;
}

/// Two accesses may reach one buffer through different memref values
/// (views, or a global and an argument): the checks below compare
/// subscripts of one memref value only. A value viewing a local allocation
/// can only alias values viewing the same allocation or buffers of unknown
/// origin, so those are found by root; a fused nest accesses one private
/// buffer per fused statement, and comparing all pairs would be quadratic.
bool viewAliasing(const std::vector<MemRefAccess> &x,
                  const std::vector<MemRefAccess> &y) {
  std::vector<Value *> xs = distinctMemRefs(x);
  std::unordered_map<Value *, std::vector<Value *>> allocated;
  std::vector<Value *> others;
  for (Value *a : xs) {
    Value *root = getViewRoot(a);
    if (getBufferOrigin(root) == BufferOrigin::Allocation)
      allocated[root].push_back(a);
    else
      others.push_back(a);
  }
  for (Value *b : distinctMemRefs(y)) {
    Value *root = getViewRoot(b);
    if (getBufferOrigin(root) != BufferOrigin::Allocation) {
      for (Value *a : xs)
        if (a != b && mayAlias(a, b))
          return true;
      continue;
    }
    if (auto it = allocated.find(root); it != allocated.end())
      for (Value *a : it->second)
        if (a != b)
          return true;
    for (Value *a : others)
      if (mayAlias(a, b))
        return true;
  }
  return false;
}

/// The accesses of one nest grouped for the checks below, each group in
/// program order: pairs of accesses to one memref are all they compare.
struct AccessIndex {
  std::unordered_map<Value *, std::vector<const MemRefAccess *>> byMemRef,
      writesByMemRef, readsByRoot;

  explicit AccessIndex(const std::vector<MemRefAccess> &accs) {
    for (const MemRefAccess &a : accs) {
      byMemRef[a.memref].push_back(&a);
      if (a.isWrite)
        writesByMemRef[a.memref].push_back(&a);
      else
        readsByRoot[getViewRoot(a.memref)].push_back(&a);
    }
  }

  static const std::vector<const MemRefAccess *> &lookup(
      const std::unordered_map<Value *, std::vector<const MemRefAccess *>> &map,
      Value *key) {
    static const std::vector<const MemRefAccess *> none;
    auto it = map.find(key);
    return it == map.end() ? none : it->second;
  }
};

std::set<Value *> rootsOf(const std::vector<MemRefAccess> &accs, bool writes) {
  std::set<Value *> out;
  for (const MemRefAccess &a : accs)
    if (a.isWrite == writes)
      out.insert(getViewRoot(a.memref));
  return out;
}

bool intersects(const std::set<Value *> &a, const std::set<Value *> &b) {
  return std::any_of(a.begin(), a.end(),
                     [&](Value *v) { return b.count(v) != 0; });
}

/// For each destination loop j, the source loop fixed to `dst_j + c`.
struct PointMap {
  std::vector<unsigned> srcLoop;
  std::vector<int64_t> offset;
};

PointMap pointMapOf(const ComputationSlice &slice) {
  PointMap m;
  m.srcLoop.resize(slice.getDepth());
  m.offset.resize(slice.getDepth());
  for (unsigned k = 0; k < slice.srcLoops.size(); ++k)
    if (auto p = slice.getPointMapping(k)) {
      m.srcLoop[p->first] = k;
      m.offset[p->first] = p->second;
    }
  return m;
}

/// True if no pair of iterations (s of `a` in the source, t of `b` in the
/// destination) touching one element has t(s) after t's outer iterations:
/// the fused order keeps every such dependence.
bool keepsInterNestOrder(const MemRefAccess &a, const MemRefAccess &b,
                         const PointMap &map, unsigned depth, bool &failed) {
  DomainOptions domain;
  domain.exactSteps = true;
  std::optional<Relation> rel = getAccessPairRelation(a, b, domain);
  if (!rel) {
    failed = true;
    return false;
  }
  unsigned numSrc = rel->numDomain;
  for (unsigned level = 0; level < depth; ++level) {
    ConstraintSystem cst = rel->cst;
    for (unsigned j = 0; j <= level; ++j) {
      // row = s_k - c - t_j (== 0 above `level`, >= 1 at it).
      FlatRow row(cst.getNumCols(), 0);
      row[map.srcLoop[j]] = 1;
      row[numSrc + j] = -1;
      row.back() = checkedNeg(map.offset[j]);
      if (j < level) {
        cst.addEquality(row);
      } else {
        row.back() = checkedSub(row.back(), 1);
        cst.addInequality(row);
      }
    }
    if (!isIntegerEmpty(cst))
      return false;
  }
  return true;
}

/// True if every dependence between two source accesses has distance 0 on
/// the source loops the slice maps to destination loops.
bool keepsSourceOrder(const std::vector<MemRefAccess> &src,
                      const ComputationSlice &slice, std::string &why) {
  DependenceOptions options;
  options.exact = true;
  DependenceChecker checker(options);
  std::vector<bool> mapped(slice.srcLoops.size(), false);
  for (unsigned k = 0; k < slice.srcLoops.size(); ++k)
    mapped[k] = slice.getPointMapping(k).has_value();
  AccessIndex index(src);
  for (const MemRefAccess &a : src)
    for (const MemRefAccess *bp :
         AccessIndex::lookup(index.byMemRef, a.memref)) {
      const MemRefAccess &b = *bp;
      if (!conflict(a, b))
        continue;
      unsigned common = getNumCommonSurroundingLoops(a.op, b.op);
      for (unsigned depth = 1; depth <= common; ++depth) {
        DependenceResult r = checker.check(a, b, depth);
        if (r.kind == DependenceResult::Failure) {
          why = "a dependence inside the source nest is beyond the "
                "analysis: " +
                r.reason;
          return false;
        }
        if (r.kind == DependenceResult::NoDependence)
          continue;
        for (unsigned k = 0; k < mapped.size() && k < r.components.size(); ++k)
          if (mapped[k] &&
              (r.components[k].lb != 0 || r.components[k].ub != 0)) {
            why = "a dependence inside the source nest is carried by a "
                  "loop the slice splits";
            return false;
          }
      }
    }
  return true;
}

/// No two iterations of the source's outer `numLoops` loops write one
/// element (writes repeated inside one iteration replay with it).
bool hasSingleWriterPerElement(const std::vector<MemRefAccess> &src,
                               size_t numLoops) {
  DependenceOptions options;
  options.exact = true;
  options.computeComponents = false;
  DependenceChecker checker(options);
  AccessIndex index(src);
  for (const MemRefAccess &a : src)
    for (const MemRefAccess *bp :
         AccessIndex::lookup(index.writesByMemRef, a.memref)) {
      const MemRefAccess &b = *bp;
      if (!a.isWrite || !b.isWrite || a.memref != b.memref)
        continue;
      unsigned common = std::min<unsigned>(
          getNumCommonSurroundingLoops(a.op, b.op), (unsigned)numLoops);
      for (unsigned depth = 1; depth <= common; ++depth)
        if (checker.check(a, b, depth).kind != DependenceResult::NoDependence)
          return false;
    }
  return true;
}

/// Whether a store that runs before `read` in every iteration of the loops
/// around both (in `read`'s block or an enclosing one) writes the element
/// `read` reads, through the same memref and subscripts.
bool isOverwrittenBefore(const MemRefAccess &read, const AccessIndex &src) {
  for (const MemRefAccess *wp :
       AccessIndex::lookup(src.writesByMemRef, read.memref)) {
    const MemRefAccess &w = *wp;
    if (!w.isWrite || w.memref != read.memref ||
        w.indices.map != read.indices.map ||
        w.indices.operands != read.indices.operands)
      continue;
    for (Operation *p = read.op; p; p = p->getParentOp())
      if (p->getBlock() == w.op->getBlock()) {
        if (w.op->isBeforeInBlock(p))
          return true;
        break;
      }
  }
  return false;
}

/// The roots the source reads other than through reads an earlier store of
/// the same iteration covers: what a repeated iteration may see changed.
std::set<Value *> exposedReads(const std::vector<MemRefAccess> &src) {
  std::set<Value *> out;
  AccessIndex index(src);
  for (const MemRefAccess &r : src)
    if (!r.isWrite && !isOverwrittenBefore(r, index))
      out.insert(getViewRoot(r.memref));
  return out;
}

/// Buffers only the source uses, whose every read gets what the same
/// iteration wrote just before: scratch space such as a private buffer an
/// earlier fusion left. Running a source iteration again or in another
/// order recomputes what it reads there.
std::set<Value *> scratchBuffers(Operation *srcRoot,
                                 const std::vector<MemRefAccess> &src) {
  std::set<Value *> reads = rootsOf(src, false), out;
  AccessIndex index(src);
  for (Value *b : rootsOf(src, true)) {
    if (!reads.count(b) || !isOnlyUsedIn(b, {srcRoot}))
      continue;
    bool covered = true;
    for (const MemRefAccess *r : AccessIndex::lookup(index.readsByRoot, b))
      covered &= isOverwrittenBefore(*r, index);
    if (covered)
      out.insert(b);
  }
  return out;
}

std::vector<MemRefAccess> withoutBuffers(std::vector<MemRefAccess> accs,
                                         const std::set<Value *> &roots) {
  std::erase_if(accs, [&](const MemRefAccess &a) {
    return roots.count(getViewRoot(a.memref)) != 0;
  });
  return accs;
}

/// The constant range [lb, ub) of a step-1 loop.
std::optional<std::pair<int64_t, int64_t>> constantRange(AffineForOp loop) {
  auto lb = loop.getConstantLowerBound(), ub = loop.getConstantUpperBound();
  if (!lb || !ub || loop.getStep() != 1)
    return std::nullopt;
  return std::make_pair(*lb, *ub);
}

bool sameBounds(AffineForOp a, AffineForOp b) {
  return a.getStep() == b.getStep() &&
         a.getLowerBoundMap() == b.getLowerBoundMap() &&
         a.getLowerBoundOperands() == b.getLowerBoundOperands() &&
         a.getUpperBoundMap() == b.getUpperBoundMap() &&
         a.getUpperBoundOperands() == b.getUpperBoundOperands();
}

/// Whether the slices over all destination iterations run every source
/// iteration: each source loop runs whole, or is `[dst_j + c1, dst_j +
/// c2)` of its own destination loop j whose range, shifted, covers it.
bool coversSource(const ComputationSlice &slice) {
  std::vector<bool> used(slice.getDepth(), false);
  for (unsigned k = 0; k < slice.srcLoops.size(); ++k) {
    const SliceLoopBounds &b = slice.bounds[k];
    if (b.lbs.empty() && b.ubs.empty())
      continue;
    std::optional<int64_t> extent = slice.getExtent(k);
    if (!extent || *extent < 1)
      return false;
    const SliceBound &lb = b.lbs[0];
    std::optional<unsigned> loop = lb.getUnitDstLoop();
    if (!loop || used[*loop])
      return false;
    unsigned j = *loop;
    used[j] = true;
    AffineForOp srcLoop = slice.srcLoops[k], dstLoop = slice.dstLoops[j];
    int64_t c1 = lb.constant, c2 = b.ubs[0].constant;
    if (c1 <= 0 && c2 >= 1 && sameBounds(srcLoop, dstLoop) &&
        srcLoop.getStep() == 1)
      continue;
    auto s = constantRange(srcLoop), d = constantRange(dstLoop);
    if (!s || !d || d->first >= d->second)
      return false;
    if ((__int128)s->first < (__int128)d->first + c1 ||
        (__int128)s->second > (__int128)d->second - 1 + c2)
      return false;
  }
  return true;
}

/// A source loop the slice narrows carries values (iter_args): running it
/// over part of its range would change what it computes.
bool slicesLoopWithIterArgs(const ComputationSlice &slice) {
  for (unsigned k = 0; k < slice.srcLoops.size(); ++k)
    if (slice.srcLoops[k].getNumIterArgs() != 0 &&
        (!slice.bounds[k].lbs.empty() || !slice.bounds[k].ubs.empty()))
      return true;
  return false;
}

/// Why the slice's source iterations cannot be kept on a source loop's
/// step lattice, or "". The clone of a stepped loop whose lower bound the
/// slice narrows starts at the slice's bound rounded up onto the lattice
/// `lb + n * step`, which needs `lb` to be a single value.
std::string stepLatticeBlocker(const ComputationSlice &slice) {
  for (unsigned k = 0; k < slice.srcLoops.size(); ++k) {
    AffineForOp loop = slice.srcLoops[k];
    if (loop.getStep() != 1 && !slice.bounds[k].lbs.empty() &&
        loop.getLowerBoundMap().getNumResults() != 1)
      return "a sliced source loop of step " + std::to_string(loop.getStep()) +
             " starts at a max of several values: its iterations could not "
             "be kept on its step";
  }
  return "";
}

FusionLegality illegal(std::string why) {
  FusionLegality l;
  l.reason = std::move(why);
  return l;
}

/// Why the fused order breaks a dependence, or "". `srcShared` are the
/// source's accesses other than to its scratch buffers.
std::string
checkOrder(const ComputationSlice &slice, const std::vector<MemRefAccess> &src,
           const std::vector<MemRefAccess> &srcShared,
           const std::vector<MemRefAccess> &dst,
           const std::vector<std::pair<Operation *, Operation *>> &anchors) {
  if (slice.isOneToOne()) {
    PointMap map = pointMapOf(slice);
    AccessIndex dstIndex(dst);
    for (const MemRefAccess &a : src)
      for (const MemRefAccess *bp :
           AccessIndex::lookup(dstIndex.byMemRef, a.memref)) {
        const MemRefAccess &b = *bp;
        if (!conflict(a, b))
          continue;
        bool failed = false;
        if (!keepsInterNestOrder(a, b, map, slice.getDepth(), failed))
          return failed ? "an access pair is beyond the analysis"
                        : "a dependence from the source to the destination "
                          "would be reversed";
      }
    // Destination loop j running source loop j (shifted) keeps the
    // source's own order; another mapping must not reorder dependences.
    bool inOrder = true;
    for (unsigned j = 0; j < slice.getDepth(); ++j)
      inOrder &= map.srcLoop[j] == j;
    std::string why;
    if (!inOrder && !keepsSourceOrder(srcShared, slice, why))
      return why;
    return "";
  }
  std::set<Value *> srcReads = exposedReads(srcShared),
                    srcWrites = rootsOf(srcShared, true),
                    dstWrites = rootsOf(dst, true);
  if (intersects(srcReads, srcWrites))
    return "the slice repeats source iterations, and the source reads what "
           "it writes";
  if (intersects(dstWrites, srcReads) || intersects(dstWrites, srcWrites))
    return "the slice repeats source iterations, and the destination writes "
           "a buffer the source uses";
  for (const MemRefAccess &a : src)
    for (const MemRefAccess &b : dst)
      if (conflict(a, b) &&
          std::find(anchors.begin(), anchors.end(),
                    std::make_pair(a.op, b.op)) == anchors.end())
        return "a dependence between the nests is not covered by the slice";
  if (!hasSingleWriterPerElement(srcShared, slice.srcLoops.size()))
    return "the slice repeats source iterations, and two source iterations "
           "write one element";
  return "";
}

} // namespace

bool isOnlyUsedIn(Value *memref, const std::vector<Operation *> &roots) {
  Operation *def = memref->getDefiningOp();
  if (!def || (!isa<AllocOp>(def) && !isa<AllocaOp>(def)))
    return false;
  for (Operation *user : memref->getUsers()) {
    if (isa<DeallocOp>(user))
      continue;
    bool inside = false;
    for (Operation *p = user; p && !inside; p = p->getParentOp())
      inside = std::find(roots.begin(), roots.end(), p) != roots.end();
    if (!inside)
      return false;
  }
  return true;
}

FusionLegality checkFusionLegality(
    const ComputationSlice &slice, Operation *srcRoot, Operation *dstRoot,
    const std::vector<std::pair<Operation *, Operation *>> &anchors) {
  std::vector<MemRefAccess> src = getMemRefAccessesIn(srcRoot),
                            dst = getMemRefAccessesIn(dstRoot);
  if (viewAliasing(src, dst) || viewAliasing(src, src))
    return illegal("the nests may reach one buffer through different memref "
                   "values (views)");
  if (slicesLoopWithIterArgs(slice))
    return illegal("the slice would cut a loop that carries iter_args");
  if (std::string why = stepLatticeBlocker(slice); !why.empty())
    return illegal(why);
  FusionLegality result;
  try {
    // What the source does with its scratch buffers stays inside each of
    // its iterations: only the other accesses constrain the order.
    std::vector<MemRefAccess> srcShared =
        withoutBuffers(src, scratchBuffers(srcRoot, src));
    if (std::string why = checkOrder(slice, src, srcShared, dst, anchors);
        !why.empty())
      return illegal(why);
  } catch (const CoefficientOverflow &) {
    return illegal("coefficients overflow 64 bits");
  } catch (const AnalysisBudgetExceeded &) {
    return illegal("the legality check exceeded the analysis budget");
  }
  result.legal = true;
  result.coversSource = coversSource(slice);
  return result;
}

} // namespace affjit
