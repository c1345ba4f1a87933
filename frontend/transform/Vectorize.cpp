// Pass `vectorize` (see Vectorize.h).
#include "frontend/transform/Vectorize.h"

#include "frontend/analysis/AffineValueMap.h"
#include "frontend/analysis/FusionCost.h"
#include "frontend/ir/ArithOpTable.h"
#include "frontend/ir/Builder.h"
#include "frontend/ir/VectorOps.h"
#include "frontend/transform/utils/LaneMask.h"
#include "frontend/transform/utils/LoopDescription.h"
#include "frontend/transform/utils/LoopUtils.h"
#include "frontend/transform/utils/SelectMinMax.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace affjit {

namespace {

/// `vector.reduction` kind and identity element of a reduction; the
/// identity is nullopt for min/max, whose partial results start from the
/// reduction's own initial value (taking it twice changes nothing).
struct ReductionSpelling {
  const char *kind;
  std::optional<double> identity;
};

ReductionSpelling spellingOf(ReductionKind k) {
  switch (k) {
  case ReductionKind::AddF:
  case ReductionKind::AddI:
    return {"add", 0.0};
  case ReductionKind::MulF:
  case ReductionKind::MulI:
    return {"mul", 1.0};
  case ReductionKind::AndI:
    return {"and", -1.0};
  case ReductionKind::OrI:
    return {"or", 0.0};
  case ReductionKind::XOrI:
    return {"xor", 0.0};
  case ReductionKind::MaximumF:
    return {"maximumf", std::nullopt};
  case ReductionKind::MinimumF:
    return {"minimumf", std::nullopt};
  case ReductionKind::MaxSI:
    return {"maxsi", std::nullopt};
  case ReductionKind::MinSI:
    return {"minsi", std::nullopt};
  case ReductionKind::MaxUI:
    return {"maxui", std::nullopt};
  case ReductionKind::MinUI:
    return {"minui", std::nullopt};
  }
  return {"add", 0.0};
}

/// `arith.cmpf` or `arith.cmpi` (`name`) with predicate `pred`.
Value *createCompare(OpBuilder &b, std::string_view name, std::string_view pred,
                     Value *x, Value *y) {
  bool isFloat = name == "arith.cmpf";
  const char *const *names = isFloat ? kCmpFPredicates : kCmpIPredicates;
  int64_t value = 0, count = isFloat ? 16 : 10;
  for (int64_t i = 0; i < count; ++i)
    if (pred == names[i])
      value = i;
  OperationState state(std::string(name), b.getLoc());
  state.operands = {x, y};
  state.addAttr("predicate", Attribute::integer(value, Type::integer(64)));
  Type t = x->getType();
  state.types.push_back(t.isVector()
                            ? Type::vector(t.getShape(), Type::integer(1))
                            : Type::integer(1));
  return b.create(state)->getResult(0);
}

/// `arith.select %c, %x, %y`.
Value *createSelect(OpBuilder &b, Value *c, Value *x, Value *y) {
  OperationState state("arith.select", b.getLoc());
  state.operands = {c, x, y};
  state.types.push_back(x->getType());
  return b.create(state)->getResult(0);
}

/// Op `name` of two operands of one type, e.g. `arith.addi`.
Value *createBinary(OpBuilder &b, std::string_view name, Value *x, Value *y) {
  OperationState state(std::string(name), b.getLoc());
  state.operands = {x, y};
  state.types.push_back(x->getType());
  return b.create(state)->getResult(0);
}

/// `a`'s results then `b`'s over the union of their operands (a's dims,
/// b's dims, a's symbols, b's symbols), composed: one bound list.
AffineValueMap concatBounds(const AffineValueMap &a, const AffineValueMap &b) {
  unsigned ad = a.map.getNumDims(), as = a.map.getNumSymbols();
  unsigned bd = b.map.getNumDims(), bs = b.map.getNumSymbols();
  std::vector<AffineExpr> dims, syms;
  for (unsigned i = 0; i < bd; ++i)
    dims.push_back(AffineExpr::dim(ad + i));
  for (unsigned i = 0; i < bs; ++i)
    syms.push_back(AffineExpr::symbol(as + i));
  std::vector<AffineExpr> results = a.map.getResults();
  for (const AffineExpr &r : b.map.getResults())
    results.push_back(r.replaceDimsAndSymbols(dims, syms));
  std::vector<Value *> ops(a.operands.begin(), a.operands.begin() + ad);
  ops.insert(ops.end(), b.operands.begin(), b.operands.begin() + bd);
  ops.insert(ops.end(), a.operands.begin() + ad, a.operands.end());
  ops.insert(ops.end(), b.operands.begin() + bd, b.operands.end());
  return composeAffineValueMap(
      {AffineMap::get(ad + bd, as + bs, std::move(results)), std::move(ops)});
}

/// Result `k` of a bound list, alone.
AffineValueMap boundResult(const AffineValueMap &list, unsigned k) {
  return canonicalizeAffineValueMap(
      {AffineMap::get(list.map.getNumDims(), list.map.getNumSymbols(),
                      {list.map.getResult(k)}),
       list.operands});
}

/// Whether `a - b` (single results) simplifies to a constant >= 0: `a >= b`
/// for every value of the operands.
bool provablyAtLeast(const AffineValueMap &a, const AffineValueMap &b) {
  AffineValueMap d = differenceOf(a, b);
  const AffineExpr &r = d.map.getResult(0);
  return r.getKind() == AffineExprKind::Constant && r.getValue() >= 0;
}

/// `base + ((ub - base) floordiv lanes) * lanes`: where the last whole
/// vector counted from `base` ends. Between base and ub when ub >= base;
/// otherwise (a loop that runs no iteration) below base, or base itself
/// when both are constants.
AffineValueMap vectorLoopEnd(const AffineValueMap &base,
                             const AffineValueMap &ub, unsigned lanes) {
  AffineValueMap both = concatBounds(base, ub);
  AffineExpr l = both.map.getResult(0), u = both.map.getResult(1);
  if (l.getKind() == AffineExprKind::Constant &&
      u.getKind() == AffineExprKind::Constant) {
    // 128-bit: the span of far-apart bounds must not overflow.
    __int128 span = (__int128)u.getValue() - l.getValue();
    __int128 whole = span >= 0 ? span / lanes * lanes : 0;
    return {AffineMap::getConstant((int64_t)(l.getValue() + whole)), {}};
  }
  unsigned nd = both.map.getNumDims(), ns = both.map.getNumSymbols();
  AffineExpr end = l + (u - l).floorDiv((int64_t)lanes) * (int64_t)lanes;
  return composeAffineValueMap(
      {AffineMap::get(nd, ns, {simplifyAffineExpr(end, nd, ns)}),
       both.operands});
}

/// The bounds that split a loop into whole vectors and an epilogue.
struct VectorLoopBounds {
  /// vectorLoopEnd.
  AffineValueMap end;
  /// The vector loop's upper bound: `min(end, ub)`. end <= ub, except when
  /// `ub - base` wraps around 64 bits (bounds 2^63 apart); the min keeps
  /// the vector loop inside the loop's range even then.
  AffineValueMap vectorUpper;
  /// The epilogue's lower bound: `max(lb, end)`, since end < lb when the
  /// loop runs no iteration at run time.
  AffineValueMap epilogueLower;
};

/// The bounds of `loop` split at whole vectors of `lanes` counted from
/// `base`; a min or max term provably redundant (constant bounds, `%t to
/// %t + 512`) is left out.
VectorLoopBounds vectorLoopBounds(AffineForOp loop, const AffineValueMap &base,
                                  unsigned lanes) {
  AffineValueMap ub{loop.getUpperBoundMap(), loop.getUpperBoundOperands()};
  AffineValueMap lbs{loop.getLowerBoundMap(), loop.getLowerBoundOperands()};
  VectorLoopBounds b;
  b.end = vectorLoopEnd(base, ub, lanes);
  b.vectorUpper = provablyAtLeast(ub, b.end) ? b.end : concatBounds(b.end, ub);
  std::optional<AffineValueMap> lower;
  for (unsigned k = 0; k < lbs.map.getNumResults(); ++k) {
    AffineValueMap r = boundResult(lbs, k);
    if (!provablyAtLeast(b.end, r))
      lower = lower ? concatBounds(*lower, r) : r;
  }
  b.epilogueLower = lower ? concatBounds(*lower, b.end) : b.end;
  return b;
}

/// What is left of a vectorized loop: the epilogue, and where it starts
/// when it runs at all (its lower bound is a max including that value).
struct Epilogue {
  AffineForOp loop;
  AffineValueMap base;
};

class LoopVectorizer {
public:
  explicit LoopVectorizer(const LoopVectorization &plan)
      : plan(plan), loop(plan.loop), lanes(plan.lanes) {}

  /// Vectorizes the loop; returns the scalar epilogue loop, if one is left,
  /// with the end of the whole vectors.
  std::optional<Epilogue> run() {
    OpBuilder before = OpBuilder::before(loop.getOperation());
    hoist = &before;
    AffineValueMap base = plan.base
                              ? *plan.base
                              : AffineValueMap{loop.getLowerBoundMap(),
                                               loop.getLowerBoundOperands()};
    VectorLoopBounds bounds = vectorLoopBounds(loop, base, (unsigned)lanes);
    unsigned n = loop.getNumIterArgs();
    std::vector<Value *> origInits = loop.getInits();
    std::vector<Value *> inits(n);
    for (size_t i = 0; i < plan.reductions.size(); ++i) {
      const LoopReduction &r = plan.reductions[i];
      inits[r.iterArg] =
          plan.inOrder[i] ? origInits[r.iterArg] : initialVector(r, before);
    }
    // A compare-and-select lane starts from the initial value, taken at no
    // iteration (before every one).
    for (const SelectReduction &s : plan.selects)
      inits[s.iterArg] = vec(origInits[s.iterArg], before);
    for (size_t k = 0; k < plan.selects.size(); ++k)
      inits.push_back(ConstantOp::create(
                          before, Attribute::denseInts(
                                      vectorOf(Type::integer(64)), {INT64_MIN}))
                          .getResult());
    AffineForOp vloop = AffineForOp::create(
        before, loop.getLowerBoundMap(), loop.getLowerBoundOperands(),
        bounds.vectorUpper.map, bounds.vectorUpper.operands, lanes, inits);
    inheritInductionVarName(loop, vloop);
    if (plan.streams || loop.isUnrollDisabled())
      vloop.disableUnroll();
    // Broadcasts of values from outside go right before the vector loop.
    OpBuilder beforeVectorLoop = OpBuilder::before(vloop.getOperation());
    hoist = &beforeVectorLoop;
    smap[loop.getInductionVar()] = vloop.getInductionVar();
    std::vector<Value *> args = loop.getRegionIterArgs(),
                         vargs = vloop.getRegionIterArgs();
    for (size_t i = 0; i < plan.reductions.size(); ++i) {
      unsigned pos = plan.reductions[i].iterArg;
      if (!plan.inOrder[i]) {
        vmap[args[pos]] = vargs[pos];
        continue;
      }
      smap[args[pos]] = vargs[pos];
      inOrderCombiners.insert(plan.reductions[i].combiner);
    }
    for (size_t k = 0; k < plan.selects.size(); ++k) {
      vmap[args[plan.selects[k].iterArg]] = vargs[plan.selects[k].iterArg];
      takenAt.push_back(vargs[n + k]);
    }
    fillLoopBody(vloop);

    OpBuilder after = OpBuilder::after(vloop.getOperation());
    std::vector<Value *> results(n);
    for (size_t i = 0; i < plan.reductions.size(); ++i) {
      unsigned pos = plan.reductions[i].iterArg;
      results[pos] = plan.inOrder[i]
                         ? vloop.getResults()[pos]
                         : combine(plan.reductions[i], origInits[pos],
                                   vloop.getResults()[pos], after);
    }
    for (size_t k = 0; k < plan.selects.size(); ++k) {
      const SelectReduction &s = plan.selects[k];
      results[s.iterArg] = combineLanes(s, vloop.getResults()[s.iterArg],
                                        vloop.getResults()[n + k], after);
    }
    std::optional<Epilogue> left;
    if (needsEpilogue(bounds.end)) {
      Operation *rest = after.clone(*loop.getOperation(), epilogueMapping);
      AffineForOp epilogue = cast<AffineForOp>(rest);
      left = Epilogue{epilogue, bounds.end};
      epilogue.setLowerBound(bounds.epilogueLower.map,
                             bounds.epilogueLower.operands);
      unsigned numOperands = epilogue->getNumOperands();
      for (size_t i = 0; i < results.size(); ++i)
        epilogue->setOperand(
            numOperands - (unsigned)results.size() + (unsigned)i, results[i]);
      results = epilogue.getResults();
    }
    loop->replaceAllUsesWith(results);
    loop->erase();
    return left;
  }

private:
  Type vectorOf(Type scalar) const { return Type::vector({lanes}, scalar); }

  bool needsEpilogue(const AffineValueMap &end) const {
    // `%t to %t + 512` (a tile) runs whole vectors too.
    std::optional<uint64_t> trips = getConstantTripCount(loop);
    if (trips && loop.getStep() == 1 && *trips % lanes == 0)
      return false;
    auto ub = loop.getConstantUpperBound();
    return !(ub && end.map.isSingleConstant() &&
             end.map.getSingleConstantResult() == *ub);
  }

  Value *broadcast(Value *scalar, OpBuilder &b) {
    OperationState state("vector.broadcast", b.getLoc());
    state.operands.push_back(scalar);
    state.types.push_back(vectorOf(scalar->getType()));
    return b.create(state)->getResult(0);
  }

  Value *scal(Value *v) const {
    auto it = smap.find(v);
    return it == smap.end() ? v : it->second;
  }
  std::vector<Value *> scal(const std::vector<Value *> &vs) const {
    std::vector<Value *> out;
    for (Value *v : vs)
      out.push_back(scal(v));
    return out;
  }

  /// The vector form of `v`: mapped, or a broadcast of its scalar form
  /// (hoisted before the vector loop when `v` comes from outside).
  Value *vec(Value *v, OpBuilder &b) {
    if (auto it = vmap.find(v); it != vmap.end())
      return it->second;
    if (!isDefinedInside(v, loop.getOperation())) {
      auto [it, fresh] = hoisted.try_emplace(v, nullptr);
      if (fresh)
        it->second = broadcast(v, *hoist);
      return it->second;
    }
    return broadcast(scal(v), b);
  }

  Value *initialVector(const LoopReduction &r, OpBuilder &b) {
    Value *init = loop.getInits()[r.iterArg];
    ReductionSpelling s = spellingOf(r.kind);
    if (!s.identity)
      return vec(init, b);
    Type t = vectorOf(init->getType());
    Attribute value = init->getType().isFloat()
                          ? Attribute::denseFloats(t, {*s.identity})
                          : Attribute::denseInts(t, {(int64_t)*s.identity});
    return ConstantOp::create(b, value).getResult();
  }

  /// `init (op) reduce(partials)` after the loop.
  Value *combine(const LoopReduction &r, Value *init, Value *partials,
                 OpBuilder &b) {
    bool isFloat = init->getType().isFloat();
    Value *whole = ReductionOp::create(b, spellingOf(r.kind).kind, partials,
                                       nullptr, isFloat ? "reassoc" : "none")
                       .getResult();
    OperationState state(r.combiner->getName(), r.combiner->getLoc());
    state.operands = {init, whole};
    state.types.push_back(init->getType());
    state.attrs = r.combiner->getAttrs();
    return b.create(state)->getResult(0);
  }

  void fillBody(Block *src, AffineForOp dst) {
    Operation *oldYield = dst.getBody()->getTerminator();
    OpBuilder b = OpBuilder::before(oldYield);
    AffineYieldOp::create(b, inlineBlock(src, b));
    oldYield->erase();
  }

  /// The vector loop's body: the original's, then the iterations at which
  /// each compare-and-select lane last took a value.
  void fillLoopBody(AffineForOp vloop) {
    Operation *oldYield = vloop.getBody()->getTerminator();
    OpBuilder b = OpBuilder::before(oldYield);
    std::vector<Value *> yields = inlineBlock(loop.getBody(), b);
    yields.insert(yields.end(), takenAt.begin(), takenAt.end());
    AffineYieldOp::create(b, yields);
    oldYield->erase();
  }

  /// After the vectorized select of compare-and-select `k`: its lanes that
  /// took the candidate record this iteration.
  void recordTakenAt(size_t k, OpBuilder &b) {
    Type i64 = Type::integer(64);
    OperationState cast("arith.index_cast", b.getLoc());
    cast.operands.push_back(scal(loop.getInductionVar()));
    cast.types.push_back(i64);
    Value *now = broadcast(b.create(cast)->getResult(0), b);
    takenAt[k] = createSelect(b, vmap.at(plan.selects[k].cmp->getResult(0)),
                              now, takenAt[k]);
  }

  /// The scalar loop's result from the lanes' values and the iterations
  /// they were taken at. Equal values are the same bits, so the best value
  /// is the result, unless it is a zero: +0 and -0 are equal, and the loop
  /// kept the first zero it met (the last when an equal candidate replaces
  /// the running value). That zero is the best-valued lane's with the
  /// smallest (largest) element position, iteration plus lane; lanes that
  /// took nothing hold the initial value, before every element.
  Value *combineLanes(const SelectReduction &s, Value *values, Value *taken,
                      OpBuilder &b) {
    Type f = values->getType().getElementType(), i64 = Type::integer(64);
    Type positions = vectorOf(i64);
    auto vector = [&](Type t, std::vector<int64_t> ints) {
      return ConstantOp::create(b, Attribute::denseInts(t, ints)).getResult();
    };
    auto reduce = [&](const char *kind, Value *v) {
      return ReductionOp::create(b, kind, v).getResult();
    };
    const char *extreme = s.isMax ? "maximumf" : "minimumf";
    Value *best = reduce(extreme, values);
    std::vector<int64_t> iota(lanes);
    for (int64_t l = 0; l < lanes; ++l)
      iota[l] = l;
    Value *at = createBinary(b, "arith.addi", taken, vector(positions, iota));
    Value *isBest =
        createCompare(b, "arith.cmpf", "oeq", values, broadcast(best, b));
    Value *none = vector(positions, {s.takesTies ? INT64_MIN : INT64_MAX});
    Value *bestAt = reduce(s.takesTies ? "maxsi" : "minsi",
                           createSelect(b, isBest, at, none));
    Value *isThere =
        createCompare(b, "arith.cmpi", "eq", at, broadcast(bestAt, b));
    double worst = s.isMax ? -INFINITY : INFINITY;
    Value *others =
        ConstantOp::create(b, Attribute::denseFloats(vectorOf(f), {worst}))
            .getResult();
    Value *there = reduce(extreme, createSelect(b, isThere, values, others));
    Value *zero =
        ConstantOp::create(b, Attribute::floating(0.0, f)).getResult();
    return createSelect(b, createCompare(b, "arith.cmpf", "oeq", best, zero),
                        there, best);
  }

  /// Vectorizes the ops of `src` at `b`; returns the vector forms of what
  /// its terminator yields.
  std::vector<Value *> inlineBlock(Block *src, OpBuilder &b) {
    for (auto &op : src->getOperations())
      if (!op->isTerminator())
        vectorizeOp(op.get(), b);
    std::vector<Value *> yields;
    for (Value *v : src->getTerminator()->getOperands())
      yields.push_back(isInOrderResult(v) ? scal(v) : vec(v, b));
    return yields;
  }

  bool isInOrderResult(Value *v) const {
    Operation *def = v->getDefiningOp();
    return def && inOrderCombiners.count(def);
  }

  /// `acc = vector.reduction <add>, %lanes, %acc`: the lanes added one by
  /// one, in order, into the scalar running value (no reassoc flag, so
  /// neither affjit nor MLIR reorders them).
  void reduceInOrder(Operation *combiner, OpBuilder &b) {
    const LoopReduction &r = reductionOf(combiner);
    Value *acc = scal(loop.getRegionIterArgs()[r.iterArg]);
    // No flags: the combiner's others (nnan, contract, ...) only permit.
    ReductionOp sum = ReductionOp::create(b, spellingOf(r.kind).kind,
                                          vec(r.reducedValue, b), acc, "none");
    smap[combiner->getResult(0)] = sum.getResult();
  }

  const LoopReduction &reductionOf(Operation *combiner) const {
    for (const LoopReduction &r : plan.reductions)
      if (r.combiner == combiner)
        return r;
    return plan.reductions.front();
  }

  void vectorizeOp(Operation *op, OpBuilder &b) {
    b.setLoc(op->getLoc());
    if (auto inner = dyn_cast<AffineForOp>(op))
      return vectorizeInnerLoop(inner, b);
    if (auto ifOp = dyn_cast<AffineIfOp>(op))
      return vectorizeIf(ifOp, b);
    if (isa<AffineLoadOp>(op) || isa<AffineStoreOp>(op))
      return vectorizeAccess(op, b);
    if (inOrderCombiners.count(op))
      return reduceInOrder(op, b);
    for (size_t k = 0; k < plan.selects.size(); ++k)
      if (plan.selects[k].select == op) {
        vectorizeGeneric(op, b);
        return recordTakenAt(k, b);
      }
    vectorizeGeneric(op, b);
  }

  /// An op whose operands have vector forms becomes the same op on
  /// vectors; others are copied.
  void vectorizeGeneric(Operation *op, OpBuilder &b) {
    bool vector = false;
    for (Value *v : op->getOperands())
      vector |= vmap.count(v) != 0;
    if (!vector) {
      b.clone(*op, smap);
      return;
    }
    OperationState state(op->getName(), op->getLoc());
    for (Value *v : op->getOperands())
      state.operands.push_back(vec(v, b));
    for (Value *r : op->getResults())
      state.types.push_back(vectorOf(r->getType()));
    state.attrs = op->getAttrs();
    Operation *v = b.create(state);
    for (unsigned i = 0; i < op->getNumResults(); ++i)
      vmap[op->getResult(i)] = v->getResult(i);
  }

  void vectorizeInnerLoop(AffineForOp inner, OpBuilder &b) {
    std::vector<Value *> inits;
    for (Value *v : inner.getInits())
      inits.push_back(vec(v, b));
    AffineForOp copy = AffineForOp::create(
        b, inner.getLowerBoundMap(), scal(inner.getLowerBoundOperands()),
        inner.getUpperBoundMap(), scal(inner.getUpperBoundOperands()),
        inner.getStep(), inits);
    inheritInductionVarName(inner, copy);
    smap[inner.getInductionVar()] = copy.getInductionVar();
    std::vector<Value *> args = inner.getRegionIterArgs(),
                         vargs = copy.getRegionIterArgs();
    for (size_t i = 0; i < args.size(); ++i)
      vmap[args[i]] = vargs[i];
    fillBody(inner.getBody(), copy);
    for (unsigned i = 0; i < inner->getNumResults(); ++i)
      vmap[inner->getResult(i)] = copy->getResult(i);
  }

  /// An affine.if whose condition is the same on every lane stays an
  /// affine.if around vector code. One whose condition differs between
  /// lanes runs both branches on every lane: their accesses are masked by
  /// the lanes where the branch holds, their results selected lane by lane.
  void vectorizeIf(AffineIfOp ifOp, OpBuilder &b) {
    std::vector<int64_t> steps =
        *getConditionLaneSteps(ifOp, loop.getInductionVar());
    bool uniform = std::all_of(steps.begin(), steps.end(),
                               [](int64_t s) { return s == 0; });
    if (uniform)
      return vectorizeUniformIf(ifOp, b);
    Value *cond =
        buildConditionMask(b, ifOp.getCondition(),
                           scal(ifOp.getConditionOperands()), steps, lanes);
    Value *outer = mask;
    mask = outer ? andMasks(b, outer, cond) : cond;
    std::vector<Value *> thenValues = inlineBlock(ifOp.getThenBlock(), b);
    std::vector<Value *> elseValues;
    if (ifOp.hasElse()) {
      Value *notCond = invertMask(b, cond);
      mask = outer ? andMasks(b, outer, notCond) : notCond;
      elseValues = inlineBlock(ifOp.getElseBlock(), b);
    }
    mask = outer;
    for (unsigned i = 0; i < ifOp->getNumResults(); ++i) {
      OperationState state("arith.select", b.getLoc());
      state.operands = {cond, thenValues[i], elseValues[i]};
      state.types.push_back(thenValues[i]->getType());
      vmap[ifOp->getResult(i)] = b.create(state)->getResult(0);
    }
  }

  void vectorizeUniformIf(AffineIfOp ifOp, OpBuilder &b) {
    std::vector<Type> types;
    for (Value *r : ifOp->getResults())
      types.push_back(vectorOf(r->getType()));
    AffineIfOp copy = AffineIfOp::create(b, ifOp.getCondition(),
                                         scal(ifOp.getConditionOperands()),
                                         types, ifOp.hasElse());
    auto fill = [&](Block *src, Block *dst) {
      // Before the yield the block came with when there are no results.
      OpBuilder inner = OpBuilder::atBlockTerminator(dst, b.getLoc());
      std::vector<Value *> yields = inlineBlock(src, inner);
      if (!types.empty())
        AffineYieldOp::create(inner, yields);
    };
    fill(ifOp.getThenBlock(), copy.getThenBlock());
    if (ifOp.hasElse())
      fill(ifOp.getElseBlock(), copy.getElseBlock());
    for (unsigned i = 0; i < ifOp->getNumResults(); ++i)
      vmap[ifOp->getResult(i)] = copy->getResult(i);
  }

  /// An access under a lane-dependent condition: a transfer masked by the
  /// lanes that run it, at the indices of its first lane. It is in bounds:
  /// its enabled lanes are the scalar loop's accesses, which must be, and
  /// its disabled lanes are not accessed, wherever they lie. (Padding past
  /// the end would hide an enabled lane's out-of-bounds access from
  /// checked mode.)
  void vectorizeMaskedAccess(Operation *op, const AffineAccess &access,
                             OpBuilder &b) {
    AffineMap map = access.getMap();
    std::vector<Value *> operands = scal(access.getMapOperands()), indices;
    for (const AffineExpr &e : map.getResults())
      indices.push_back(
          AffineApplyOp::create(
              b, AffineMap::get(map.getNumDims(), map.getNumSymbols(), {e}),
              operands)
              .getResult());
    Value *memref = scal(access.getMemRef());
    const std::vector<bool> inBounds = {true};
    if (isa<AffineLoadOp>(op)) {
      Type elem = memref->getType().getElementType();
      Attribute zero = elem.isFloat() ? Attribute::floating(0.0, elem)
                                      : Attribute::integer(0, elem);
      Value *pad = ConstantOp::create(b, zero).getResult();
      vmap[op->getResult(0)] =
          TransferReadOp::create(b, vectorOf(elem), memref, indices, pad, {},
                                 inBounds, mask)
              .getResult();
      return;
    }
    Value *value = vec(cast<AffineStoreOp>(op).getValueToStore(), b);
    TransferWriteOp::create(b, value, memref, indices, {}, inBounds, mask);
  }

  void vectorizeAccess(Operation *op, OpBuilder &b) {
    AffineAccess access = *AffineAccess::get(op);
    if (getAccessPattern(op, loop.getInductionVar()) ==
        AccessPattern::Invariant) {
      b.clone(*op, smap);
      return;
    }
    if (mask)
      return vectorizeMaskedAccess(op, access, b);
    Value *memref = scal(access.getMemRef());
    std::vector<Value *> operands = scal(access.getMapOperands());
    if (isa<AffineLoadOp>(op)) {
      Type t = vectorOf(memref->getType().getElementType());
      vmap[op->getResult(0)] =
          AffineVectorLoadOp::create(b, t, memref, access.getMap(), operands)
              .getResult();
      return;
    }
    Value *value = vec(cast<AffineStoreOp>(op).getValueToStore(), b);
    AffineVectorStoreOp::create(b, value, memref, access.getMap(), operands);
  }

  const LoopVectorization &plan;
  AffineForOp loop;
  int64_t lanes;
  OpBuilder *hoist = nullptr;
  /// The lanes that run the ops being vectorized (null: all of them).
  Value *mask = nullptr;
  std::unordered_map<Value *, Value *> vmap, smap, hoisted, epilogueMapping;
  /// Combiners of the reductions kept in order.
  std::unordered_set<Operation *> inOrderCombiners;
  /// Per compare-and-select: the vector of iterations its lanes took their
  /// values at (the loop's extra iter_arg, then its update in the body).
  std::vector<Value *> takenAt;
};

/// The scalar epilogue of a loop vectorized with several registers per op
/// may run up to that many vectors' worth of iterations (32 of 544
/// columns with 64 lanes): it is vectorized again one register wide, so
/// fewer than one vector's iterations stay scalar. When the leftover count
/// is known, narrower registers take what is left down to 128 bits (56
/// columns of f32: 32 + 16 + 8 lanes, none scalar; conv2d's 8 scalar
/// columns of 56 were 14% of its work).
void vectorizeEpilogue(Epilogue epilogue, unsigned lanes,
                       VectorizationTarget target, PassContext &context) {
  target.interleave = 1;
  while (target.vectorBits >= 128) {
    AffineForOp loop = epilogue.loop;
    VectorizationCheck c = checkLoopVectorization(loop, target, epilogue.base);
    if (!c.ok || c.plan.lanes >= lanes) {
      if (!loop.getConstantLowerBound() || !loop.getConstantUpperBound())
        return;
      target.vectorBits /= 2;
      continue;
    }
    if (context.remarksEnabled())
      context.remark(loop.getLoc(),
                     "epilogue vectorized: " + describeLoopBounds(loop) + " (" +
                         std::to_string(c.plan.lanes) + " lanes)");
    std::optional<Epilogue> rest = LoopVectorizer(c.plan).run();
    if (!rest)
      return;
    epilogue = *rest;
    lanes = c.plan.lanes;
  }
}

} // namespace

bool vectorizeLoops(Module &module, PassContext &context,
                    const VectorizeOptions &options) {
  VectorizationTarget target = options.target;
  target.fastMath |= context.isFastMath();
  // A running maximum written as compare-and-select becomes a reduction.
  rewriteSelectMinMax(module.getOperation(), target.fastMath);
  VectorizationChoice choice =
      chooseLoopsToVectorize(module.getOperation(), target);
  if (context.remarksEnabled())
    for (auto &[loop, why] : choice.rejected)
      context.remark(loop.getLoc(), "not vectorized: " +
                                        describeLoopBounds(loop) + ": " + why);
  for (const LoopVectorization &plan : choice.loops) {
    if (context.remarksEnabled()) {
      std::string what = std::to_string(plan.lanes) + " lanes";
      size_t inOrder =
          std::count(plan.inOrder.begin(), plan.inOrder.end(), true);
      if (plan.reductions.size() > inOrder)
        what += ", " + std::to_string(plan.reductions.size() - inOrder) +
                " reduction(s) finished by vector.reduction";
      if (inOrder)
        what += ", " + std::to_string(inOrder) +
                " float reduction(s) kept in order (each vector's lanes "
                "added one by one)";
      if (!plan.selects.empty())
        what += ", " + std::to_string(plan.selects.size()) +
                " compare-and-select maximum/minimum(s), each lane's "
                "iteration kept for ties";
      if (plan.streams)
        what += "; streams from memory: one register, not unrolled";
      context.remark(plan.loop.getLoc(),
                     "vectorized: " + describeLoopBounds(plan.loop) + " (" +
                         what + ")");
    }
    std::optional<Epilogue> epilogue = LoopVectorizer(plan).run();
    if (epilogue)
      vectorizeEpilogue(*epilogue, plan.lanes, target, context);
  }
  return true;
}

} // namespace affjit
