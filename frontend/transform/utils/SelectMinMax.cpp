// Select-of-compare to min/max under fast math (see SelectMinMax.h).
#include "frontend/transform/utils/SelectMinMax.h"

#include "frontend/ir/ArithOpTable.h"
#include "frontend/ir/Builder.h"
#include "frontend/ir/FuncOps.h"

#include <cstring>
#include <vector>

namespace affjit {

namespace {

/// "arith.maximumf" / "arith.minimumf" for `select(cmpf pred a, b), a, b`,
/// or null: `>`/`>=` pick the larger, `<`/`<=` the smaller, ordered or not.
const char *minMaxOf(const char *pred) {
  for (const char *p : {"ogt", "oge", "ugt", "uge"})
    if (!std::strcmp(pred, p))
      return "arith.maximumf";
  for (const char *p : {"olt", "ole", "ult", "ule"})
    if (!std::strcmp(pred, p))
      return "arith.minimumf";
  return nullptr;
}

const char *flipped(const char *name) {
  return !std::strcmp(name, "arith.maximumf") ? "arith.minimumf"
                                              : "arith.maximumf";
}

/// The min/max `select` computes, or null. The compare must ignore NaNs
/// and the sign of zero: `fastMath`, or its own `nnan` and `nsz` flags.
const char *matchSelect(Operation *select, bool fastMath) {
  if (select->getName() != "arith.select" || select->getNumOperands() != 3)
    return nullptr;
  CmpFOp cmp = dyn_cast<CmpFOp>(select->getOperand(0)->getDefiningOp());
  if (!cmp || !select->getResult(0)->getType().isFloat())
    return nullptr;
  ArithFastMathOp flags(cmp.getOperation());
  if (!fastMath &&
      !(flags.hasFastMathFlag("nnan") && flags.hasFastMathFlag("nsz")))
    return nullptr;
  int64_t p = cmp.getPredicate();
  if (p < 0 || p >= 16)
    return nullptr;
  const char *kind = minMaxOf(kCmpFPredicates[p]);
  Value *a = cmp.getLhs(), *b = cmp.getRhs();
  if (!kind)
    return nullptr;
  if (select->getOperand(1) == a && select->getOperand(2) == b)
    return kind;
  if (select->getOperand(1) == b && select->getOperand(2) == a)
    return flipped(kind);
  return nullptr;
}

} // namespace

unsigned rewriteSelectMinMax(Operation *root, bool fastMath) {
  std::vector<std::pair<Operation *, const char *>> found;
  root->walk([&](Operation *op) {
    if (const char *kind = matchSelect(op, fastMath))
      found.push_back({op, kind});
  });
  for (auto [select, kind] : found) {
    OpBuilder b = OpBuilder::before(select);
    OperationState state(kind, select->getLoc());
    state.operands = {select->getOperand(1), select->getOperand(2)};
    state.types.push_back(select->getResult(0)->getType());
    Operation *minMax = b.create(state);
    Operation *cmp = select->getOperand(0)->getDefiningOp();
    select->getResult(0)->replaceAllUsesWith(minMax->getResult(0));
    select->erase();
    if (cmp->getResult(0)->getUses().empty())
      cmp->erase();
  }
  return (unsigned)found.size();
}

} // namespace affjit
