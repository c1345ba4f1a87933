// Pass `skew-jam` (see SkewJam.h).
#include "frontend/transform/SkewJam.h"

#include "frontend/analysis/LoopParallelism.h"
#include "frontend/analysis/UnrollJamLegality.h"
#include "frontend/ir/Builder.h"
#include "frontend/ir/Ops.h"
#include "frontend/transform/utils/LoopDescription.h"
#include "frontend/transform/utils/LoopUtils.h"

#include <unordered_map>

namespace affjit {

namespace {

/// The longest lag between neighbouring rows.
constexpr int64_t kMaxSkew = 8;
/// The most ops of an inner body copied U times over.
constexpr size_t kMaxBodyOps = 64;

struct SkewPlan {
  AffineForOp outer, inner;
  unsigned rows = 1;
  int64_t skew = 0;
};

/// The innermost loops whose parent loop holds nothing else: the shapes
/// this pass could block.
std::vector<AffineForOp> candidates(Operation *func) {
  std::vector<AffineForOp> out;
  walkOps<AffineForOp>(func, [&](AffineForOp inner) {
    auto outer = dyn_cast<AffineForOp>(inner->getParentOp());
    if (outer && outer.getBody()->getOperations().size() == 2 &&
        isInnermostLoopBody(*inner.getBody()))
      out.push_back(inner);
  });
  return out;
}

/// Why the rows of `outer` around `inner` cannot be blocked, or "" with
/// `plan` filled in.
std::string planRows(AffineForOp outer, AffineForOp inner, unsigned maxRows,
                     SkewPlan &plan) {
  if (outer.getNumIterArgs() != 0 || inner.getNumIterArgs() != 0)
    return "a loop carries values";
  std::optional<uint64_t> rowTrips = getConstantTripCount(outer),
                          columnTrips = getConstantTripCount(inner);
  if (!outer.getConstantLowerBound() || !rowTrips ||
      !inner.getConstantLowerBound() || !columnTrips)
    return "the bounds are not constant";
  if (inner.getStep() != 1)
    return "the inner loop's step is not 1";
  unsigned rows = (unsigned)std::min<uint64_t>(maxRows, *rowTrips);
  if (rows < 2)
    return "fewer than two rows";
  if (inner.getBody()->getOperations().size() > kMaxBodyOps)
    return "the inner body is too large to copy " + std::to_string(rows) +
           " times";
  if (usesVectors(inner.getOperation()))
    return "the inner loop is vectorized";
  if (isLoopMemoryParallel(inner.getOperation()))
    return "the inner loop carries no dependence (its iterations already "
           "overlap)";
  JamSkew skew = getJamSkew(outer.getOperation(), inner.getOperation(), rows);
  if (!skew.skew)
    return skew.why;
  if (*skew.skew > kMaxSkew)
    return "rows would lag " + std::to_string(*skew.skew) +
           " columns behind each other";
  if (*skew.skew * (int64_t)(rows - 1) > (int64_t)*columnTrips)
    return "the rows' lag exceeds the inner trip count";
  plan = {outer, inner, rows, *skew.skew};
  return "";
}

/// Copies the body of `inner` (without its yield) at `b` for one row and
/// column.
void cloneBody(AffineForOp inner, OpBuilder &b, Value *row, Value *column,
               Value *outerIv) {
  std::unordered_map<Value *, Value *> map{{outerIv, row},
                                           {inner.getInductionVar(), column}};
  for (auto &owned : inner.getBody()->getOperations())
    if (!owned->isTerminator()) {
      b.setLoc(owned->getLoc());
      b.clone(*owned, map);
    }
}

/// A loop over [lb, ub) at `b`, named like `like`, with a builder inside.
AffineForOp columnLoop(OpBuilder &b, AffineForOp like, int64_t lb, int64_t ub) {
  AffineForOp loop = AffineForOp::create(b, lb, ub, 1);
  inheritInductionVarName(like, loop);
  return loop;
}

/// Runs `plan.rows` rows per step of a new outer loop: each row's first
/// columns alone, then the columns every row has, row u at column
/// j - skew * u, then each row's last columns alone. Rows left over run in
/// the original loop after it.
void skewAndJam(const SkewPlan &plan) {
  AffineForOp outer = plan.outer, inner = plan.inner;
  int64_t lb = *outer.getConstantLowerBound(), step = outer.getStep();
  uint64_t trips = *getConstantTripCount(outer);
  int64_t end = unrolledLoopEnd(lb, trips, plan.rows, step);
  int64_t first = *inner.getConstantLowerBound();
  int64_t last = first + (int64_t)*getConstantTripCount(inner);
  int64_t s = plan.skew, u1 = (int64_t)plan.rows - 1;
  Value *outerIv = outer.getInductionVar();

  OpBuilder b = OpBuilder::before(outer.getOperation());
  b.setLoc(outer.getLoc());
  AffineForOp jammed = AffineForOp::create(b, lb, end, step * plan.rows);
  inheritInductionVarName(outer, jammed);
  OpBuilder body = OpBuilder::before(jammed.getBody()->getTerminator());
  body.setLoc(outer.getLoc());
  std::vector<Value *> rows;
  for (int64_t u = 0; u <= u1; ++u)
    rows.push_back(addConstantIndex(body, jammed.getInductionVar(), u * step));

  auto alone = [&](int64_t u, int64_t from, int64_t to) {
    if (from >= to)
      return;
    body.setLoc(inner.getLoc());
    AffineForOp loop = columnLoop(body, inner, from, to);
    OpBuilder in = OpBuilder::before(loop.getBody()->getTerminator());
    cloneBody(inner, in, rows[u], loop.getInductionVar(), outerIv);
  };
  for (int64_t u = 0; u < u1; ++u)
    alone(u, first, first + s * (u1 - u));
  body.setLoc(inner.getLoc());
  AffineForOp steady = columnLoop(body, inner, first + s * u1, last);
  OpBuilder in = OpBuilder::before(steady.getBody()->getTerminator());
  in.setLoc(inner.getLoc());
  for (int64_t u = 0; u <= u1; ++u)
    cloneBody(inner, in, rows[u],
              addConstantIndex(in, steady.getInductionVar(), -s * u), outerIv);
  for (int64_t u = 1; u <= u1; ++u)
    alone(u, last - s * u, last);

  if (trips % plan.rows == 0) {
    outer->erase();
    return;
  }
  outer.setLowerBound(AffineMap::getConstant(end), {});
}

} // namespace

bool skewAndJamLoops(Module &module, PassContext &context,
                     const SkewJamOptions &options) {
  walkOps<FuncOp>(module.getOperation(), [&](FuncOp func) {
    if (func.isDeclaration())
      return;
    std::vector<SkewPlan> plans;
    for (AffineForOp inner : candidates(func.getOperation())) {
      auto outer = cast<AffineForOp>(inner->getParentOp());
      SkewPlan plan;
      std::string why = planRows(outer, inner, options.rows, plan);
      if (!why.empty()) {
        if (context.remarksEnabled())
          context.remark(outer.getLoc(),
                         "not skewed and jammed: " + describeLoopBounds(outer) +
                             ": " + why);
        continue;
      }
      if (context.remarksEnabled())
        context.remark(outer.getLoc(),
                       "skewed and jammed: " + describeLoopBounds(outer) +
                           ", " + std::to_string(plan.rows) +
                           " rows at once, each " + std::to_string(plan.skew) +
                           " column(s) behind the one before");
      plans.push_back(plan);
    }
    for (const SkewPlan &plan : plans)
      skewAndJam(plan);
  });
  return true;
}

} // namespace affjit
