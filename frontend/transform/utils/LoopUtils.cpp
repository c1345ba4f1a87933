// Loop utilities shared by the affine passes (see LoopUtils.h).
#include "frontend/transform/utils/LoopUtils.h"

#include <algorithm>

namespace affjit {

namespace {

/// The operands of `avm` split into its dims and its symbols.
std::vector<Value *> dimOperands(const AffineValueMap &avm) {
  return {avm.operands.begin(), avm.operands.begin() + avm.map.getNumDims()};
}

std::vector<Value *> symbolOperands(const AffineValueMap &avm) {
  return {avm.operands.begin() + avm.map.getNumDims(), avm.operands.end()};
}

/// The results of `map` with dims shifted up by `dimShift` and symbols by
/// `symShift`.
std::vector<AffineExpr> shiftedResults(const AffineMap &map, unsigned dimShift,
                                       unsigned symShift) {
  std::vector<AffineExpr> dims, syms;
  for (unsigned i = 0; i < map.getNumDims(); ++i)
    dims.push_back(AffineExpr::dim(i + dimShift));
  for (unsigned i = 0; i < map.getNumSymbols(); ++i)
    syms.push_back(AffineExpr::symbol(i + symShift));
  std::vector<AffineExpr> out;
  for (const AffineExpr &r : map.getResults())
    out.push_back(r.replaceDimsAndSymbols(dims, syms));
  return out;
}

/// The lower bound as a value map with its one result repeated `n` times,
/// so it can be subtracted from an upper bound with `n` results.
AffineValueMap paddedLowerBound(AffineForOp forOp, unsigned n) {
  AffineMap lb = forOp.getLowerBoundMap();
  std::vector<AffineExpr> repeated(n, lb.getResult(0));
  return {AffineMap::get(lb.getNumDims(), lb.getNumSymbols(), repeated),
          forOp.getLowerBoundOperands()};
}

/// The entry block of the function enclosing `op`.
Block *enclosingFunctionBody(Operation *op) {
  Operation *func = op->getParentWithName(opname::FuncFunc);
  return func ? FuncOp(func).getBody() : nullptr;
}

/// The value the induction variable takes in a loop's only iteration.
Value *singleIterationValue(AffineForOp forOp) {
  if (auto lb = forOp.getConstantLowerBound()) {
    // At the top of the function, like MLIR, so later passes see one
    // constant per value rather than one per promoted loop.
    Block *top = enclosingFunctionBody(forOp.getOperation());
    OpBuilder b = top ? OpBuilder::atBlockBegin(top, forOp.getLoc())
                      : OpBuilder::before(forOp.getOperation());
    return ConstantOp::createIndex(b, *lb).getResult();
  }
  AffineMap lbMap = forOp.getLowerBoundMap();
  std::vector<Value *> operands = forOp.getLowerBoundOperands();
  // Like MLIR, only a dim identity is forwarded as it is; a lone symbol
  // goes through an affine.apply (which canonicalization folds).
  if (lbMap == AffineMap::getMultiDimIdentity(1))
    return operands[0];
  OpBuilder b = OpBuilder::before(forOp.getOperation());
  return AffineApplyOp::create(b, lbMap, operands).getResult();
}

} // namespace

std::vector<AffineForOp> getPerfectlyNestedLoops(AffineForOp root) {
  std::vector<AffineForOp> band{root};
  for (AffineForOp cur = root;;) {
    Block *body = cur.getBody();
    if (body->getOperations().size() != 2)
      break;
    AffineForOp inner = dyn_cast<AffineForOp>(&body->front());
    if (!inner || inner.getNumIterArgs() != 0)
      break;
    band.push_back(inner);
    cur = inner;
  }
  return band;
}

AffineValueMap differenceOf(const AffineValueMap &a, const AffineValueMap &b) {
  std::vector<Value *> operands = dimOperands(a);
  for (Value *v : dimOperands(b))
    operands.push_back(v);
  for (Value *v : symbolOperands(a))
    operands.push_back(v);
  for (Value *v : symbolOperands(b))
    operands.push_back(v);
  unsigned numDims = a.map.getNumDims() + b.map.getNumDims();
  unsigned numSymbols = a.map.getNumSymbols() + b.map.getNumSymbols();
  // a keeps its positions; b's dims and symbols come after a's.
  std::vector<AffineExpr> bResults =
      shiftedResults(b.map, a.map.getNumDims(), a.map.getNumSymbols());
  std::vector<AffineExpr> diff;
  for (size_t i = 0; i < bResults.size(); ++i)
    diff.push_back(a.map.getResult((unsigned)i) - bResults[i]);
  AffineValueMap composed = composeAffineValueMap(
      {AffineMap::get(numDims, numSymbols, std::move(diff)), operands});
  // Simplifying may cancel an operand out (`s0 + 6 - s0`): canonicalize
  // again to drop it, as MLIR's callers of difference() do.
  return canonicalizeAffineValueMap(composed);
}

std::optional<AffineValueMap> getTripCountMap(AffineForOp forOp) {
  if (forOp.getLowerBoundMap().getNumResults() != 1)
    return std::nullopt;
  AffineValueMap ub{forOp.getUpperBoundMap(), forOp.getUpperBoundOperands()};
  AffineValueMap span =
      differenceOf(ub, paddedLowerBound(forOp, ub.map.getNumResults()));
  int64_t step = forOp.getStep();
  std::vector<AffineExpr> counts;
  for (const AffineExpr &r : span.map.getResults())
    counts.push_back(simplifyAffineExpr(r.ceilDiv(step), span.map.getNumDims(),
                                        span.map.getNumSymbols()));
  span.map = AffineMap::get(span.map.getNumDims(), span.map.getNumSymbols(),
                            std::move(counts));
  return span;
}

std::optional<uint64_t> getConstantTripCount(AffineForOp forOp) {
  std::optional<AffineValueMap> count = getTripCountMap(forOp);
  if (!count)
    return std::nullopt;
  std::optional<int64_t> least;
  for (const AffineExpr &r : count->map.getResults()) {
    if (r.getKind() != AffineExprKind::Constant)
      return std::nullopt;
    least = least ? std::min(*least, r.getValue()) : r.getValue();
  }
  if (!least)
    return std::nullopt;
  return (uint64_t)std::max<int64_t>(*least, 0);
}

int64_t unrolledLoopEnd(int64_t lb, uint64_t trips, unsigned factor,
                        int64_t step) {
  __int128 whole = (__int128)(trips / factor) * factor;
  __int128 end = (__int128)lb + whole * step;
  return (int64_t)std::min<__int128>(end, INT64_MAX);
}

AffineForOp addIterArgs(AffineForOp forOp, const std::vector<Value *> &inits) {
  std::vector<Value *> allInits = forOp.getInits();
  allInits.insert(allInits.end(), inits.begin(), inits.end());
  OpBuilder b = OpBuilder::before(forOp.getOperation());
  AffineForOp loop = AffineForOp::create(
      b, forOp.getLowerBoundMap(), forOp.getLowerBoundOperands(),
      forOp.getUpperBoundMap(), forOp.getUpperBoundOperands(), forOp.getStep(),
      allInits);
  inheritInductionVarName(forOp, loop);
  // The old body replaces the new one's placeholder yield, and its yield
  // gains the new carried values.
  Block *body = loop.getBody();
  std::vector<Value *> args = body->getArguments();
  std::vector<Value *> oldArgs(args.begin(),
                               args.begin() + 1 + forOp.getNumIterArgs());
  loop.getYield()->erase();
  forOp.getBody()->inlineBefore(body, nullptr, oldArgs);
  AffineYieldOp yield = loop.getYield();
  std::vector<Value *> yielded = yield->getOperands();
  yielded.insert(yielded.end(), args.begin() + 1 + forOp.getNumIterArgs(),
                 args.end());
  yield->setOperands(yielded);
  std::vector<Value *> results = loop.getResults();
  forOp->replaceAllUsesWith(
      {results.begin(), results.begin() + forOp.getNumIterArgs()});
  forOp->erase();
  return loop;
}

bool promoteIfSingleIteration(AffineForOp forOp) {
  std::optional<uint64_t> trips = getConstantTripCount(forOp);
  if (!trips || *trips != 1)
    return false;
  Value *iv = forOp.getInductionVar();
  if (!iv->use_empty())
    iv->replaceAllUsesWith(singleIterationValue(forOp));
  Operation *loop = forOp.getOperation();
  Block *body = forOp.getBody();
  // The body's iter_args start as the loop's inits; its results become
  // what the body yields.
  std::vector<Value *> inits = forOp.getInits();
  std::vector<Value *> bodyArgs{iv};
  bodyArgs.insert(bodyArgs.end(), inits.begin(), inits.end());
  AffineYieldOp yield = forOp.getYield();
  loop->replaceAllUsesWith(yield->getOperands());
  yield->erase();
  body->inlineBefore(loop->getBlock(), loop, bodyArgs);
  loop->erase();
  return true;
}

bool normalizeAffineFor(AffineForOp forOp) {
  auto lb = forOp.getConstantLowerBound();
  if (lb && *lb == 0 && forOp.getStep() == 1)
    return true;
  AffineMap lbMap = forOp.getLowerBoundMap();
  if (lbMap.getNumResults() != 1)
    return false;
  int64_t step = forOp.getStep();
  AffineValueMap lbValues{lbMap, forOp.getLowerBoundOperands()};
  AffineValueMap ub{forOp.getUpperBoundMap(), forOp.getUpperBoundOperands()};
  AffineValueMap span =
      differenceOf(ub, paddedLowerBound(forOp, ub.map.getNumResults()));
  std::vector<AffineExpr> scaled;
  for (const AffineExpr &r : span.map.getResults())
    scaled.push_back(simplifyAffineExpr(r.ceilDiv(step), span.map.getNumDims(),
                                        span.map.getNumSymbols()));
  forOp.setUpperBound(
      AffineMap::get(span.map.getNumDims(), span.map.getNumSymbols(), scaled),
      span.operands);
  forOp.setLowerBound(AffineMap::getConstant(0), {});
  forOp.setStep(1);
  // old iv = lb - (-new iv * step), computed at the top of the body.
  Value *iv = forOp.getInductionVar();
  AffineValueMap scaledIv{AffineMap::get(1, 0, {AffineExpr::dim(0) * -step}),
                          {iv}};
  AffineValueMap oldIv = differenceOf(lbValues, scaledIv);
  OpBuilder b = OpBuilder::atBlockBegin(forOp.getBody(), forOp.getLoc());
  AffineApplyOp apply = AffineApplyOp::create(b, oldIv.map, oldIv.operands);
  // It is the old induction variable: remarks of later passes still call
  // it by its source name.
  apply.getResult()->setNameHint(iv->getNameHint());
  iv->replaceAllUsesExcept(apply.getResult(), apply.getOperation());
  return true;
}

void inheritInductionVarName(AffineForOp from, AffineForOp to) {
  to.getInductionVar()->setNameHint(from.getInductionVar()->getNameHint());
}

AffineForOp moveIntoCopyAfter(AffineForOp loop,
                              const std::vector<Operation *> &statements) {
  OpBuilder after = OpBuilder::after(loop.getOperation());
  AffineForOp copy = AffineForOp::create(
      after, loop.getLowerBoundMap(), loop.getLowerBoundOperands(),
      loop.getUpperBoundMap(), loop.getUpperBoundOperands(), loop.getStep());
  inheritInductionVarName(loop, copy);
  Block *body = loop.getBody();
  Value *iv = loop.getInductionVar();
  Operation *terminator = copy.getBody()->getTerminator();
  for (Operation *statement : statements) {
    statement->moveBefore(terminator);
    statement->walk([&](Operation *op) {
      for (unsigned i = 0; i < op->getNumOperands(); ++i) {
        Value *v = op->getOperand(i);
        if (v == iv)
          op->setOperand(i, copy.getInductionVar());
        else if (Operation *def = v->getDefiningOp();
                 def && def->getBlock() == body)
          def->moveBefore(loop.getOperation());
      }
    });
  }
  return copy;
}

Value *addConstantIndex(OpBuilder &b, Value *v, int64_t k) {
  if (k == 0)
    return v;
  return AffineApplyOp::create(
             b, AffineMap::get(1, 0, {AffineExpr::dim(0) + k}), {v})
      .getResult();
}

bool usesVectors(Operation *op) {
  bool vector = false;
  op->walk([&](Operation *nested) {
    for (Value *v : nested->getOperands())
      vector |= v->getType().isVector();
    for (Value *v : nested->getResults())
      vector |= v->getType().isVector();
  });
  return vector;
}

} // namespace affjit
