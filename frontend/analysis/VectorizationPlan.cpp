// Vectorization legality and loop choice (see VectorizationPlan.h).
#include "frontend/analysis/VectorizationPlan.h"

#include "frontend/analysis/AffineFlattening.h"
#include "frontend/analysis/AffineValueMap.h"
#include "frontend/analysis/LoopParallelism.h"
#include "frontend/analysis/NestTraffic.h"
#include "frontend/ir/ArithOpTable.h"
#include "frontend/ir/FuncOps.h"
#include "frontend/ir/MathFunctions.h"
#include "frontend/ir/MemRefLayout.h"

#include <algorithm>
#include <set>

namespace affjit {

namespace {

/// How the subscripts of `access` move along the loop of `iv`, as if its
/// memref were laid out row-major.
AccessPattern subscriptPattern(const AffineAccess &access, Value *iv) {
  AffineValueMap avm =
      composeAffineValueMap({access.getMap(), access.getMapOperands()});
  auto pos = std::find(avm.operands.begin(), avm.operands.end(), iv);
  if (pos == avm.operands.end())
    return AccessPattern::Invariant;
  unsigned p = (unsigned)(pos - avm.operands.begin());
  if (p >= avm.map.getNumDims())
    return AccessPattern::Other;
  FlatExprs flat;
  if (!flattenAffineExprs(avm.map.getResults(), avm.map.getNumDims(),
                          avm.map.getNumSymbols(), flat))
    return AccessPattern::Other;
  unsigned n = avm.map.getNumResults();
  for (unsigned r = 0; r < n; ++r) {
    const std::vector<int64_t> &row = flat.rows[r];
    // A division over the IV (a local column) is not contiguous.
    for (unsigned l = avm.map.getNumInputs(); l + 1 < row.size(); ++l)
      if (row[l] != 0)
        return AccessPattern::Other;
    int64_t c = row[p];
    if (r + 1 < n ? c != 0 : c != 1)
      return AccessPattern::Other;
  }
  return AccessPattern::Contiguous;
}

} // namespace

AccessPattern getSubscriptPattern(Operation *op, Value *iv) {
  auto access = AffineAccess::get(op);
  return access ? subscriptPattern(*access, iv) : AccessPattern::Other;
}

AccessPattern getAccessPattern(Operation *op, Value *iv) {
  auto access = AffineAccess::get(op);
  if (!access)
    return AccessPattern::Other;
  AccessPattern p = subscriptPattern(*access, iv);
  // Consecutive indices are consecutive elements only where the innermost
  // stride is 1 (not in a strided subview, a transposed view or a layout
  // known only at run time).
  if (p == AccessPattern::Contiguous &&
      !hasUnitInnermostStride(access->getMemRef()->getType()))
    return AccessPattern::Other;
  return p;
}

std::optional<std::vector<int64_t>> getConditionLaneSteps(AffineIfOp ifOp,
                                                          Value *iv) {
  IntegerSet set = ifOp.getCondition();
  std::vector<Value *> operands = ifOp.getConditionOperands();
  FlatExprs flat;
  if (!flattenAffineExprs(set.getConstraints(), set.getNumDims(),
                          set.getNumSymbols(), flat))
    return std::nullopt;
  unsigned inputs = set.getNumInputs();
  std::vector<int64_t> steps;
  for (const std::vector<int64_t> &row : flat.rows) {
    int64_t step = 0;
    bool moves = false;
    for (unsigned p = 0; p < inputs; ++p)
      if (operands[p] == iv && row[p] != 0) {
        if (p >= set.getNumDims())
          return std::nullopt;
        step += row[p];
        moves = true;
      }
    // A division or modulo (a local column) is not linear across lanes.
    for (unsigned l = inputs; moves && l + 1 < row.size(); ++l)
      if (row[l] != 0)
        return std::nullopt;
    steps.push_back(step);
  }
  return steps;
}

namespace {

bool isNumber(Type t) { return t.isInteger() || t.isFloat(); }

unsigned bitsOf(Type t) {
  if (t.isFloat() || t.isInteger())
    return t.getWidth();
  return 0;
}

bool allowsReassociation(const LoopReduction &r, bool fastMath) {
  Type t = r.combiner->getResult(0)->getType();
  if (!t.isFloat() || fastMath)
    return true;
  // IEEE maximum/minimum (NaN wins, -0 < +0) give the same result in any
  // order: exact, like integer reductions.
  if (r.kind == ReductionKind::MaximumF || r.kind == ReductionKind::MinimumF)
    return true;
  return ArithFastMathOp(r.combiner).hasFastMathFlag("reassoc");
}

/// Walks the body of the candidate loop, deciding what becomes a vector
/// and whether everything has a vector form.
class BodyCheck {
public:
  explicit BodyCheck(AffineForOp loop)
      : loop(loop), iv(loop.getInductionVar()) {}

  /// "" if every op in the body has a vector form.
  std::string run() {
    for (Value *arg : loop.getRegionIterArgs())
      vectors.insert(arg);
    std::string why;
    loop.getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op == loop.getOperation())
        return WalkResult::advance();
      why = visit(op);
      return why.empty() ? WalkResult::advance() : WalkResult::interrupt();
    });
    return why;
  }

  unsigned getMaxBits() const { return maxBits; }
  /// Whether an op in the body is computed by a library function.
  bool callsFunctions() const { return calls; }

private:
  bool isVector(Value *v) const { return vectors.count(v) != 0; }

  /// Whether `op` runs under an affine.if whose condition differs between
  /// lanes (it then runs on every lane, its memory accesses masked).
  bool isUnderLaneCondition(Operation *op) const {
    for (Operation *p = op->getParentOp(); p && p != loop.getOperation();
         p = p->getParentOp())
      if (laneIfs.count(p))
        return true;
    return false;
  }

  std::string visitIf(AffineIfOp ifOp) {
    bool lanes = false;
    for (Value *v : ifOp.getConditionOperands()) {
      if (isVector(v))
        return "a condition is computed from vector values";
      lanes |= v == iv;
    }
    if (lanes) {
      if (!getConditionLaneSteps(ifOp, iv))
        return "a condition divides the induction variable";
      laneIfs.insert(ifOp.getOperation());
    }
    for (Value *r : ifOp->getResults()) {
      if (!isNumber(r->getType()))
        return "an affine.if yields " + r->getType().str();
      vectors.insert(r);
      noteType(r->getType());
    }
    return "";
  }

  /// What a lane-dependent condition forbids: every op under it runs on
  /// all lanes, so it must not trap, and memory is touched only through
  /// masked vector accesses.
  std::string checkUnderLaneCondition(Operation *op) {
    if (isa<AffineForOp>(op))
      return "a loop runs under a condition that differs between lanes";
    if (isa<AffineLoadOp>(op) || isa<AffineStoreOp>(op))
      if (getAccessPattern(op, iv) != AccessPattern::Contiguous)
        return "an access under a condition that differs between lanes "
               "does not move with the loop";
    static const std::set<std::string> kTrapping = {
        "arith.divsi",     "arith.divui",     "arith.remsi",     "arith.remui",
        "arith.ceildivsi", "arith.ceildivui", "arith.floordivsi"};
    if (kTrapping.count(op->getName()))
      return "'" + op->getName() +
             "' under a condition that differs between lanes could trap on "
             "a disabled lane";
    return "";
  }

  void noteType(Type t) { maxBits = std::max(maxBits, bitsOf(t)); }

  std::string visit(Operation *op) {
    const std::string &name = op->getName();
    if (name == "affine.yield")
      return "";
    calls |= findMathFunction(name) != nullptr;
    if (isUnderLaneCondition(op))
      if (std::string why = checkUnderLaneCondition(op); !why.empty())
        return why;
    if (auto ifOp = dyn_cast<AffineIfOp>(op))
      return visitIf(ifOp);
    if (auto inner = dyn_cast<AffineForOp>(op)) {
      // Its inits may be vectors (an element promoted to a register before
      // it, seed 003's outer-loop reduction): they only start the carried
      // values, which become vectors anyway.
      std::vector<Value *> bounds = inner.getLowerBoundOperands();
      for (Value *v : inner.getUpperBoundOperands())
        bounds.push_back(v);
      for (Value *v : bounds)
        if (v == iv || isVector(v))
          return "an inner loop's bounds depend on the loop";
      for (Value *arg : inner.getRegionIterArgs()) {
        if (!isNumber(arg->getType()))
          return "an inner loop carries a non-numeric value";
        vectors.insert(arg);
        noteType(arg->getType());
      }
      for (Value *r : inner.getResults())
        vectors.insert(r);
      return "";
    }
    if (name == "affine.apply") {
      for (Value *v : op->getOperands())
        if (isVector(v))
          return "an index is computed from vector values";
      for (Operation *user : op->getResult(0)->getUsers())
        if (!AffineAccess::get(user) && !isa<AffineApplyOp>(user))
          return "the induction variable is used as a value";
      return "";
    }
    if (isa<AffineLoadOp>(op) || isa<AffineStoreOp>(op)) {
      Value *memref = AffineAccess::get(op)->getMemRef();
      Type elem = memref->getType().getElementType();
      if (!isNumber(elem))
        return "an access to memory of " + elem.str() + " elements";
      AccessPattern p = getAccessPattern(op, iv);
      if (p == AccessPattern::Other &&
          getSubscriptPattern(op, iv) == AccessPattern::Contiguous)
        return "an access moves along the innermost dimension of " +
               memref->getType().str() + ", whose stride is not 1";
      if (p == AccessPattern::Other)
        return "an access is strided along the loop";
      noteType(elem);
      if (isa<AffineStoreOp>(op)) {
        if (p == AccessPattern::Invariant)
          return "every iteration stores to the same element";
        return "";
      }
      if (p == AccessPattern::Contiguous)
        vectors.insert(op->getResult(0));
      return "";
    }
    if (name.rfind("affine.vector_", 0) == 0 || name.rfind("vector.", 0) == 0)
      return "the loop is already vector code";
    const ArithOpInfo *info = lookupArithOp(name);
    if (!info || op->getNumRegions() != 0)
      return "'" + name + "' has no vector form here";
    if (name == "arith.constant")
      return "";
    bool vector = false;
    for (Value *v : op->getOperands()) {
      if (v == iv)
        return "the induction variable is used as a value";
      vector |= isVector(v);
    }
    if (!vector)
      return ""; // loop-invariant scalar: computed once per iteration
    for (Value *r : op->getResults()) {
      if (!isNumber(r->getType()))
        return "'" + name + "' produces " + r->getType().str();
      vectors.insert(r);
      if (!r->getType().isInteger(1))
        noteType(r->getType());
    }
    for (Value *v : op->getOperands())
      if (!isNumber(v->getType()))
        return "'" + name + "' takes " + v->getType().str();
    return "";
  }

  AffineForOp loop;
  Value *iv;
  std::set<Value *> vectors;
  std::set<Operation *> laneIfs;
  unsigned maxBits = 0;
  bool calls = false;
};

/// Whether a float reduction that may not be reassociated can be kept in
/// order: a sum or product (`vector.reduction` adds lanes in order, and
/// MLIR lowers it the same way), in a loop whose lanes call a math function.
/// Adding a vector lane by lane costs what the scalar loop's adds cost, so
/// only a body with work of its own to vectorize gains: softmax's
/// `s += exp(x - m)` runs exp on whole vectors (ExactVectorExp.h).
bool mayKeepInOrder(const LoopReduction &r, const BodyCheck &body) {
  return (r.kind == ReductionKind::AddF || r.kind == ReductionKind::MulF) &&
         body.callsFunctions();
}

/// Whether the nest around `loop` touches more than the target's
/// streamingBytes.
bool streamsFromMemory(AffineForOp loop, const VectorizationTarget &target) {
  if (target.streamingBytes <= 0)
    return false;
  AffineForOp root = loop;
  for (Operation *p = loop->getParentOp(); p; p = p->getParentOp())
    if (isa<AffineForOp>(p))
      root = cast<AffineForOp>(p);
  std::optional<double> bytes = estimateFootprintBytes(root);
  return bytes && *bytes > (double)target.streamingBytes;
}

/// Whether a loop nested in `loop` carries values (iter_args): vectorizing
/// `loop` makes them vectors of accumulators.
bool carriesInnerValues(AffineForOp loop) {
  bool found = false;
  loop.getOperation()->walk([&](Operation *op) {
    if (auto inner = dyn_cast<AffineForOp>(op))
      found |= op != loop.getOperation() && inner.getNumIterArgs() != 0;
  });
  return found;
}

} // namespace

VectorizationCheck
checkLoopVectorization(AffineForOp loop, const VectorizationTarget &target,
                       const std::optional<AffineValueMap> &base) {
  VectorizationCheck c;
  auto fail = [&](std::string why) {
    c.reason = std::move(why);
    return c;
  };
  if (loop.getStep() != 1)
    return fail("its step is not 1");
  if ((loop.getLowerBoundMap().getNumResults() != 1 && !base) ||
      loop.getUpperBoundMap().getNumResults() != 1)
    return fail("a bound is a max or min of several values");
  BodyCheck body(loop);
  if (std::string why = body.run(); !why.empty())
    return fail(why);
  std::vector<LoopReduction> reductions;
  std::vector<SelectReduction> selects;
  for (unsigned pos = 0; pos < loop.getNumIterArgs(); ++pos) {
    if (std::optional<LoopReduction> r = getReduction(loop.getOperation(), pos))
      reductions.push_back(*r);
    else if (std::optional<SelectReduction> s =
                 getSelectReduction(loop.getOperation(), pos))
      selects.push_back(*s);
    else
      return fail("it carries a value that is not a reduction");
  }
  std::vector<bool> inOrder;
  for (const LoopReduction &r : reductions) {
    inOrder.push_back(!allowsReassociation(r, target.fastMath));
    if (inOrder.back() && !mayKeepInOrder(r, body))
      return fail("its float reduction may not be reassociated (no "
                  "fastmath<reassoc> and no --fast-math)");
  }
  if (!isLoopMemoryParallel(loop.getOperation()))
    return fail("a memory dependence is carried by the loop");
  if (body.getMaxBits() == 0)
    return fail("nothing in it is a vector");
  unsigned lanes = target.vectorBits / body.getMaxBits();
  if (lanes < 2)
    return fail("one element fills a vector");
  auto lb = loop.getConstantLowerBound(), ub = loop.getConstantUpperBound();
  // 128-bit: bounds far apart must not overflow.
  __int128 span = lb && ub ? (__int128)*ub - *lb : (__int128)INT64_MAX;
  if (span < (__int128)lanes)
    return fail("it runs fewer iterations (" + std::to_string((int64_t)span) +
                ") than a vector has lanes (" + std::to_string(lanes) + ")");
  bool streams = !reductions.empty() && streamsFromMemory(loop, target);
  // A call clobbers every vector register: more registers per op would
  // only be spilled around it (softmax's exp loop: 1.65 ms with 4, 1.00
  // with 1, gcc 1.07).
  bool oneRegister = streams || body.callsFunctions();
  unsigned registers = carriesInnerValues(loop) ? target.accumulatorInterleave
                                                : target.interleave;
  for (unsigned k = oneRegister ? 1 : std::max(1u, registers); k > 1; k /= 2)
    if (span >= (__int128)lanes * k) {
      lanes *= k;
      break;
    }
  c.ok = true;
  c.plan = LoopVectorization{loop,    lanes,   reductions, inOrder,
                             selects, streams, base};
  return c;
}

VectorizationChoice chooseLoopsToVectorize(Operation *root,
                                           const VectorizationTarget &target) {
  VectorizationChoice choice;
  // Post-order: inner loops first; a loop around a vectorized one is not
  // considered.
  std::set<Operation *> covered;
  walkOps<AffineForOp>(root, [&](AffineForOp loop) {
    bool containsChosen = false;
    loop.getOperation()->walk([&](Operation *op) {
      containsChosen |= op != loop.getOperation() && covered.count(op);
    });
    if (containsChosen) {
      covered.insert(loop.getOperation());
      return;
    }
    VectorizationCheck c;
    try {
      c = checkLoopVectorization(loop, target);
    } catch (const CoefficientOverflow &) {
      c.reason = "coefficients overflow 64 bits";
    } catch (const AnalysisBudgetExceeded &) {
      c.reason = "the analysis exceeded its budget";
    }
    if (c.ok) {
      choice.loops.push_back(c.plan);
      covered.insert(loop.getOperation());
    } else {
      choice.rejected.push_back({loop, c.reason});
    }
  });
  return choice;
}

} // namespace affjit
