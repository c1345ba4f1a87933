// Lowering of the scf dialect to LLVM IR: scf.for (index or integer IV,
// iter_args) as a counted loop (LoopBuilder), scf.if and
// scf.index_switch as branches (a `switch` for the latter) joined by phis,
// scf.while as a loop whose header runs the `before` region and exits on
// scf.condition's false, scf.execute_region inline. scf.parallel runs
// sequentially, as nested counted loops carrying its reductions: each
// iteration combines the carried value with its scf.reduce operand
// through the reduction region, in iteration order (MLIR leaves the order
// unspecified, so the results are those of one valid order).
#include "frontend/ir/ScfOps.h"
#include "frontend/lower/LoopBuilder.h"
#include "frontend/lower/OpLowerings.h"

namespace affjit {

namespace {

using Builder = llvm::IRBuilder<>;
using Values = std::vector<llvm::Value *>;

/// Maps `op`'s results to `values`.
void mapResults(LoweringContext &lc, Operation &op, const Values &values) {
  for (unsigned i = 0; i < op.getNumResults(); ++i)
    lc.map(op.getResult(i), values[i]);
}

/// Phis in the current block joining each arm's values for `op`'s results.
void joinResults(
    LoweringContext &lc, Operation &op,
    const std::vector<std::pair<llvm::BasicBlock *, Values>> &arms) {
  Builder &b = lc.builder();
  for (unsigned i = 0; i < op.getNumResults(); ++i) {
    llvm::PHINode *phi = b.CreatePHI(lc.convertType(op.getResult(i)->getType()),
                                     (unsigned)arms.size());
    for (auto &[bb, vals] : arms)
      phi->addIncoming(vals[i], bb);
    lc.map(op.getResult(i), phi);
  }
}

bool lowerFor(LoweringContext &lc, Operation &op) {
  ScfForOp forOp(&op);
  llvm::Value *lb = lc.lookup(forOp.getLowerBound());
  llvm::Value *ub = lc.lookup(forOp.getUpperBound());
  llvm::Value *step = lc.lookup(forOp.getStep());
  Block &body = *forOp.getBody();
  Values results;
  bool ok = emitCountedLoop(
      lc, lb, ub, step, lc.lookup(forOp.getInits()),
      [&](llvm::Value *iv, const Values &carried, Values &next) {
        Values args{iv};
        args.insert(args.end(), carried.begin(), carried.end());
        return lowerLoopBody(lc, body, args, next);
      },
      results);
  if (ok)
    mapResults(lc, op, results);
  return ok;
}

/// Lowers region `r` of `op` (if it has a block) into `bb`, then branches
/// to `merge`; records the block the arm ends in and the values it yields.
bool lowerArm(LoweringContext &lc, Operation &op, unsigned r,
              llvm::BasicBlock *bb, llvm::BasicBlock *merge,
              std::vector<std::pair<llvm::BasicBlock *, Values>> &arms) {
  Builder &b = lc.builder();
  b.SetInsertPoint(bb);
  Values yielded;
  Region &region = op.getRegion(r);
  if (!region.empty() && !lowerLoopBody(lc, region.front(), {}, yielded))
    return false;
  arms.push_back({b.GetInsertBlock(), yielded});
  b.CreateBr(merge);
  return true;
}

bool lowerIf(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  llvm::Function *fn = lc.currentFunction();
  auto *thenBB = llvm::BasicBlock::Create(lc.ctx(), "scf.then", fn);
  auto *elseBB = llvm::BasicBlock::Create(lc.ctx(), "scf.else", fn);
  auto *merge = llvm::BasicBlock::Create(lc.ctx(), "scf.endif", fn);
  b.CreateCondBr(lc.lookup(op.getOperand(0)), thenBB, elseBB);
  std::vector<std::pair<llvm::BasicBlock *, Values>> arms;
  if (!lowerArm(lc, op, 0, thenBB, merge, arms) ||
      !lowerArm(lc, op, 1, elseBB, merge, arms))
    return false;
  b.SetInsertPoint(merge);
  joinResults(lc, op, arms);
  return true;
}

bool lowerIndexSwitch(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  llvm::Function *fn = lc.currentFunction();
  std::vector<int64_t> cases = ScfIndexSwitchOp(&op).getCases();
  auto *defaultBB = llvm::BasicBlock::Create(lc.ctx(), "scf.default", fn);
  auto *merge = llvm::BasicBlock::Create(lc.ctx(), "scf.endswitch", fn);
  llvm::SwitchInst *sw = b.CreateSwitch(lc.lookup(op.getOperand(0)), defaultBB,
                                        (unsigned)cases.size());
  std::vector<std::pair<llvm::BasicBlock *, Values>> arms;
  for (size_t i = 0; i < cases.size(); ++i) {
    auto *bb = llvm::BasicBlock::Create(lc.ctx(), "scf.case", fn);
    sw->addCase(b.getInt64((uint64_t)cases[i]), bb);
    if (!lowerArm(lc, op, (unsigned)i + 1, bb, merge, arms))
      return false;
  }
  if (!lowerArm(lc, op, 0, defaultBB, merge, arms))
    return false;
  b.SetInsertPoint(merge);
  joinResults(lc, op, arms);
  return true;
}

bool lowerExecuteRegion(LoweringContext &lc, Operation &op) {
  Region &region = op.getRegion(0);
  if (region.getBlocks().size() != 1)
    return lc.emitError(op, "regions of more than one block are not "
                            "supported");
  Values yielded;
  if (!lowerLoopBody(lc, region.front(), {}, yielded))
    return false;
  mapResults(lc, op, yielded);
  return true;
}

/// scf.while: `header` holds phis for the before region's arguments and
/// runs it; scf.condition's true branch runs the after region, whose
/// yield feeds the phis; its false branch leaves with the forwarded values.
bool lowerWhile(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  llvm::Function *fn = lc.currentFunction();
  Block &before = op.getRegion(0).front(), &after = op.getRegion(1).front();
  llvm::BasicBlock *pre = b.GetInsertBlock();
  auto *header = llvm::BasicBlock::Create(lc.ctx(), "scf.while", fn);
  auto *bodyBB = llvm::BasicBlock::Create(lc.ctx(), "scf.do", fn);
  auto *exit = llvm::BasicBlock::Create(lc.ctx(), "scf.endwhile", fn);
  b.CreateBr(header);
  b.SetInsertPoint(header);
  std::vector<llvm::PHINode *> phis;
  Values args;
  for (Value *init : op.getOperands()) {
    llvm::Value *v = lc.lookup(init);
    llvm::PHINode *phi = b.CreatePHI(v->getType(), 2);
    phi->addIncoming(v, pre);
    phis.push_back(phi);
    args.push_back(phi);
  }
  Values condOperands;
  if (!lowerLoopBody(lc, before, args, condOperands))
    return false;
  Values forwarded(condOperands.begin() + 1, condOperands.end());
  b.CreateCondBr(condOperands[0], bodyBB, exit);
  b.SetInsertPoint(bodyBB);
  Values next;
  if (!lowerLoopBody(lc, after, forwarded, next))
    return false;
  for (size_t i = 0; i < phis.size(); ++i)
    phis[i]->addIncoming(next[i], b.GetInsertBlock());
  b.CreateBr(header);
  // The exit's one predecessor ends the before region: its values dominate.
  b.SetInsertPoint(exit);
  mapResults(lc, op, forwarded);
  return true;
}

/// Combines `carried` with the body's scf.reduce operands through each
/// reduction region.
bool applyReductions(LoweringContext &lc, Operation &reduce,
                     const Values &carried, Values &next) {
  for (unsigned i = 0; i < reduce.getNumOperands(); ++i) {
    Values combined;
    if (!lowerLoopBody(lc, reduce.getRegion(i).front(),
                       {carried[i], lc.lookup(reduce.getOperand(i))}, combined))
      return false;
    next.push_back(combined[0]);
  }
  return true;
}

/// Loop `dim` of the scf.parallel and the ones inside it, carrying the
/// reductions from `init` into `results`.
bool emitParallelDim(LoweringContext &lc, ScfParallelOp par, unsigned dim,
                     const Values &init, Values &results) {
  Block &body = *par.getBody();
  return emitCountedLoop(
      lc, lc.lookup(par.getLowerBounds()[dim]),
      lc.lookup(par.getUpperBounds()[dim]), lc.lookup(par.getSteps()[dim]),
      init,
      [&](llvm::Value *iv, const Values &carried, Values &next) {
        lc.map(body.getArgument(dim), iv);
        if (dim + 1 < par.getNumLoops())
          return emitParallelDim(lc, par, dim + 1, carried, next);
        return lc.lowerOpsExceptTerminator(body) &&
               applyReductions(lc, *par.getReduce(), carried, next);
      },
      results);
}

bool lowerParallel(LoweringContext &lc, Operation &op) {
  ScfParallelOp par(&op);
  Values inits = lc.lookup(par.getInits());
  if (par.getNumLoops() == 0) {
    // No loops: the body runs once.
    Values results;
    if (!lc.lowerOpsExceptTerminator(*par.getBody()) ||
        !applyReductions(lc, *par.getReduce(), inits, results))
      return false;
    mapResults(lc, op, results);
    return true;
  }
  Values results;
  if (!emitParallelDim(lc, par, 0, inits, results))
    return false;
  mapResults(lc, op, results);
  return true;
}

} // namespace

void registerScfOpLowerings(OpLoweringRegistry &r) {
  r.add("scf.for", lowerFor);
  r.add("scf.if", lowerIf);
  r.add("scf.while", lowerWhile);
  r.add("scf.parallel", lowerParallel);
  r.add("scf.index_switch", lowerIndexSwitch);
  r.add("scf.execute_region", lowerExecuteRegion);
}

} // namespace affjit
