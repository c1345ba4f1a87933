// Pass `fuse` (see LoopFusion.h).
#include "frontend/transform/LoopFusion.h"

#include "frontend/analysis/ComputationSlice.h"
#include "frontend/analysis/FusionLegality.h"
#include "frontend/analysis/MemRefAccess.h"
#include "frontend/analysis/MemRefDependenceGraph.h"
#include "frontend/ir/MemRefOps.h"
#include "frontend/ir/MemoryEffects.h"
#include "frontend/transform/utils/BandAlignment.h"
#include "frontend/transform/utils/FusionUtils.h"
#include "frontend/transform/utils/LoopDescription.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <unordered_set>

namespace affjit {

namespace {

enum class FusionKind { ProducerConsumer, Sibling };

std::string nameOf(const Value *v) {
  if (!v->getNameHint().empty())
    return "%" + v->getNameHint();
  if (v->isBlockArgument())
    return "%arg" + std::to_string(v->getIndex());
  return "a " + v->getDefiningOp()->getName() + " buffer";
}

std::string names(const std::vector<Value *> &vs) {
  std::string s;
  for (Value *v : vs)
    s += (s.empty() ? "" : ", ") + nameOf(v);
  return s;
}

std::string percent(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f%%", x * 100);
  return buf;
}

std::string factor(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2fx", x);
  return buf;
}

std::string bytes(int64_t n) {
  if (n >= 1 << 20 && n % (1 << 20) == 0)
    return std::to_string(n >> 20) + " MiB";
  if (n >= 1 << 10)
    return std::to_string((n + 512) >> 10) + " KiB";
  return std::to_string(n) + " B";
}

const char *cacheName(int level) {
  return level == 1 ? "fits L1" : level == 2 ? "fits L2" : "exceeds L2";
}

bool contains(const std::vector<Value *> &list, const Value *v) {
  return std::find(list.begin(), list.end(), v) != list.end();
}

/// One candidate (source, destination) pair of one round.
struct Candidate {
  const MemRefDependenceGraph &mdg;
  const MdgNode &src, &dst;
  FusionKind kind;
  /// Producer-consumer: buffers src writes and dst reads; sibling: buffers
  /// both read and neither writes.
  std::vector<Value *> memrefs;
};

/// The access pairs the slice follows.
std::vector<std::pair<Operation *, Operation *>>
anchorPairs(const Candidate &c) {
  std::vector<std::pair<Operation *, Operation *>> pairs;
  const auto &from =
      c.kind == FusionKind::ProducerConsumer ? c.src.stores : c.src.loads;
  for (Operation *a : from)
    for (Operation *b : c.dst.loads) {
      Value *ma = getMemRefAccesses(a).front().memref;
      Value *mb = getMemRefAccesses(b).front().memref;
      if (ma == mb && contains(c.memrefs, getViewRoot(ma)))
        pairs.push_back({a, b});
    }
  return pairs;
}

/// Why `src` cannot move down to `dst`, or "" if it can.
std::string blockerOfMove(const Candidate &c) {
  for (const MdgNode *n : {&c.src, &c.dst}) {
    if (n->touchesUnknownMemory)
      return "the nest at " + describeLocation(n->op) +
             " touches memory the analysis cannot see";
    if (!n->nonAffine.empty())
      return "the nest at " + describeLocation(n->op) + " accesses " +
             names(n->nonAffine) + " with non-affine ops";
  }
  for (const MdgNode *n : {&c.src, &c.dst}) {
    // Dependences of vector accesses are computed on their first element:
    // too coarse for a slice.
    bool vector = false;
    n->op->walk([&](Operation *op) {
      vector |= op->isa("affine.vector_load") || op->isa("affine.vector_store");
    });
    if (vector)
      return "the nest at " + describeLocation(n->op) + " has vector accesses";
  }
  if (c.src.op->getNumResults() != 0)
    return "the source nest returns values";
  for (unsigned id = c.src.id + 1; id < c.dst.id; ++id)
    if (c.mdg.hasEdge(c.src.id, id))
      return "the op at " + describeLocation(c.mdg.getNodes()[id].op) +
             " between them depends on the source nest";
  return "";
}

/// Whether the source's writes matter only to the destination: every
/// buffer it writes is local and no other later op touches it.
bool writesOnlyFeedDestination(const Candidate &c) {
  for (Value *w : c.src.writes) {
    if (isEscapingMemRef(w))
      return false;
    for (unsigned id : c.mdg.getNodesTouching(w)) {
      const MdgNode &n = c.mdg.getNodes()[id];
      if (n.id > c.src.id && n.id != c.dst.id && !isa<DeallocOp>(n.op))
        return false;
    }
  }
  return true;
}

struct DepthChoice {
  ComputationSlice slice;
  FusionDepthCost cost;
};

std::string describeCost(const FusionDepthCost &c) {
  std::string storage = c.srcWriteBytes == 0
                            ? ""
                            : ", storage " + bytes(c.srcWriteBytes) + " -> " +
                                  bytes(c.sliceWriteBytes) + " (" +
                                  factor(c.storageReduction) + ")";
  return "compute " + percent(c.additionalCompute) + " extra" + storage +
         ", working set " + bytes(c.workingSetBytes) + " (" +
         cacheName(c.cacheLevel) + ")";
}

/// Better by the cache the working set fits; among depths that fit the
/// same cache, the one that recomputes less, then the larger storage
/// reduction, then the deeper one. MLIR takes the largest storage
/// reduction within the tolerance: it recomputes where a shallower depth
/// already keeps the data in cache, and does not see a depth spill it.
bool better(const FusionDepthCost &a, const FusionDepthCost &b) {
  if (a.cacheLevel != b.cacheLevel)
    return a.cacheLevel < b.cacheLevel;
  if (a.additionalCompute != b.additionalCompute)
    return a.additionalCompute < b.additionalCompute;
  if (a.storageReduction != b.storageReduction)
    return a.storageReduction > b.storageReduction;
  return a.depth > b.depth;
}

class FusionDriver {
public:
  FusionDriver(PassContext &context, const LoopFusionOptions &options)
      : context(context), options(options) {}

  /// Fuses the nests of `func`; reports how many fusions and the time
  /// spent in the analyses and in rewriting.
  void run(FuncOp func) {
    // Each fusion changes the graph: rebuild it and start over. A pair
    // that failed is not tried again until its destination changes.
    unsigned fusions = 0;
    while (fuseOnce(*func.getBody()))
      ++fusions;
    if (outOfBudget)
      context.remark(func->getLoc(),
                     "@" + func.getName() + ": stopped early after " +
                         std::to_string(pairAnalyses) +
                         " candidate pair analyses (the budget); the nests "
                         "left are correct, only less fused");
    if (context.remarksEnabled())
      context.remark(func->getLoc(),
                     "@" + func.getName() + ": " + std::to_string(fusions) +
                         " fusion(s); analysis " + milliseconds(analysisTime) +
                         ", rewriting " + milliseconds(rewriteTime));
  }

private:
  using Clock = std::chrono::steady_clock;

  static std::string milliseconds(Clock::duration d) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f ms",
                  std::chrono::duration<double, std::milli>(d).count());
    return buf;
  }

  /// One fusion, the first the scan finds: destinations in order, for
  /// each its producers and then its siblings, nearest first. A scan that
  /// finds none before the destination of the last fusion would find none
  /// there again (incremental mode starts there): every pair before it
  /// failed or shares no buffer, a fusion changes only its destination and
  /// erases its source, and failures are forgotten only for pairs into a
  /// changed destination.
  bool fuseOnce(Block &block) {
    auto start = Clock::now();
    if (options.incremental && graph) {
      graph->update(dirty);
    } else {
      graph.reset();
      graph.emplace(block);
    }
    dirty.clear();
    const MemRefDependenceGraph &mdg = *graph;
    if (options.checkIncremental)
      checkAgainstRecomputation(block, mdg);
    analysisTime += Clock::now() - start;
    const auto &nodes = mdg.getNodes();
    const MdgNode *resume =
        options.incremental && resumeAt ? mdg.getNode(resumeAt) : nullptr;
    for (unsigned d = resume ? resume->id : 0; d < nodes.size(); ++d) {
      const MdgNode &dst = nodes[d];
      if (!isa<AffineForOp>(dst.op))
        continue;
      std::vector<unsigned> sources = candidateSources(mdg, dst);
      for (FusionKind kind :
           {FusionKind::ProducerConsumer, FusionKind::Sibling}) {
        if ((kind == FusionKind::ProducerConsumer &&
             !options.producerConsumer) ||
            (kind == FusionKind::Sibling && !options.sibling))
          continue;
        for (unsigned id : sources) {
          const MdgNode &src = nodes[id];
          if (!isa<AffineForOp>(src.op) || failed.count({src.op, dst.op}))
            continue;
          Candidate c{mdg, src, dst, kind,
                      candidateMemRefs(mdg, src, dst, kind)};
          if (c.memrefs.empty())
            continue;
          // A pathological function must not keep the pass running
          // unboundedly: past the budget, stop fusing (leaving the nests
          // as they are is always correct).
          if (++pairAnalyses > options.maxPairAnalyses) {
            outOfBudget = true;
            return false;
          }
          if (!withinSizeLimit(c)) {
            failed.insert({src.op, dst.op});
            continue;
          }
          if (tryFuseGuarded(c)) {
            resumeAt = dst.op;
            return true;
          }
          failed.insert({src.op, dst.op});
        }
      }
    }
    return false;
  }

  /// The nodes before `dst`, nearest first, that may share a buffer `dst`
  /// reads: the only ones candidateMemRefs can find any in. Incremental
  /// mode finds them through the graph's index of each buffer's nodes;
  /// otherwise every earlier node.
  std::vector<unsigned> candidateSources(const MemRefDependenceGraph &mdg,
                                         const MdgNode &dst) const {
    std::vector<unsigned> ids;
    if (!options.incremental) {
      for (unsigned id = dst.id; id-- > 0;)
        ids.push_back(id);
      return ids;
    }
    for (Value *m : dst.reads)
      for (unsigned id : mdg.getNodesTouching(m))
        if (id < dst.id)
          ids.push_back(id);
    std::sort(ids.begin(), ids.end(), std::greater<unsigned>());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
  }

  /// Checks what incremental mode relies on, against a graph built from
  /// scratch: the kept nodes are what the IR has, and no pair before the
  /// resumption point could be tried.
  void checkAgainstRecomputation(Block &block,
                                 const MemRefDependenceGraph &mdg) const {
    MemRefDependenceGraph fresh(block);
    std::ostringstream a, b;
    mdg.print(a);
    fresh.print(b);
    bool same = a.str() == b.str();
    for (size_t i = 0; same && i < fresh.getNodes().size(); ++i) {
      const MdgNode &x = mdg.getNodes()[i], &y = fresh.getNodes()[i];
      same = x.op == y.op && x.loads == y.loads && x.stores == y.stores &&
             x.reads == y.reads && x.writes == y.writes &&
             x.nonAffine == y.nonAffine;
    }
    for (size_t i = 0; same && i < fresh.getEdges().size(); ++i)
      same = fresh.hasEdge(mdg.getEdges()[i].src, mdg.getEdges()[i].dst);
    if (!same)
      throw std::logic_error("fuse: the kept dependence graph differs from "
                             "one built from scratch");
    const MdgNode *resume = resumeAt ? fresh.getNode(resumeAt) : nullptr;
    if (!options.incremental || !resume)
      return;
    const auto &nodes = fresh.getNodes();
    for (unsigned d = 0; d < resume->id; ++d)
      for (unsigned id = 0; id < d; ++id)
        for (FusionKind kind :
             {FusionKind::ProducerConsumer, FusionKind::Sibling})
          if (isa<AffineForOp>(nodes[d].op) && isa<AffineForOp>(nodes[id].op) &&
              !failed.count({nodes[id].op, nodes[d].op}) &&
              !candidateMemRefs(fresh, nodes[id], nodes[d], kind).empty())
            throw std::logic_error("fuse: a pair before the resumption "
                                   "point could still be tried");
  }

  static std::vector<Value *> candidateMemRefs(const MemRefDependenceGraph &mdg,
                                               const MdgNode &src,
                                               const MdgNode &dst,
                                               FusionKind kind) {
    if (kind == FusionKind::ProducerConsumer)
      return mdg.getProducerConsumerMemRefs(src.id, dst.id);
    std::vector<Value *> shared;
    // Siblings: independent nests reading one input.
    if (!mdg.getProducerConsumerMemRefs(src.id, dst.id).empty())
      return shared;
    for (Value *m : src.reads)
      if (contains(dst.reads, m) && !contains(src.writes, m) &&
          !contains(dst.writes, m))
        shared.push_back(m);
    return shared;
  }

  void remark(const Candidate &c, std::string message) {
    context.remark(c.dst.op->getLoc(), std::move(message));
  }

  bool reject(const Candidate &c, const std::string &why) {
    if (context.remarksEnabled())
      remark(c,
             "not fused: nest at " + describeLocation(c.src.op) + ": " + why);
    return false;
  }

  /// Whether the nest fusing `c` makes stays within maxFusedAccesses;
  /// rejects it with a remark if not.
  bool withinSizeLimit(const Candidate &c) {
    uint64_t accesses = c.src.loads.size() + c.src.stores.size() +
                        c.dst.loads.size() + c.dst.stores.size();
    if (accesses <= options.maxFusedAccesses)
      return true;
    return reject(c, "the fused nest would hold " + std::to_string(accesses) +
                         " loads and stores, over the limit of " +
                         std::to_string(options.maxFusedAccesses) +
                         " (its analysis and copy grow with its size)");
  }

  /// tryFuse, with an analysis over its limits (coefficients beyond 64
  /// bits, budgets) meaning no fusion; the IR is only changed after all
  /// analyses ran.
  bool tryFuseGuarded(const Candidate &c) {
    std::optional<DepthChoice> best = guardedChooseDepth(c);
    if (!best && c.kind == FusionKind::Sibling)
      best = chooseDepthAligned(c);
    if (!best)
      return false;
    auto start = Clock::now();
    apply(c, *best);
    rewriteTime += Clock::now() - start;
    return true;
  }

  /// chooseDepth, with an analysis over its limits (coefficients beyond 64
  /// bits, budgets) meaning no fusion.
  std::optional<DepthChoice> guardedChooseDepth(const Candidate &c) {
    try {
      return chooseDepth(c);
    } catch (const CoefficientOverflow &) {
      reject(c, "coefficients overflow 64 bits");
    } catch (const AnalysisBudgetExceeded &) {
      reject(c, "the analysis exceeded its budget");
    }
    return std::nullopt;
  }

  /// Siblings that read a shared memref in transposed orders: one band
  /// permuted into the other's row-major order (BandAlignment.h), then
  /// chooseDepth again; the permutation is undone if that fails too.
  std::optional<DepthChoice> chooseDepthAligned(const Candidate &c) {
    auto src = dyn_cast<AffineForOp>(c.src.op),
         dst = dyn_cast<AffineForOp>(c.dst.op);
    for (Value *memref : c.memrefs) {
      std::optional<BandPermutation> permuted =
          alignSiblingBands(src, dst, memref);
      if (!permuted)
        continue;
      // Permuting and undoing may replace loops: summarize both again.
      dirty.insert(c.src.op);
      dirty.insert(c.dst.op);
      Operation *moved = permuted->band.front().getOperation();
      if (context.remarksEnabled())
        remark(c, "interchanged the nest at " + describeLocation(moved) +
                      " to read " + nameOf(memref) +
                      " row by row, as its sibling does");
      if (std::optional<DepthChoice> best = guardedChooseDepth(c))
        return best;
      undoBandPermutation(*permuted);
      if (context.remarksEnabled())
        remark(c, "interchange of the nest at " + describeLocation(moved) +
                      " undone: the siblings still do not fuse");
    }
    return std::nullopt;
  }

  /// The best depth to fuse `c` at, or nullopt (with a remark why not).
  std::optional<DepthChoice> chooseDepth(const Candidate &c) {
    auto start = Clock::now();
    bool report = context.remarksEnabled();
    if (report)
      remark(c, std::string(c.kind == FusionKind::ProducerConsumer
                                ? "producer-consumer"
                                : "sibling") +
                    " candidate: nest at " + describeLocation(c.src.op) +
                    " through " + names(c.memrefs));
    if (std::string why = blockerOfMove(c); !why.empty()) {
      analysisTime += Clock::now() - start;
      reject(c, why);
      return std::nullopt;
    }
    std::vector<AffineForOp> srcLoops = getSliceableLoops(c.src.op);
    std::vector<AffineForOp> dstChain = getSliceableLoops(c.dst.op);
    auto anchors = anchorPairs(c);
    bool removable = writesOnlyFeedDestination(c);
    std::optional<DepthChoice> best;
    std::string lastWhy = "no depth was tried";
    for (unsigned depth = 1; depth <= dstChain.size(); ++depth) {
      std::vector<AffineForOp> dstLoops(dstChain.begin(),
                                        dstChain.begin() + depth);
      std::string why;
      std::optional<ComputationSlice> slice =
          computeSliceUnion(srcLoops, dstLoops, anchors, &why);
      std::string at = "depth " + std::to_string(depth) + ": ";
      if (!slice) {
        lastWhy = at + why;
        if (report)
          remark(c, lastWhy);
        continue;
      }
      FusionLegality legal =
          checkFusionLegality(*slice, c.src.op, c.dst.op, anchors);
      std::string sliceText = report ? "slice " + slice->describe() + ", " : "";
      if (!legal.legal) {
        lastWhy = at + legal.reason;
        if (report)
          remark(c, at + sliceText + "illegal: " + legal.reason);
        continue;
      }
      if (!legal.coversSource && !removable) {
        lastWhy = at +
                  "the source's writes are needed elsewhere and the slices "
                  "do not run all of it";
        if (report)
          remark(c, at + sliceText + "not all source iterations run, and " +
                        names(c.src.writes) + " is needed after the nests");
        continue;
      }
      FusionDepthCost cost = estimateFusionCost(
          *slice, c.src.op, c.dst.op,
          c.kind == FusionKind::ProducerConsumer ? c.memrefs
                                                 : std::vector<Value *>{},
          options.caches);
      bool withinTolerance = cost.additionalCompute <= options.computeTolerance;
      if (report)
        remark(c, at + sliceText + describeCost(cost) +
                      (withinTolerance ? "" : "; over the compute tolerance"));
      if (!withinTolerance) {
        lastWhy = at + "the slice recomputes " +
                  percent(cost.additionalCompute) + " more";
        continue;
      }
      if (!best || better(cost, best->cost))
        best = DepthChoice{*slice, cost};
    }
    analysisTime += Clock::now() - start;
    if (!best)
      reject(c, lastWhy);
    return best;
  }

  /// Marks the top-level ops fusing `c` may change or erase: the two
  /// nests, and the allocation and other users (deallocations) of the
  /// buffers privatization may replace.
  void markChanged(const Candidate &c, const std::vector<Value *> &forwarded) {
    dirty.insert(c.src.op);
    dirty.insert(c.dst.op);
    Block &block = *c.dst.op->getBlock();
    for (Value *m : forwarded) {
      if (Operation *def = m->getDefiningOp())
        if (Operation *top = def->findAncestorOpInBlock(block))
          dirty.insert(top);
      for (Operation *user : m->getUsers())
        if (Operation *top = user->findAncestorOpInBlock(block))
          dirty.insert(top);
    }
  }

  void apply(const Candidate &c, const DepthChoice &choice) {
    Operation *dstOp = c.dst.op;
    std::string srcAt = describeLocation(c.src.op);
    std::vector<Value *> forwarded = c.kind == FusionKind::ProducerConsumer
                                         ? c.memrefs
                                         : std::vector<Value *>{};
    std::vector<AffineForOp> dstLoops = choice.slice.dstLoops;
    markChanged(c, forwarded);
    insertSlice(c.src.op, choice.slice);
    // The erased op's address may come back for a new op: forget it.
    for (auto it = failed.begin(); it != failed.end();)
      it = it->first == c.src.op || it->second == c.src.op ? failed.erase(it)
                                                           : std::next(it);
    c.src.op->erase();
    std::string privatized;
    for (Value *m : forwarded) {
      if (!isOnlyUsedIn(m, {dstOp}))
        continue;
      std::string name = nameOf(m), why;
      if (auto size = privatizeMemRef(m, dstOp, dstLoops, &why))
        privatized += "; " + name + " shrunk to " + bytes(*size);
      else if (context.remarksEnabled())
        privatized += "; " + name + " kept whole: " + why;
    }
    // The destination changed: pairs into it may fuse now.
    for (auto it = failed.begin(); it != failed.end();)
      it = it->second == dstOp ? failed.erase(it) : std::next(it);
    if (context.remarksEnabled())
      context.remark(dstOp->getLoc(),
                     "fused nest at " + srcAt + " into this nest at depth " +
                         std::to_string(choice.cost.depth) + " (" +
                         describeCost(choice.cost) + ")" + privatized);
  }

  PassContext &context;
  const LoopFusionOptions &options;
  std::set<std::pair<Operation *, Operation *>> failed;
  /// The graph of the last scan, brought up to date before the next one
  /// in incremental mode.
  std::optional<MemRefDependenceGraph> graph;
  /// The top-level ops changed since the graph was last brought up to date.
  std::unordered_set<const Operation *> dirty;
  /// The destination of the last fusion: where the next scan starts.
  Operation *resumeAt = nullptr;
  uint64_t pairAnalyses = 0;
  bool outOfBudget = false;
  Clock::duration analysisTime{}, rewriteTime{};
};

} // namespace

bool fuseLoops(Module &module, PassContext &context,
               const LoopFusionOptions &options) {
  walkOps<FuncOp>(module.getOperation(), [&](FuncOp func) {
    if (func.isDeclaration())
      return;
    FusionDriver(context, options).run(func);
  });
  return true;
}

} // namespace affjit
