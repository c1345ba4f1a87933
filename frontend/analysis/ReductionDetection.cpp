// Reduction detection on affine.for iter_args (seed 003): the def-use
// pattern MLIR's matchReduction accepts, with one combiner per iter_arg.
#include "frontend/analysis/ReductionDetection.h"

#include "frontend/ir/ArithOpTable.h"
#include "frontend/ir/FuncOps.h"

#include <algorithm>
#include <array>
#include <unordered_set>
#include <utility>

namespace affjit {
namespace {

struct KindSpelling {
  std::string_view opName, reduceName;
  ReductionKind kind;
};

constexpr std::array<KindSpelling, 13> kKinds{{
    {"arith.addf", "addf", ReductionKind::AddF},
    {"arith.mulf", "mulf", ReductionKind::MulF},
    {"arith.addi", "addi", ReductionKind::AddI},
    {"arith.muli", "muli", ReductionKind::MulI},
    {"arith.maximumf", "maximumf", ReductionKind::MaximumF},
    {"arith.minimumf", "minimumf", ReductionKind::MinimumF},
    {"arith.maxsi", "maxs", ReductionKind::MaxSI},
    {"arith.minsi", "mins", ReductionKind::MinSI},
    {"arith.maxui", "maxu", ReductionKind::MaxUI},
    {"arith.minui", "minu", ReductionKind::MinUI},
    {"arith.andi", "andi", ReductionKind::AndI},
    {"arith.ori", "ori", ReductionKind::OrI},
    {"arith.xori", "xori", ReductionKind::XOrI},
}};

/// The block argument of iter_arg `pos` (argument 0 is the induction
/// variable).
Value *iterArgValue(Operation *forOp, unsigned pos) {
  return forOp->getRegion(0).front().getArgument(pos + 1);
}

/// True if `v`, computed inside `loop`, reads any of `carried` through a
/// chain of ops inside the loop. Values defined outside the loop are loop
/// invariant and cannot.
bool dependsOnCarried(Value *v, Operation *loop,
                      const std::unordered_set<const Value *> &carried) {
  std::vector<Value *> work{v};
  std::unordered_set<const Value *> seen;
  while (!work.empty()) {
    Value *cur = work.back();
    work.pop_back();
    if (!seen.insert(cur).second)
      continue;
    if (carried.count(cur))
      return true;
    Operation *def = cur->getDefiningOp();
    if (!def || !def->isAncestorOrSelf(loop))
      continue; // block arguments other than iter_args, outer values
    for (Value *operand : def->getOperands())
      work.push_back(operand);
    // Values yielded by nested regions may read carried values too.
    def->walk<WalkOrder::PreOrder>([&](Operation *nested) {
      for (Value *operand : nested->getOperands())
        work.push_back(operand);
    });
  }
  return false;
}

std::unordered_set<const Value *> allIterArgValues(Operation *forOp) {
  std::unordered_set<const Value *> carried;
  for (unsigned i = 0; i < forOp->getNumResults(); ++i)
    carried.insert(iterArgValue(forOp, i));
  return carried;
}

} // namespace

std::optional<ReductionKind> reductionKindOf(std::string_view opName) {
  for (const KindSpelling &k : kKinds)
    if (k.opName == opName)
      return k.kind;
  return std::nullopt;
}

std::string_view reductionKindName(ReductionKind kind) {
  for (const KindSpelling &k : kKinds)
    if (k.kind == kind)
      return k.reduceName;
  return "";
}

std::optional<LoopReduction> getReduction(Operation *forOp, unsigned pos) {
  if (!forOp->isa("affine.for") || pos >= forOp->getNumResults())
    return std::nullopt;
  Value *carried = iterArgValue(forOp, pos);
  // One use: any other reader would see a partial result, which differs
  // once the iterations are reordered or split.
  if (carried->getUses().size() != 1)
    return std::nullopt;
  Operation *combiner = carried->getUses().front().user;
  std::optional<ReductionKind> kind = reductionKindOf(combiner->getName());
  if (!kind || combiner->getNumOperands() != 2 ||
      combiner->getNumResults() != 1 || combiner->getParentOp() != forOp)
    return std::nullopt;
  // The combined value goes straight to the yield, at the same position.
  Value *combined = combiner->getResult(0);
  Operation *yield = forOp->getRegion(0).front().getTerminator();
  if (combined->getUses().size() != 1 ||
      combined->getUses().front().user != yield ||
      yield->getOperand(pos) != combined)
    return std::nullopt;
  Value *reduced = combiner->getOperand(0) == carried ? combiner->getOperand(1)
                                                      : combiner->getOperand(0);
  if (reduced == carried ||
      dependsOnCarried(reduced, forOp, allIterArgValues(forOp)))
    return std::nullopt;
  return LoopReduction{*kind, pos, combiner, reduced};
}

std::optional<SelectReduction> getSelectReduction(Operation *forOp,
                                                  unsigned pos) {
  if (!forOp->isa("affine.for") || pos >= forOp->getNumResults())
    return std::nullopt;
  Value *carried = iterArgValue(forOp, pos);
  Operation *yield = forOp->getRegion(0).front().getTerminator();
  Value *yielded = yield->getOperand(pos);
  Operation *select = yielded->getDefiningOp();
  if (!select || select->getName() != "arith.select" ||
      select->getParentOp() != forOp || yielded->getUses().size() != 1 ||
      select->getOperand(2) != carried || !carried->getType().isFloat())
    return std::nullopt;
  Operation *cmp = select->getOperand(0)->getDefiningOp();
  if (!cmp || cmp->getName() != "arith.cmpf" || cmp->getParentOp() != forOp ||
      cmp->getResult(0)->getUses().size() != 1)
    return std::nullopt;
  // The running value is read by the compare and the select only.
  if (carried->getUses().size() != 2)
    return std::nullopt;
  Value *x = select->getOperand(1);
  std::string_view pred =
      kCmpFPredicates[std::clamp<int64_t>(CmpFOp(cmp).getPredicate(), 0, 15)];
  // As `P(x, m)`: swapped operands mirror the predicate.
  bool swapped = cmp->getOperand(0) == carried && cmp->getOperand(1) == x;
  if (!swapped && !(cmp->getOperand(0) == x && cmp->getOperand(1) == carried))
    return std::nullopt;
  SelectReduction r;
  if (pred == "ogt" || pred == "oge")
    r.isMax = !swapped;
  else if (pred == "olt" || pred == "ole")
    r.isMax = swapped;
  else
    return std::nullopt;
  r.takesTies = pred == "oge" || pred == "ole";
  if (x == carried || dependsOnCarried(x, forOp, allIterArgValues(forOp)))
    return std::nullopt;
  r.iterArg = pos;
  r.cmp = cmp;
  r.select = select;
  r.candidate = x;
  return r;
}

std::vector<LoopReduction> getSupportedReductions(Operation *forOp) {
  std::vector<LoopReduction> reductions;
  if (!forOp->isa("affine.for"))
    return reductions;
  for (unsigned i = 0; i < forOp->getNumResults(); ++i)
    if (std::optional<LoopReduction> r = getReduction(forOp, i))
      reductions.push_back(*r);
  return reductions;
}

bool allIterArgsAreReductions(Operation *forOp) {
  return getSupportedReductions(forOp).size() == forOp->getNumResults();
}

} // namespace affjit
