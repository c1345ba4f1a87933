// Pass `unroll-jam` (see UnrollAndJam.h).
#include "frontend/transform/UnrollAndJam.h"

#include "frontend/analysis/AffineValueMap.h"
#include "frontend/analysis/IterationDomain.h"
#include "frontend/analysis/LinearAccess.h"
#include "frontend/analysis/MemRefAccess.h"
#include "frontend/analysis/MemRefAlias.h"
#include "frontend/analysis/RegisterBlockPlan.h"
#include "frontend/analysis/UnrollJamLegality.h"
#include "frontend/analysis/VectorizationPlan.h"
#include "frontend/ir/AffineAccess.h"
#include "frontend/ir/Builder.h"
#include "frontend/ir/MemoryEffects.h"
#include "frontend/transform/utils/LoopDescription.h"
#include "frontend/transform/utils/LoopUtils.h"

#include <algorithm>
#include <set>
#include <unordered_map>

namespace affjit {

namespace {

/// Vector registers a value of type `t` occupies (a scalar: one).
unsigned registersOf(Type t, unsigned vectorBits) {
  if (!t.isVector())
    return 1;
  int64_t bits = t.getNumElements() * (int64_t)t.getElementType().getWidth();
  return (unsigned)std::max<int64_t>(1, (bits + vectorBits - 1) / vectorBits);
}

bool isLoad(Operation *op) {
  return isa<AffineLoadOp>(op) || isa<AffineVectorLoadOp>(op);
}

/// The innermost loops carrying values across their iterations: the
/// accumulators register blocking multiplies.
std::vector<AffineForOp> accumulatorLoops(Operation *func) {
  std::vector<AffineForOp> out;
  walkOps<AffineForOp>(func, [&](AffineForOp loop) {
    if (loop.getNumIterArgs() == 0)
      return;
    for (auto &op : loop.getBody()->getOperations())
      if (isa<AffineForOp>(op.get()))
        return;
    out.push_back(loop);
  });
  return out;
}

unsigned accumulatorRegisters(AffineForOp inner, unsigned vectorBits) {
  unsigned n = 0;
  for (Value *arg : inner.getRegionIterArgs())
    n += registersOf(arg->getType(), vectorBits);
  return n;
}

/// Register width of the loads in `inner` that every iteration of
/// `candidate` shares (their subscripts do not depend on its iv), and of
/// those each iteration loads for itself.
struct LoadWidths {
  unsigned shared = 0, own = 0;
  /// The loads each iteration makes for itself: streams through memory.
  unsigned ownOps = 0;
  /// Those whose copies would share an L1 set (copiesShareL1Set).
  unsigned aliasingOps = 0;
  /// Shared loads that move with `inner`: streams beside the copies'.
  unsigned sharedStreams = 0;
};

/// Whether the copies of `candidate`'s body that jamming runs at once read
/// `op`'s stream a multiple of the L1's way size apart: all in one L1 set,
/// which holds only `ways` of their lines (atax's rows of 16 KB).
bool copiesShareL1Set(Operation *op, AffineForOp candidate,
                      const CacheSizes &caches) {
  std::optional<LinearAccess> a = getLinearAccess(op);
  int64_t waySize = caches.l1 / std::max<int64_t>(caches.l1Ways, 1);
  if (!a || waySize <= 0)
    return false;
  int64_t stride =
      a->byteStrideOf(candidate.getInductionVar()) * candidate.getStep();
  return stride != 0 && stride % waySize == 0;
}

LoadWidths loadRegisters(AffineForOp inner, AffineForOp candidate,
                         unsigned vectorBits, const CacheSizes &caches) {
  LoadWidths w;
  Value *iv = candidate.getInductionVar();
  inner.getOperation()->walk([&](Operation *op) {
    if (!isLoad(op))
      return;
    unsigned regs = registersOf(op->getResult(0)->getType(), vectorBits);
    for (Value *v : AffineAccess::get(op)->getMapOperands())
      if (isComputedFrom(v, iv)) {
        w.own += regs;
        ++w.ownOps;
        w.aliasingOps += copiesShareL1Set(op, candidate, caches);
        return;
      }
    w.shared += regs;
    w.sharedStreams += getAccessPattern(op, inner.getInductionVar()) !=
                       AccessPattern::Invariant;
  });
  return w;
}

/// A vector access whose vector dimension moves with `iv`: the dependence
/// analysis sees only its first element, so jamming `iv`'s loop is not
/// proved safe.
bool vectorDimensionMovesWith(Operation *op, Value *iv) {
  auto access = AffineAccess::get(op);
  if (!access || !access->isVector())
    return false;
  AffineValueMap avm =
      composeAffineValueMap({access->getMap(), access->getMapOperands()});
  AffineExpr last = avm.map.getResult(avm.map.getNumResults() - 1);
  unsigned nd = avm.map.getNumDims();
  for (unsigned p = 0; p < avm.operands.size(); ++p)
    if (isComputedFrom(avm.operands[p], iv) &&
        (p < nd ? last.isFunctionOfDim(p) : last.isFunctionOfSymbol(p - nd)))
      return true;
  return false;
}

/// Rows a block may hold when a loop's trip count is known only at run
/// time (a triangle's rows: `j = 0 to i + 1`).
constexpr uint64_t kUnknownTrips = 64;

/// A loop whose bounds are one value each (no max or min) and whose step
/// is 1: its whole blocks end at lb + ((ub - lb) floordiv U) * U.
bool hasSingleUnitBounds(AffineForOp loop) {
  return loop.getStep() == 1 && loop.getLowerBoundMap().getNumResults() == 1 &&
         loop.getUpperBoundMap().getNumResults() == 1;
}

/// The trip count to plan a block for: the constant one, or
/// kUnknownTrips for single bounds with step 1; nullopt otherwise.
std::optional<uint64_t> tripsToPlanFor(AffineForOp loop) {
  if (std::optional<uint64_t> trips = getConstantTripCount(loop))
    return trips;
  if (hasSingleUnitBounds(loop))
    return kUnknownTrips;
  return std::nullopt;
}

/// Whether `loop` can be unrolled by `factor` and jammed, and how.
UnrollJamLegality checkJammable(AffineForOp loop, unsigned factor) {
  if (loop.getNumIterArgs() != 0)
    return {std::nullopt, "it carries values"};
  if ((!loop.getConstantLowerBound() || !loop.getConstantUpperBound()) &&
      !hasSingleUnitBounds(loop))
    return {std::nullopt, "its bounds are not constant, nor single values "
                          "with step 1"};
  Value *iv = loop.getInductionVar();
  bool vectorHazard = false;
  loop.getOperation()->walk(
      [&](Operation *op) { vectorHazard |= vectorDimensionMovesWith(op, iv); });
  if (vectorHazard)
    return {std::nullopt,
            "a vector access moves with it along its vector dimension"};
  return checkUnrollJam(loop.getOperation(), factor);
}

/// The most load streams the copies of a blocked loop run at once.
constexpr unsigned kMaxStreams = 8;

/// A loop to block, and how many loads each of its iterations makes for
/// itself in the accumulator loop.
struct Candidate {
  AffineForOp loop;
  unsigned ownLoads = 0, aliasingLoads = 0;
  bool sharedStreams = false;
};

struct JamPlan {
  AffineForOp loop;
  unsigned factor = 1;
  unsigned accumulators = 0;
  JamOrder order = JamOrder::Interleaved;
};

/// True if `inner` is a scalar loop carrying a float: a chain of dependent
/// adds (a sum kept in order, layernorm's row sums) whose latency the
/// copies of an enclosing loop hide, shared loads or not. (A vectorized
/// loop's lanes already fill the core: softmax's exp and in-order sum ran
/// slower with 8 rows jammed.)
bool isScalarFloatChain(AffineForOp inner) {
  std::vector<Value *> args = inner.getRegionIterArgs();
  return std::any_of(args.begin(), args.end(),
                     [](Value *v) { return v->getType().isFloat(); }) &&
         !usesVectors(inner.getOperation());
}

/// The enclosing loops of `inner` whose iterations share loaded registers
/// (or that would run copies of a scalar float chain),
/// with the inner loops' bounds independent of them: most shared first,
/// the inner one first among equals.
std::vector<Candidate> enclosingCandidates(AffineForOp inner,
                                           unsigned vectorBits,
                                           const CacheSizes &caches) {
  std::vector<std::pair<unsigned, Candidate>> scored;
  std::vector<AffineForOp> path{inner};
  for (Operation *p = inner->getParentOp(); p; p = p->getParentOp()) {
    auto candidate = dyn_cast<AffineForOp>(p);
    if (!candidate)
      break;
    Value *iv = candidate.getInductionVar();
    bool independent =
        std::none_of(path.begin(), path.end(),
                     [&](AffineForOp l) { return boundsDependOn(l, iv); });
    LoadWidths w = loadRegisters(inner, candidate, vectorBits, caches);
    if (independent && (w.shared > 0 || isScalarFloatChain(inner)))
      scored.push_back(
          {w.shared,
           {candidate, w.ownOps, w.aliasingOps, w.sharedStreams != 0}});
    path.push_back(candidate);
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](auto &a, auto &b) { return a.first > b.first; });
  std::vector<Candidate> out;
  for (auto &[shared, candidate] : scored)
    out.push_back(candidate);
  return out;
}

const DependenceOptions exactDependences{.exact = true};

/// Copies of a loop body, one value mapping per copy, emitted jammed.
class Jammer {
public:
  Jammer(AffineForOp loop, unsigned factor, JamOrder order)
      : loop(loop), maps(factor), order(order) {
    for (const MemRefAccess &a : getMemRefAccessesIn(loop.getOperation()))
      if (a.isWrite)
        writes.push_back(a);
  }

  /// The jammed loop over the first (trips / factor) * factor iterations,
  /// from the loop's lower bound to `end` (a single value).
  AffineForOp run(AffineMap end, std::vector<Value *> endOperands) {
    int64_t step = loop.getStep();
    unsigned factor = (unsigned)maps.size();
    OpBuilder b = OpBuilder::before(loop.getOperation());
    AffineForOp jammed = AffineForOp::create(
        b, loop.getLowerBoundMap(), loop.getLowerBoundOperands(), end,
        std::move(endOperands), step * factor);
    inheritInductionVarName(loop, jammed);
    Operation *yield = jammed.getBody()->getTerminator();
    OpBuilder body = OpBuilder::before(yield);
    Value *iv = jammed.getInductionVar();
    for (unsigned u = 0; u < factor; ++u)
      maps[u][loop.getInductionVar()] =
          addConstantIndex(body, iv, step * (int64_t)u);
    jamOps(loop.getBody(), body);
    return jammed;
  }

private:
  Value *lookup(unsigned u, Value *v) const {
    auto it = maps[u].find(v);
    return it == maps[u].end() ? v : it->second;
  }

  /// Ops whose copies would compute the same value at the same place: no
  /// regions, no writes, the same operands in every copy, and for a load
  /// elements no write in the loop touches.
  bool isShared(Operation *op) {
    if (op->getNumRegions() != 0 || op->isTerminator())
      return false;
    if (!hasNoMemoryEffect(op) && !isLoad(op))
      return false;
    for (Value *v : op->getOperands())
      for (unsigned u = 1; u < maps.size(); ++u)
        if (lookup(u, v) != lookup(0, v))
          return false;
    return !isLoad(op) || isUnwritten(op);
  }

  /// True if no write inside the loop reaches `load`'s elements while the
  /// loop runs: the copies after the first may then use its value instead
  /// of what the earlier copies stored.
  bool isUnwritten(Operation *load) {
    MemRefAccess read = getMemRefAccesses(load).front();
    unsigned depth =
        (unsigned)getEnclosingInductionVars(loop.getOperation()).size() + 1;
    for (const MemRefAccess &w : writes) {
      if (!mayAccessSameMemory(w, read))
        continue;
      unsigned common = getNumCommonSurroundingLoops(w.op, load);
      for (unsigned d = depth; d <= common + 1; ++d)
        if (checker.check(w, read, d).kind != DependenceResult::NoDependence)
          return false;
    }
    return true;
  }

  void jamOps(Block *src, OpBuilder &b) {
    if (order == JamOrder::CopyByCopy && isInnermostLoopBody(*src)) {
      copyByCopy(src, b);
      return;
    }
    for (auto &owned : src->getOperations()) {
      Operation *op = owned.get();
      if (op->isTerminator())
        continue;
      b.setLoc(op->getLoc());
      auto inner = dyn_cast<AffineForOp>(op);
      if (inner && !boundsDependOn(inner, loop.getInductionVar())) {
        jamLoop(inner, b);
      } else if (isShared(op)) {
        Operation *copy = b.clone(*op, maps[0]);
        for (unsigned u = 1; u < maps.size(); ++u)
          for (unsigned r = 0; r < op->getNumResults(); ++r)
            maps[u][op->getResult(r)] = copy->getResult(r);
      } else {
        for (auto &map : maps)
          b.clone(*op, map);
      }
    }
  }

  /// Copy 0's ops, then copy 1's, ...: a shared op is cloned once, where
  /// copy 0 needs it.
  void copyByCopy(Block *src, OpBuilder &b) {
    for (unsigned u = 0; u < maps.size(); ++u)
      for (auto &owned : src->getOperations()) {
        Operation *op = owned.get();
        if (op->isTerminator())
          continue;
        b.setLoc(op->getLoc());
        if (!isShared(op)) {
          b.clone(*op, maps[u]);
        } else if (u == 0) {
          Operation *copy = b.clone(*op, maps[0]);
          for (unsigned v = 1; v < maps.size(); ++v)
            for (unsigned r = 0; r < op->getNumResults(); ++r)
              maps[v][op->getResult(r)] = copy->getResult(r);
        }
      }
  }

  /// One loop for every copy of `inner`, carrying each copy's values.
  void jamLoop(AffineForOp inner, OpBuilder &b) {
    unsigned n = inner.getNumIterArgs(), factor = (unsigned)maps.size();
    std::vector<Value *> inits;
    for (unsigned u = 0; u < factor; ++u)
      for (Value *v : inner.getInits())
        inits.push_back(lookup(u, v));
    auto mapAll = [&](const std::vector<Value *> &vs) {
      std::vector<Value *> out;
      for (Value *v : vs)
        out.push_back(lookup(0, v));
      return out;
    };
    AffineForOp copy = AffineForOp::create(
        b, inner.getLowerBoundMap(), mapAll(inner.getLowerBoundOperands()),
        inner.getUpperBoundMap(), mapAll(inner.getUpperBoundOperands()),
        inner.getStep(), inits);
    inheritInductionVarName(inner, copy);
    std::vector<Value *> args = inner.getRegionIterArgs(),
                         newArgs = copy.getRegionIterArgs();
    for (unsigned u = 0; u < factor; ++u) {
      maps[u][inner.getInductionVar()] = copy.getInductionVar();
      for (unsigned a = 0; a < n; ++a)
        maps[u][args[a]] = newArgs[u * n + a];
    }
    Operation *placeholder = copy.getBody()->getTerminator();
    OpBuilder body = OpBuilder::before(placeholder);
    jamOps(inner.getBody(), body);
    std::vector<Value *> yields;
    for (unsigned u = 0; u < factor; ++u)
      for (Value *v : inner.getBody()->getTerminator()->getOperands())
        yields.push_back(lookup(u, v));
    AffineYieldOp::create(body, yields);
    placeholder->erase();
    for (unsigned u = 0; u < factor; ++u)
      for (unsigned a = 0; a < n; ++a)
        maps[u][inner->getResult(a)] = copy->getResult(u * n + a);
  }

  AffineForOp loop;
  std::vector<std::unordered_map<Value *, Value *>> maps;
  JamOrder order;
  /// The writes inside `loop`.
  std::vector<MemRefAccess> writes;
  DependenceChecker checker{exactDependences};
};

/// The same for a loop whose bounds are single values with step 1 and whose
/// trip count is known only at run time: the jammed loop runs to end = lb +
/// ((ub - lb) floordiv U) * U, and the loop itself then from max(lb, end),
/// which also keeps it empty when ub < lb (end is below lb then). Over the
/// operands of both bounds: lb's dims, ub's dims, lb's symbols, ub's.
void unrollAndJamRuntimeTrips(const JamPlan &plan) {
  AffineForOp loop = plan.loop;
  AffineMap lbMap = loop.getLowerBoundMap(), ubMap = loop.getUpperBoundMap();
  unsigned lbDims = lbMap.getNumDims(), ubDims = ubMap.getNumDims();
  unsigned lbSyms = lbMap.getNumSymbols(), ubSyms = ubMap.getNumSymbols();
  std::vector<AffineExpr> dims, syms;
  for (unsigned d = 0; d < ubDims; ++d)
    dims.push_back(AffineExpr::dim(lbDims + d));
  for (unsigned s = 0; s < ubSyms; ++s)
    syms.push_back(AffineExpr::symbol(lbSyms + s));
  AffineExpr lb = lbMap.getResult(0),
             ub = ubMap.getResult(0).replaceDimsAndSymbols(dims, syms);
  int64_t factor = plan.factor;
  AffineExpr end = lb + (ub - lb).floorDiv(factor) * factor;
  std::vector<Value *> lbOps = loop.getLowerBoundOperands(),
                       ubOps = loop.getUpperBoundOperands(), operands;
  operands.insert(operands.end(), lbOps.begin(), lbOps.begin() + lbDims);
  operands.insert(operands.end(), ubOps.begin(), ubOps.begin() + ubDims);
  operands.insert(operands.end(), lbOps.begin() + lbDims, lbOps.end());
  operands.insert(operands.end(), ubOps.begin() + ubDims, ubOps.end());
  unsigned numDims = lbDims + ubDims, numSyms = lbSyms + ubSyms;
  Jammer(loop, plan.factor, plan.order)
      .run(AffineMap::get(numDims, numSyms, {end}), operands);
  loop.setLowerBound(AffineMap::get(numDims, numSyms, {lb, end}), operands);
}

/// Unrolls `plan.loop` by its factor and jams the copies; the iterations
/// that do not fill a whole step stay in the original loop, after.
void unrollAndJam(const JamPlan &plan) {
  AffineForOp loop = plan.loop;
  // `%i to %i + 8` has a constant trip count but no constant bounds.
  std::optional<uint64_t> trips = getConstantTripCount(loop);
  if (!trips || !loop.getConstantLowerBound() ||
      !loop.getConstantUpperBound()) {
    unrollAndJamRuntimeTrips(plan);
    return;
  }
  int64_t lb = *loop.getConstantLowerBound(), step = loop.getStep();
  int64_t end = unrolledLoopEnd(lb, *trips, plan.factor, step);
  Jammer(loop, plan.factor, plan.order).run(AffineMap::getConstant(end), {});
  if (*trips % plan.factor == 0) {
    loop->erase();
    return;
  }
  loop.setLowerBound(AffineMap::getConstant(end), {});
}

/// The loops to block in `func` and by how much; remarks say why not for
/// the accumulator loops left alone.
std::vector<JamPlan> planFunction(Operation *func,
                                  const UnrollAndJamOptions &options,
                                  PassContext &context) {
  const VectorizationTarget &t = options.target;
  std::vector<JamPlan> kept;
  auto note = [&](AffineForOp at, const std::string &why) {
    if (context.remarksEnabled())
      context.remark(at.getLoc(), "not unrolled and jammed: " +
                                      describeLoopBounds(at) + ": " + why);
  };
  auto factorFor = [&](uint64_t trips, unsigned acc) {
    return registerBlockRows(t, context.isFastMath(), acc, trips,
                             options.maxFactor);
  };
  for (AffineForOp inner : accumulatorLoops(func)) {
    unsigned acc = accumulatorRegisters(inner, t.vectorBits);
    // Inside a loop already chosen: its copies share that loop's budget.
    auto around = std::find_if(kept.begin(), kept.end(), [&](JamPlan &k) {
      return inner->isAncestorOrSelf(k.loop.getOperation());
    });
    if (around != kept.end()) {
      around->accumulators = std::max(around->accumulators, acc);
      around->factor =
          std::min(around->factor, factorFor(*tripsToPlanFor(around->loop),
                                             around->accumulators));
      continue;
    }
    std::vector<Candidate> candidates =
        enclosingCandidates(inner, t.vectorBits, options.caches);
    if (candidates.empty())
      note(inner, "no enclosing loop shares its loads");
    // The best candidate that can be blocked; why the better ones cannot.
    for (auto [loop, ownLoads, aliasingLoads, sharedStreams] : candidates) {
      std::optional<uint64_t> trips = tripsToPlanFor(loop);
      if (!trips) {
        note(loop, "its trip count is not constant, and its bounds are not "
                   "single values with step 1");
        continue;
      }
      // Each copy's own loads are streams through memory; more than
      // kMaxStreams at once split the bandwidth and the prefetchers
      // (gesummv's rows of A and B: 4 rows of each beat 8).
      unsigned factor = factorFor(*trips, acc);
      if (ownLoads != 0)
        factor = std::min(factor, std::max(1u, kMaxStreams / ownLoads));
      // Streams whose copies share an L1 set, beside a shared stream that
      // may land there too, get its ways less one: with more they evict
      // each other's lines before their next use. atax's 8 rows of 16 KB
      // and x: 1.2 GB into L1 instead of 144 MB (--measure-traffic), 5.52
      // -> 4.98 ms; mvt 18.0 -> 17.4; gesummv 11.5 -> 11.1; matvec_row
      // 4.66 -> 4.22. Alone they fit (rowsum's and layernorm's 8 rows: 7
      // ran 3% and 11% slower), and bicg's rows of 15 KB do not alias (7
      // ran 7.0 -> 7.8 ms).
      if (aliasingLoads != 0 && sharedStreams)
        factor = std::min(factor,
                          std::max(1u, ((unsigned)options.caches.l1Ways - 1) /
                                           aliasingLoads));
      if (factor < 2) {
        note(loop, "no room for another copy of its accumulators");
        continue;
      }
      bool nested = std::any_of(kept.begin(), kept.end(), [&](JamPlan &k) {
        return k.loop->isAncestorOrSelf(loop.getOperation());
      });
      if (nested) {
        note(loop, "a loop nested in it is unrolled and jammed");
        continue;
      }
      UnrollJamLegality legality = checkJammable(loop, factor);
      if (!legality.order) {
        note(loop, legality.why);
        continue;
      }
      kept.push_back({loop, factor, acc, *legality.order});
      break;
    }
  }
  std::erase_if(kept, [&](const JamPlan &p) {
    if (p.factor >= 2)
      return false;
    note(p.loop, "no room for another copy of its accumulators");
    return true;
  });
  return kept;
}

} // namespace

bool unrollAndJamLoops(Module &module, PassContext &context,
                       const UnrollAndJamOptions &options) {
  walkOps<FuncOp>(module.getOperation(), [&](FuncOp func) {
    if (func.isDeclaration())
      return;
    for (const JamPlan &plan :
         planFunction(func.getOperation(), options, context)) {
      if (context.remarksEnabled())
        context.remark(plan.loop.getLoc(),
                       "unrolled by " + std::to_string(plan.factor) +
                           " and jammed: " + describeLoopBounds(plan.loop) +
                           " (" +
                           std::to_string(plan.factor * plan.accumulators) +
                           " accumulator registers)");
      unrollAndJam(plan);
    }
  });
  return true;
}

} // namespace affjit
