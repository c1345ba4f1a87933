// Counting flops and argument bytes of a function (see WorkEstimate.h). A
// walk over the body carries the product of the enclosing trip counts, or
// the reason it is unknown; float ops under an unknown count make the flop
// count unknown, while memref accesses only need their root argument.
#include "frontend/analysis/WorkEstimate.h"
#include "frontend/ir/AffineOps.h"
#include "frontend/ir/FuncOps.h"

#include "frontend/ir/MemoryEffects.h"

#include <algorithm>
#include <set>
#include <sstream>
#include <string_view>

namespace affjit {

namespace {

/// The product of enclosing trip counts, or why it is not known.
struct Multiplier {
  std::optional<double> trips = 1.0;
  std::string unknownBecause;
};

std::string describe(const Operation &op) {
  std::ostringstream os;
  os << op.getName();
  const Location &loc = op.getLoc();
  if (loc.isKnown())
    os << " at " << (loc.file ? *loc.file : "<unknown>") << ':' << loc.line
       << ':' << loc.col;
  return os.str();
}

/// The map of an affine.apply, affine.min or affine.max; nullopt for other
/// ops.
std::optional<AffineMap> mapOfMapOp(Operation &op) {
  if (AffineApplyOp apply = dyn_cast<AffineApplyOp>(&op))
    return apply.getMap();
  if (AffineMinOp min = dyn_cast<AffineMinOp>(&op))
    return min.getMap();
  if (AffineMaxOp max = dyn_cast<AffineMaxOp>(&op))
    return max.getMap();
  return std::nullopt;
}

/// Flops per lane of a float-typed op (0 for ops that are not arithmetic:
/// sign, rounding and comparison ops).
int flopsPerLane(std::string_view name) {
  static const std::set<std::string_view> arith = {
      "arith.addf",     "arith.subf",    "arith.mulf",
      "arith.divf",     "arith.remf",    "arith.maximumf",
      "arith.minimumf", "arith.maxnumf", "arith.minnumf"};
  static const std::set<std::string_view> notArithmetic = {
      "math.absf",  "math.copysign",  "math.ceil", "math.floor",
      "math.round", "math.roundeven", "math.trunc"};
  if (name == "math.fma" || name == "vector.fma")
    return 2;
  // A multiply and a combine per lane (the combine counted even without
  // an accumulator: an upper bound).
  if (name == "vector.outerproduct")
    return 2;
  if (arith.count(name))
    return 1;
  if (name.substr(0, 5) == "math." && !notArithmetic.count(name))
    return 1;
  return 0;
}

double lanes(Type t) { return t.isVector() ? (double)t.getNumElements() : 1.0; }

/// Ops that take a memref without reading or writing its elements.
bool ignoresElements(std::string_view name) {
  static const std::set<std::string_view> ops = {
      "memref.dim",      "memref.rank",     "memref.dealloc",
      "affine.prefetch", "memref.prefetch", "memref.assume_alignment",
      "func.return"};
  return ops.count(name) != 0;
}

/// DMA transfers move a run-time count of elements and synchronise on a
/// tag; the estimate does not model them.
bool isDma(std::string_view name) {
  return name == "affine.dma_start" || name == "affine.dma_wait" ||
         name == "memref.dma_start" || name == "memref.dma_wait";
}

/// Loads, stores, transfers and copies: ops whose effects are reads and
/// writes of the elements of memref operands.
bool onlyReadsOrWritesOperands(const std::vector<MemoryEffect> &effects) {
  return !effects.empty() &&
         std::all_of(effects.begin(), effects.end(), [](const MemoryEffect &e) {
           return e.memref && e.operandIndex != MemoryEffect::kNoOperand &&
                  (e.kind == EffectKind::Read || e.kind == EffectKind::Write);
         });
}

/// Where a memref value comes from: an argument, a local allocation or
/// something the estimate cannot follow.
struct Root {
  enum Kind { Argument, Local, Unknown } kind;
  unsigned argument = 0;
};

class Estimator {
public:
  Estimator(Operation &func, const std::vector<ArgumentFact> &facts)
      : func(func), facts(facts) {}

  WorkEstimate run() {
    WorkEstimate result;
    if (func.getRegion(0).empty()) {
      result.flopsUnknownReason = result.bytesUnknownReason =
          "the function has no body";
      return result;
    }
    entry = &func.getRegion(0).front();
    argRead.assign(entry->getNumArguments(), false);
    argWritten.assign(entry->getNumArguments(), false);
    visitBlock(*entry, Multiplier());
    if (flopsReason.empty())
      result.flops = flops;
    result.flopsUnknownReason = flopsReason;
    if (bytesReason.empty())
      result.bytes = argumentBytes();
    result.bytesUnknownReason = bytesReason;
    return result;
  }

private:
  void visitBlock(Block &block, const Multiplier &m) {
    for (auto &op : block.getOperations())
      visitOp(*op, m);
  }

  void visitRegions(Operation &op, const Multiplier &m) {
    for (unsigned r = 0; r < op.getNumRegions(); ++r)
      for (auto &block : op.getRegion(r).getBlocks())
        visitBlock(*block, m);
  }

  void visitOp(Operation &op, const Multiplier &m) {
    const std::string &name = op.getName();
    if (name == "affine.for")
      return visitRegions(op, scaled(m, forTrips(op), op));
    if (name == "affine.parallel")
      return visitRegions(op, scaled(m, parallelTrips(op), op));
    if (name == "affine.if")
      return visitRegions(op, conditional(m, op));
    if (name == "func.call") {
      noteUnknown(flopsReason, "it calls @" + CallOp(&op).getCallee() + " (" +
                                   describe(op) + ")");
      noteUnknown(bytesReason, "memrefs passed to " + describe(op));
    }
    countFlops(op, m);
    noteAccesses(op);
    visitRegions(op, m);
  }

  static void noteUnknown(std::string &reason, std::string why) {
    if (reason.empty())
      reason = std::move(why);
  }

  Multiplier scaled(const Multiplier &m, std::optional<double> trips,
                    Operation &loop) {
    if (!m.trips)
      return m;
    if (!trips)
      return {std::nullopt,
              "the trip count of " + describe(loop) + " is not known"};
    return {*m.trips * *trips, ""};
  }

  Multiplier conditional(const Multiplier &m, Operation &op) {
    if (!m.trips)
      return m;
    return {std::nullopt, "it depends on the condition of " + describe(op)};
  }

  void countFlops(Operation &op, const Multiplier &m) {
    double count = flopsOf(op);
    if (count == 0)
      return;
    if (!m.trips)
      return noteUnknown(flopsReason, m.unknownBecause);
    flops += count * *m.trips;
  }

  static double flopsOf(Operation &op) {
    if (op.getNumResults() == 0)
      return 0;
    Type t = op.getResult(0)->getType();
    if (!t.getElementTypeOrSelf().isFloat())
      return 0;
    if (op.isa("vector.reduction")) {
      // Combining N lanes takes N - 1 ops, one more with an accumulator.
      double n = lanes(op.getOperand(0)->getType());
      return n - 1 + (op.getNumOperands() > 1 ? 1 : 0);
    }
    return flopsPerLane(op.getName()) * lanes(t);
  }

  void noteAccesses(Operation &op) {
    if (isViewLike(&op) || ignoresElements(op.getName()))
      return;
    std::vector<MemoryEffect> effects = getMemoryEffects(&op);
    if (onlyReadsOrWritesOperands(effects) && !isDma(op.getName())) {
      for (const MemoryEffect &e : effects)
        noteAccess(op, e.memref, e.kind == EffectKind::Write);
      return;
    }
    for (Value *v : op.getOperands())
      if (v->getType().isAnyMemRef() && rootOf(v).kind != Root::Local)
        noteUnknown(bytesReason, "memrefs used by " + describe(op));
  }

  void noteAccess(Operation &op, Value *memref, bool writes) {
    Root root = rootOf(memref);
    if (root.kind == Root::Unknown)
      return noteUnknown(bytesReason, "the memref accessed by " + describe(op) +
                                          " is not traced to an argument");
    if (root.kind == Root::Local)
      return;
    (writes ? argWritten : argRead)[root.argument] = true;
  }

  Root rootOf(Value *v) const {
    for (int depth = 0; depth < 64; ++depth) {
      if (v->isBlockArgument())
        return v->getParentBlock() == entry
                   ? Root{Root::Argument, v->getIndex()}
                   : Root{Root::Unknown};
      Operation *def = v->getDefiningOp();
      if (def->isa("memref.alloc") || def->isa("memref.alloca") ||
          def->isa("memref.get_global"))
        return {Root::Local};
      v = getViewSource(def);
      if (!v)
        return {Root::Unknown};
    }
    return {Root::Unknown};
  }

  //===-- trip counts -----------------------------------------------------===//

  std::optional<double> forTrips(Operation &op) {
    AffineForOp forOp(&op);
    auto lbs =
        evaluateMap(forOp.getLowerBoundMap(), forOp.getLowerBoundOperands());
    auto ubs =
        evaluateMap(forOp.getUpperBoundMap(), forOp.getUpperBoundOperands());
    if (!lbs || !ubs || lbs->empty() || ubs->empty())
      return std::nullopt;
    int64_t lb = *std::max_element(lbs->begin(), lbs->end());
    int64_t ub = *std::min_element(ubs->begin(), ubs->end());
    return tripsOf(lb, ub, forOp.getStep());
  }

  std::optional<double> parallelTrips(Operation &op) {
    AffineParallelOp parallel(&op);
    AffineMap lbMap = parallel.getLowerBoundsMap();
    AffineMap ubMap = parallel.getUpperBoundsMap();
    std::vector<int64_t> steps = parallel.getSteps();
    auto lbs = evaluateMap(lbMap, op.getOperands(0, lbMap.getNumInputs()));
    auto ubs = evaluateMap(
        ubMap, op.getOperands(lbMap.getNumInputs(), ubMap.getNumInputs()));
    if (!lbs || !ubs)
      return std::nullopt;
    auto lbGroups = groupBounds(*lbs, parallel.getLowerBoundsGroupsAttr(),
                                steps.size(), true);
    auto ubGroups = groupBounds(*ubs, parallel.getUpperBoundsGroupsAttr(),
                                steps.size(), false);
    double trips = 1;
    for (size_t d = 0; d < steps.size(); ++d)
      trips *= tripsOf(lbGroups[d], ubGroups[d], steps[d]);
    return trips;
  }

  /// affine.parallel bounds per dimension: max (lower) or min (upper) of
  /// each group of map results.
  static std::vector<int64_t> groupBounds(const std::vector<int64_t> &values,
                                          Attribute groupsAttr, size_t dims,
                                          bool isMax) {
    std::vector<int64_t> sizes =
        groupsAttr.isSplat()
            ? std::vector<int64_t>(dims, groupsAttr.getInts()[0])
            : groupsAttr.getInts();
    std::vector<int64_t> out;
    size_t at = 0;
    for (int64_t g : sizes) {
      auto first = values.begin() + at, last = first + g;
      out.push_back(isMax ? *std::max_element(first, last)
                          : *std::min_element(first, last));
      at += g;
    }
    return out;
  }

  static double tripsOf(int64_t lb, int64_t ub, int64_t step) {
    if (ub <= lb || step <= 0)
      return 0;
    return (double)((ub - lb + step - 1) / step);
  }

  std::optional<std::vector<int64_t>>
  evaluateMap(const AffineMap &map, const std::vector<Value *> &operands) {
    std::vector<int64_t> dims, syms;
    for (size_t i = 0; i < operands.size(); ++i) {
      auto v = evaluate(operands[i]);
      if (!v)
        return std::nullopt;
      (i < map.getNumDims() ? dims : syms).push_back(*v);
    }
    return map.evaluate(dims, syms);
  }

  /// The value of an index or integer SSA value, when it follows from
  /// constants, static shapes and the argument facts.
  std::optional<int64_t> evaluate(Value *v, int depth = 0) {
    if (depth > 64)
      return std::nullopt;
    if (v->isBlockArgument()) {
      if (v->getParentBlock() != entry || v->getIndex() >= facts.size())
        return std::nullopt;
      return facts[v->getIndex()].value;
    }
    Operation &def = *v->getDefiningOp();
    const std::string &name = def.getName();
    auto operand = [&](unsigned i) {
      return evaluate(def.getOperand(i), depth + 1);
    };
    if (ConstantOp constant = dyn_cast<ConstantOp>(&def)) {
      Attribute value = constant.getValue();
      if (value.isa(AttrKind::Integer))
        return value.getInt();
      return std::nullopt;
    }
    if (name == "arith.index_cast" || name == "arith.index_castui" ||
        name == "arith.extsi" || name == "arith.extui")
      return operand(0);
    if (name == "arith.addi" || name == "arith.subi" || name == "arith.muli") {
      auto a = operand(0), b = operand(1);
      if (!a || !b)
        return std::nullopt;
      return name == "arith.addi"   ? *a + *b
             : name == "arith.subi" ? *a - *b
                                    : *a * *b;
    }
    if (name == "memref.dim")
      return dimSize(def.getOperand(0), operand(1));
    if (std::optional<AffineMap> map = mapOfMapOp(def)) {
      auto results = evaluateMap(*map, def.getOperands());
      if (!results || results->empty())
        return std::nullopt;
      if (name == "affine.max")
        return *std::max_element(results->begin(), results->end());
      return *std::min_element(results->begin(), results->end());
    }
    return std::nullopt;
  }

  std::optional<int64_t> dimSize(Value *memref, std::optional<int64_t> dim) {
    Type t = memref->getType();
    if (!dim || !t.isMemRef() || *dim < 0 || *dim >= t.getRank())
      return std::nullopt;
    if (!t.isDynamicDim((unsigned)*dim))
      return t.getDimSize((unsigned)*dim);
    if (!memref->isBlockArgument() || memref->getParentBlock() != entry)
      return std::nullopt;
    auto shape = shapeOfArgument(memref->getIndex());
    if (!shape || (size_t)*dim >= shape->size())
      return std::nullopt;
    return (*shape)[*dim];
  }

  //===-- bytes -----------------------------------------------------------===//

  std::optional<std::vector<int64_t>> shapeOfArgument(unsigned i) const {
    if (i < facts.size() && facts[i].shape)
      return facts[i].shape;
    Type t = entry->getArgument(i)->getType();
    if (t.isMemRef() && t.hasStaticShape())
      return t.getShape();
    return std::nullopt;
  }

  std::optional<double> argumentBytes() {
    double total = 0;
    for (unsigned i = 0; i < argRead.size(); ++i) {
      int uses = (argRead[i] ? 1 : 0) + (argWritten[i] ? 1 : 0);
      if (uses == 0)
        continue;
      auto shape = shapeOfArgument(i);
      if (!shape) {
        noteUnknown(bytesReason, "the shape of argument #" + std::to_string(i) +
                                     " is not known");
        return std::nullopt;
      }
      double elements = 1;
      for (int64_t d : *shape)
        elements *= (double)d;
      Type element = entry->getArgument(i)->getType().getElementType();
      total += uses * elements * (double)((element.getWidth() + 7) / 8);
    }
    return total;
  }

  Operation &func;
  const std::vector<ArgumentFact> &facts;
  Block *entry = nullptr;
  double flops = 0;
  std::string flopsReason, bytesReason;
  std::vector<bool> argRead, argWritten;
};

} // namespace

WorkEstimate estimateWork(Operation &func,
                          const std::vector<ArgumentFact> &args) {
  return Estimator(func, args).run();
}

namespace {

/// The most iterations `forOp` can run: constant bounds, or the smallest
/// constant difference between an upper and a lower bound expression over
/// the same operands; nullopt if neither is known.
std::optional<double> maxTripCount(AffineForOp forOp) {
  int64_t step = forOp.getStep();
  auto lb = forOp.getConstantLowerBound(), ub = forOp.getConstantUpperBound();
  if (lb && ub)
    return *ub > *lb ? (double)((*ub - *lb + step - 1) / step) : 0.0;
  AffineMap lbMap = forOp.getLowerBoundMap(), ubMap = forOp.getUpperBoundMap();
  if (forOp.getLowerBoundOperands() != forOp.getUpperBoundOperands() ||
      lbMap.getNumDims() != ubMap.getNumDims())
    return std::nullopt;
  std::optional<double> best;
  for (unsigned u = 0; u < ubMap.getNumResults(); ++u)
    for (unsigned l = 0; l < lbMap.getNumResults(); ++l) {
      AffineExpr diff =
          simplifyAffineExpr(ubMap.getResult(u) - lbMap.getResult(l),
                             lbMap.getNumDims(), lbMap.getNumSymbols());
      if (diff.getKind() != AffineExprKind::Constant)
        continue;
      double trips = diff.getValue() > 0
                         ? (double)((diff.getValue() + step - 1) / step)
                         : 0.0;
      best = best ? std::min(*best, trips) : trips;
    }
  return best;
}

/// The total number of iterations of affine.parallel `op` when its bounds
/// are constants.
std::optional<double> parallelTripCount(AffineParallelOp op) {
  AffineMap lbs = op.getLowerBoundsMap(), ubs = op.getUpperBoundsMap();
  std::vector<int64_t> steps = op.getSteps();
  auto allConstant = [](const AffineMap &m) {
    for (unsigned i = 0; i < m.getNumResults(); ++i)
      if (m.getResult(i).getKind() != AffineExprKind::Constant)
        return false;
    return true;
  };
  if (!allConstant(lbs) || !allConstant(ubs) ||
      lbs.getNumResults() != steps.size() ||
      ubs.getNumResults() != steps.size())
    return std::nullopt;
  double trips = 1;
  for (size_t d = 0; d < steps.size(); ++d) {
    int64_t lb = lbs.getResult((unsigned)d).getValue();
    int64_t ub = ubs.getResult((unsigned)d).getValue();
    trips *= ub > lb ? (double)((ub - lb + steps[d] - 1) / steps[d]) : 0.0;
  }
  return trips;
}

/// Op instances of one iteration of the body of `op` (its regions).
std::optional<double> bodyWork(Operation &op, std::string &why);

/// Op instances of one run of `op`: a loop's body times its trips, an if
/// its larger arm, any other op one per result lane.
std::optional<double> opWork(Operation &op, std::string &why) {
  if (op.isTerminator())
    return 0.0;
  std::optional<double> trips = 1.0;
  if (auto forOp = dyn_cast<AffineForOp>(&op))
    trips = maxTripCount(forOp);
  else if (auto par = dyn_cast<AffineParallelOp>(&op))
    trips = parallelTripCount(par);
  if (!trips) {
    why = "the trip count of " + describe(op) + " is not known";
    return std::nullopt;
  }
  if (op.getNumRegions() == 0) {
    double lanesOf = 1;
    for (Value *r : op.getResults())
      lanesOf = std::max(lanesOf, lanes(r->getType()));
    return lanesOf;
  }
  std::optional<double> body = bodyWork(op, why);
  if (!body)
    return std::nullopt;
  return *trips * *body;
}

std::optional<double> bodyWork(Operation &op, std::string &why) {
  double largest = 0;
  for (unsigned r = 0; r < op.getNumRegions(); ++r) {
    double region = 0;
    for (auto &block : op.getRegion(r).getBlocks())
      for (auto &inner : block->getOperations()) {
        std::optional<double> w = opWork(*inner, why);
        if (!w)
          return std::nullopt;
        region += *w;
      }
    // Each run takes one arm of an affine.if: count the larger.
    largest = std::max(largest, region);
  }
  return largest;
}

} // namespace

LoopWork estimateLoopWork(Operation &loop) {
  LoopWork work;
  work.ops = opWork(loop, work.unknownReason);
  return work;
}

} // namespace affjit
