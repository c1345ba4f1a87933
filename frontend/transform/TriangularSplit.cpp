// Pass `split-triangle` (see TriangularSplit.h).
#include "frontend/transform/TriangularSplit.h"

#include "frontend/analysis/AffineFlattening.h"
#include "frontend/analysis/DistributionLegality.h"
#include "frontend/analysis/LoopParallelism.h"
#include "frontend/analysis/RegisterBlockPlan.h"
#include "frontend/ir/AffineAccess.h"
#include "frontend/ir/Builder.h"
#include "frontend/transform/utils/LoopBands.h"
#include "frontend/transform/utils/LoopDescription.h"
#include "frontend/transform/utils/LoopUtils.h"

#include <algorithm>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace affjit {

namespace {

/// A row loop `rows` around a triangle loop `cols` = `for j = i + offset to
/// ub`, split in blocks of `blockRows`.
struct TrianglePlan {
  AffineForOp rows, cols;
  int64_t offset = 0;
  unsigned blockRows = 0;
  /// Statements of the row loop's body other than `cols`, moved first into
  /// a row loop of their own.
  std::vector<Operation *> others;
};

constexpr int64_t kMaxOffset = int64_t(1) << 40;

/// `c` if `cols`'s lower bound is the single result `iv + c` of the row
/// loop's induction variable `iv` and constants.
std::optional<int64_t> offsetFromRow(AffineForOp cols, Value *iv) {
  AffineMap lb = cols.getLowerBoundMap();
  if (lb.getNumResults() != 1)
    return std::nullopt;
  std::vector<Value *> operands = cols.getLowerBoundOperands();
  FlatExprs flat;
  if (!flattenAffineExprs(lb.getResults(), lb.getNumDims(), lb.getNumSymbols(),
                          flat) ||
      flat.rows[0].size() != lb.getNumInputs() + 1)
    return std::nullopt;
  int64_t ivCoefficient = 0;
  for (unsigned p = 0; p < operands.size(); ++p) {
    if (operands[p] == iv)
      ivCoefficient += flat.rows[0][p];
    else if (flat.rows[0][p] != 0)
      return std::nullopt;
  }
  // The block's bounds add U - 1 to the offset here, at compile time.
  int64_t offset = flat.rows[0].back();
  if (ivCoefficient != 1 || offset > kMaxOffset || offset < -kMaxOffset)
    return std::nullopt;
  return offset;
}

/// The most values one innermost loop under `cols` accumulates: its
/// iter_args, or elements it loads and stores at subscripts that do not
/// move with it (what scalrep will keep in registers).
unsigned accumulatorsUnder(AffineForOp cols) {
  unsigned most = 0;
  walkOps<AffineForOp>(cols.getOperation(), [&](AffineForOp loop) {
    if (loop.getOperation() == cols.getOperation())
      return;
    unsigned n = loop.getNumIterArgs();
    for (auto &owned : loop.getBody()->getOperations()) {
      if (isa<AffineForOp>(owned.get()))
        return;
      if (isa<AffineStoreOp>(owned.get()) &&
          !accessUses(owned.get(), loop.getInductionVar()))
        ++n;
    }
    most = std::max(most, n);
  });
  return most;
}

/// Whether a load under `cols` reads the same element for every row (a
/// register block's rows share it).
bool rowsShareALoad(AffineForOp cols, Value *rowIv) {
  bool shared = false;
  cols.getOperation()->walk([&](Operation *op) {
    if (isa<AffineLoadOp>(op) && !accessUses(op, rowIv))
      shared = true;
  });
  return shared;
}

/// The statements of `rows`'s body besides `cols` (nullopt if one of them
/// is tied to `cols` by a value).
std::optional<std::vector<Operation *>> othersThan(AffineForOp rows,
                                                   AffineForOp cols) {
  std::vector<StatementGroup> groups = getStatementGroups(rows);
  std::vector<const StatementGroup *> others;
  for (const StatementGroup &group : groups) {
    bool holdsCols = std::find(group.begin(), group.end(),
                               cols.getOperation()) != group.end();
    if (holdsCols && group.size() != 1)
      return std::nullopt;
    if (!holdsCols)
      others.push_back(&group);
  }
  return mergeStatementGroups(others);
}

/// Whether `cols`'s upper bound uses a value of the row loop: its
/// induction variable or one computed in its body.
bool usesRowIv(AffineForOp cols, AffineForOp rows) {
  for (Value *v : cols.getUpperBoundOperands())
    if (isDefinedInside(v, rows.getOperation()))
      return true;
  return false;
}

/// Why `rows` is not split ("" and `plan` filled if it is; `quiet` for
/// loops that are no candidate at all).
std::string planSplit(AffineForOp rows, const TriangularSplitOptions &options,
                      bool fastMath, TrianglePlan &plan, bool &quiet) {
  quiet = true;
  if (rows.getNumIterArgs() != 0 || rows.getStep() != 1 ||
      !rows.getConstantLowerBound() || !rows.getConstantUpperBound())
    return "its bounds are not constant with step 1";
  std::vector<AffineForOp> inner = opsOfType<AffineForOp>(*rows.getBody());
  if (inner.empty())
    return "no loop in its body";
  AffineForOp cols = inner.front();
  Value *iv = rows.getInductionVar();
  std::optional<int64_t> offset = offsetFromRow(cols, iv);
  if (!offset || usesRowIv(cols, rows))
    return "the loop in its body does not start at the row";
  unsigned accumulators = accumulatorsUnder(cols);
  if (accumulators == 0 || !rowsShareALoad(cols, iv))
    return "no sums under its columns share loads across rows";
  quiet = false;
  if (cols.getStep() != 1 || cols.getNumIterArgs() != 0)
    return "its columns loop has a step or carries values";
  std::optional<std::vector<Operation *>> others = othersThan(rows, cols);
  if (!others)
    return "its columns loop is tied to other statements by a value";
  if (!others->empty())
    if (std::optional<DistributionConflict> conflict =
            findDistributionConflict(rows, {{cols.getOperation()}, *others}))
      return "the rest of its body could not run after it: " +
             describeConflict(*conflict);
  uint64_t trips = *getConstantTripCount(rows);
  unsigned blockRows =
      registerBlockRows(options.target, fastMath,
                        accumulators * options.target.accumulatorInterleave,
                        trips, options.maxRows);
  if (blockRows < 2 || trips < blockRows)
    return "fewer rows than one register block";
  plan = {rows, cols, *offset, blockRows, std::move(*others)};
  return "";
}

/// `for u = 0 to rows: {%i = i0 + u; copy of cols with its lower bound
/// (and, for the triangle, upper bound) set}` at `b`.
void emitRowLoop(OpBuilder &b, const TrianglePlan &plan, Value *i0,
                 bool triangle) {
  AffineForOp loop = AffineForOp::create(b, 0, plan.blockRows);
  OpBuilder body = OpBuilder::atBlockTerminator(loop.getBody(), b.getLoc());
  Value *u = loop.getInductionVar();
  Value *row =
      AffineApplyOp::create(
          body, AffineMap::get(2, 0, {AffineExpr::dim(0) + AffineExpr::dim(1)}),
          {i0, u})
          .getOperation()
          ->getResult(0);
  std::unordered_map<Value *, Value *> mapping{
      {plan.rows.getInductionVar(), row}};
  auto cols = AffineForOp(body.clone(*plan.cols.getOperation(), mapping));
  inheritInductionVarName(plan.cols, cols);
  int64_t last = (int64_t)plan.blockRows - 1 + plan.offset;
  if (triangle) {
    // j < min(ub, i0 + U - 1 + c): the columns left of the block's square.
    // i0 is a new dim after the old ones (symbols keep their positions).
    AffineMap ub = plan.cols.getUpperBoundMap();
    std::vector<AffineExpr> results = ub.getResults();
    results.push_back(AffineExpr::dim(ub.getNumDims()) + last);
    std::vector<Value *> operands = plan.cols.getUpperBoundOperands();
    operands.insert(operands.begin() + ub.getNumDims(), i0);
    cols.setUpperBound(
        AffineMap::get(ub.getNumDims() + 1, ub.getNumSymbols(), results),
        operands);
  } else {
    cols.setLowerBound(AffineMap::get(1, 0, {AffineExpr::dim(0) + last}), {i0});
  }
}

/// Moves the constants of `rows`'s body before it: the copies of the
/// columns loop, which run outside the row loop, may use them.
void hoistConstants(AffineForOp rows) {
  for (ConstantOp constant : opsOfType<ConstantOp>(*rows.getBody()))
    constant.getOperation()->moveBefore(rows.getOperation());
}

void applySplit(const TrianglePlan &plan) {
  AffineForOp rows = plan.rows;
  hoistConstants(rows);
  int64_t lb = *rows.getConstantLowerBound();
  uint64_t trips = *getConstantTripCount(rows);
  int64_t end = lb + (int64_t)(trips / plan.blockRows * plan.blockRows);
  OpBuilder before = OpBuilder::before(rows.getOperation());
  AffineForOp blocks = AffineForOp::create(before, lb, end, plan.blockRows);
  inheritInductionVarName(rows, blocks);
  OpBuilder body =
      OpBuilder::atBlockTerminator(blocks.getBody(), rows.getLoc());
  emitRowLoop(body, plan, blocks.getInductionVar(), /*triangle=*/true);
  emitRowLoop(body, plan, blocks.getInductionVar(), /*triangle=*/false);
  if (end == *rows.getConstantUpperBound())
    rows->erase();
  else
    rows.setLowerBound(AffineMap::getConstant(end), {});
}

} // namespace

bool splitTriangles(Module &module, PassContext &context,
                    const TriangularSplitOptions &options) {
  std::vector<AffineForOp> loops;
  walkOps<AffineForOp>(module.getOperation(),
                       [&](AffineForOp loop) { loops.push_back(loop); });
  for (AffineForOp rows : loops) {
    TrianglePlan plan;
    bool quiet = true;
    std::string why =
        planSplit(rows, options, context.isFastMath(), plan, quiet);
    if (!why.empty()) {
      if (!quiet)
        context.remark(rows.getLoc(), "not split: " + why);
      continue;
    }
    // The rows' independence is checked on the columns loop alone, once
    // the rest of the body has a loop of its own.
    if (!plan.others.empty())
      moveIntoCopyAfter(plan.rows, plan.others);
    if (!isLoopMemoryParallel(rows.getOperation())) {
      context.remark(rows.getLoc(),
                     std::string("not split: one row depends on another, and "
                                 "the rows of a block would run their "
                                 "triangles first") +
                         (plan.others.empty()
                              ? ""
                              : " (the rest of its body now runs in a row "
                                "loop of its own after it)"));
      continue;
    }
    if (context.remarksEnabled())
      context.remark(rows.getLoc(),
                     "split in blocks of " + std::to_string(plan.blockRows) +
                         " rows: each block runs its triangle " +
                         ivName(plan.cols) + " < " + ivName(rows) + " + " +
                         std::to_string(plan.blockRows - 1 + plan.offset) +
                         " row by row, then the rest of its columns in a "
                         "loop of constant bounds that unroll-jam blocks");
    applySplit(plan);
  }
  return true;
}

} // namespace affjit
