// Verifiers of the scf dialect, with MLIR 19's messages (SCF.cpp, SCFOps.td
// and the RegionBranchOpInterface's edge checks): operand types of bounds
// and conditions, the values each region passes along its control-flow
// edges (inits into bodies, yields back to bodies or out to results) in
// number and type, terminators and their parents, scf.parallel's
// reductions and positive constant steps, index_switch's case values.
// MLIR 19 does not reject a non-positive constant step of scf.for (only
// of scf.parallel), and neither does affjit.
#include "frontend/ir/FuncOps.h"
#include "frontend/ir/ScfOps.h"
#include "frontend/verify/OpVerifiers.h"

#include <set>

namespace affjit {

namespace {

std::vector<Type> typesOf(const std::vector<Value *> &values) {
  std::vector<Type> types;
  for (Value *v : values)
    types.push_back(v->getType());
  return types;
}

/// The values a region's terminator passes on: the operands of scf.yield,
/// the forwarded arguments of scf.condition.
std::vector<Value *> forwardedValues(Operation *term) {
  if (!term)
    return {};
  if (term->isa(opname::ScfCondition))
    return term->getOperands(1, term->getNumOperands() - 1);
  return term->getOperands();
}

/// One RegionBranchOpInterface edge: `source` values flowing into
/// `target` types, described as "from X to Y".
bool checkEdge(Operation &op, VerifyContext &ctx, const std::string &from,
               const std::string &to, const std::vector<Type> &source,
               const std::vector<Type> &target) {
  if (source.size() != target.size())
    return ctx.emitOpError(op, " region control flow edge from " + from +
                                   " to " + to + ": source has " +
                                   std::to_string(source.size()) +
                                   " operands, but target successor needs " +
                                   std::to_string(target.size()));
  for (size_t i = 0; i < source.size(); ++i)
    if (source[i] != target[i])
      return ctx.emitOpError(
          op, " along control flow edge from " + from + " to " + to +
                  ": source type #" + std::to_string(i) + " " +
                  quoted(source[i]) + " should match input type #" +
                  std::to_string(i) + " " + quoted(target[i]));
  return true;
}

std::string regionName(unsigned r) { return "Region #" + std::to_string(r); }

/// The terminator of region `r`'s block passes values of the op's result
/// types out (scf.if, scf.execute_region).
bool checkYieldToResults(Operation &op, VerifyContext &ctx, unsigned r) {
  Region &region = op.getRegion(r);
  // Other terminators are not region-branch edges (their own verifier
  // rejects them where they do not belong).
  Operation *term = region.empty() ? nullptr : region.front().getTerminator();
  if (!term || !term->isa(opname::ScfYield))
    return true;
  return checkEdge(op, ctx, regionName(r), "parent results",
                   typesOf(forwardedValues(region.front().getTerminator())),
                   op.getResultTypes());
}

bool isSignlessIntOrIndex(Type t) { return t.isIndex() || t.isInteger(); }

/// A step given by an index `arith.constant` of at most zero.
bool isNonPositiveConstant(Value *v) {
  ConstantOp constant = dyn_cast<ConstantOp>(v->getDefiningOp());
  if (!constant || !v->getType().isIndex())
    return false;
  Attribute value = constant.getValue();
  return value && value.isa(AttrKind::Integer) && value.getInt() <= 0;
}

bool checkSingleBlock(Operation &op, VerifyContext &ctx, unsigned r,
                      const char *name) {
  if (op.getRegion(r).getBlocks().size() != 1)
    return ctx.emitOpError(op, "region #" + std::to_string(r) + " ('" + name +
                                   "') failed to verify constraint: region "
                                   "with 1 blocks");
  return true;
}

//===-- scf.for -----------------------------------------------------------===//

bool checkForOperands(Operation &op, VerifyContext &ctx) {
  if (op.getNumOperands() < 3 || op.getNumRegions() != 1)
    return ctx.emitOpError(op, "requires a lower bound, an upper bound, a "
                               "step and one region");
  for (unsigned i = 0; i < 3; ++i)
    if (!isSignlessIntOrIndex(op.getOperand(i)->getType()))
      return ctx.emitOpError(op, "operand #" + std::to_string(i) +
                                     " must be signless integer or index, "
                                     "but got " +
                                     quoted(op.getOperand(i)->getType()));
  Type t = op.getOperand(0)->getType();
  if (op.getOperand(1)->getType() != t || op.getOperand(2)->getType() != t)
    return ctx.emitOpError(op, "failed to verify that all of {lowerBound, "
                               "upperBound, step} have same type");
  return checkSingleBlock(op, ctx, 0, "region");
}

bool checkForIterArgs(Operation &op, VerifyContext &ctx) {
  ScfForOp forOp(&op);
  std::vector<Value *> inits = forOp.getInits();
  if (inits.size() != op.getNumResults())
    return ctx.emitOpError(op, "mismatch in number of loop-carried values "
                               "and defined values");
  Block *body = forOp.getBody();
  if (body->getNumArguments() == 0 ||
      body->getArgument(0)->getType() != op.getOperand(0)->getType())
    return ctx.emitOpError(op, "expected induction variable to be same type "
                               "as bounds and step");
  std::vector<Value *> iterArgs = forOp.getRegionIterArgs();
  if (iterArgs.size() != op.getNumResults())
    return ctx.emitOpError(op, "mismatch in number of basic block args and "
                               "defined values");
  for (size_t i = 0; i < inits.size(); ++i) {
    std::string n = std::to_string(i);
    if (inits[i]->getType() != iterArgs[i]->getType())
      return ctx.emitOpError(op, n + "-th init and " + n +
                                     "-th region iter_arg have different "
                                     "type: " +
                                     quoted(inits[i]->getType()) +
                                     " != " + quoted(iterArgs[i]->getType()));
    if (op.getResult((unsigned)i)->getType() != iterArgs[i]->getType())
      return ctx.emitOpError(op, n + "-th region iter_arg and " + n +
                                     "-th loop result have different type");
  }
  return true;
}

bool checkForYield(Operation &op, VerifyContext &ctx) {
  ScfForOp forOp(&op);
  std::vector<Value *> yielded = forwardedValues(forOp.getYield());
  std::vector<Value *> iterArgs = forOp.getRegionIterArgs();
  if (yielded.size() != iterArgs.size())
    return checkEdge(op, ctx, regionName(0), regionName(0), typesOf(yielded),
                     typesOf(iterArgs));
  for (size_t i = 0; i < yielded.size(); ++i)
    if (yielded[i]->getType() != iterArgs[i]->getType()) {
      std::string n = std::to_string(i);
      return ctx.emitOpError(op, n + "-th region iter_arg and " + n +
                                     "-th yielded value have different "
                                     "type: " +
                                     quoted(iterArgs[i]->getType()) +
                                     " != " + quoted(yielded[i]->getType()));
    }
  return true;
}

bool verifyFor(Operation &op, VerifyContext &ctx) {
  return checkForOperands(op, ctx) && checkForIterArgs(op, ctx) &&
         checkForYield(op, ctx);
}

//===-- scf.if ------------------------------------------------------------===//

bool verifyIf(Operation &op, VerifyContext &ctx) {
  if (op.getNumOperands() != 1 || op.getNumRegions() != 2)
    return ctx.emitOpError(op, "requires one condition and two regions");
  if (!op.getOperand(0)->getType().isInteger(1))
    return ctx.emitOpError(op, "operand #0 must be 1-bit signless integer, "
                               "but got " +
                                   quoted(op.getOperand(0)->getType()));
  if (!checkSingleBlock(op, ctx, 0, "thenRegion"))
    return false;
  if (op.getNumResults() != 0 && op.getRegion(1).empty())
    return ctx.emitOpError(op, "must have an else block if defining values");
  return checkYieldToResults(op, ctx, 0) && checkYieldToResults(op, ctx, 1);
}

//===-- scf.while ---------------------------------------------------------===//

bool checkWhileTerminators(Operation &op, VerifyContext &ctx) {
  if (op.getNumRegions() != 2 || !checkSingleBlock(op, ctx, 0, "before") ||
      !checkSingleBlock(op, ctx, 1, "after"))
    return false;
  Operation *cond = op.getRegion(0).front().getTerminator();
  if (!cond || !cond->isa(opname::ScfCondition))
    return ctx.emitOpError(op, "expects the 'before' region to terminate "
                               "with 'scf.condition'");
  Operation *yield = op.getRegion(1).front().getTerminator();
  if (!yield || !yield->isa(opname::ScfYield))
    return ctx.emitOpError(op, "expects the 'after' region to terminate "
                               "with 'scf.yield'");
  return true;
}

/// The edges in MLIR's order: into `before`, then from `before` (the
/// results first, then `after`), then from `after` back to `before`.
bool verifyWhile(Operation &op, VerifyContext &ctx) {
  if (!checkWhileTerminators(op, ctx))
    return false;
  Block &before = op.getRegion(0).front(), &after = op.getRegion(1).front();
  std::vector<Type> conditionArgs =
      typesOf(forwardedValues(before.getTerminator()));
  return checkEdge(op, ctx, "parent operands", regionName(0),
                   op.getOperandTypes(), typesOf(before.getArguments())) &&
         checkEdge(op, ctx, regionName(0), "parent results", conditionArgs,
                   op.getResultTypes()) &&
         checkEdge(op, ctx, regionName(0), regionName(1), conditionArgs,
                   typesOf(after.getArguments())) &&
         checkEdge(op, ctx, regionName(1), regionName(0),
                   typesOf(forwardedValues(after.getTerminator())),
                   typesOf(before.getArguments()));
}

bool verifyCondition(Operation &op, VerifyContext &ctx) {
  Operation *parent = op.getParentOp();
  if (!parent || !parent->isa(opname::ScfWhile))
    return ctx.emitOpError(op, "expects parent op 'scf.while'");
  if (op.getNumOperands() == 0 || !op.getOperand(0)->getType().isInteger(1))
    return ctx.emitOpError(op, "operand #0 must be 1-bit signless integer");
  return true;
}

//===-- scf.yield ---------------------------------------------------------===//

bool verifyYield(Operation &op, VerifyContext &ctx) {
  Operation *parent = op.getParentOp();
  static const std::set<std::string> parents = {
      opname::ScfExecuteRegion, opname::ScfFor, opname::ScfIf,
      opname::ScfIndexSwitch, opname::ScfWhile};
  if (!parent || !parents.count(parent->getName()))
    return ctx.emitOpError(op, "expects parent op to be one of "
                               "'scf.execute_region, scf.for, scf.if, "
                               "scf.index_switch, scf.while'");
  return true;
}

//===-- scf.parallel and scf.reduce ---------------------------------------===//

bool checkParallelShape(Operation &op, VerifyContext &ctx) {
  Attribute seg = ScfParallelOp(&op).getOperandSegmentSizesAttr();
  if (!seg || !seg.isa(AttrKind::DenseArray) || seg.getInts().size() != 4)
    return ctx.emitOpError(op, "requires 'operandSegmentSizes' with 4 "
                               "entries");
  std::vector<int64_t> n = seg.getInts();
  if (n[0] < 0 || n[1] < 0 || n[2] < 0 || n[3] < 0 ||
      n[0] + n[1] + n[2] + n[3] != (int64_t)op.getNumOperands())
    return ctx.emitOpError(op, "operand segments do not add up to the "
                               "operand count");
  for (int64_t i = 0; i < n[0] + n[1] + n[2]; ++i)
    if (!op.getOperand((unsigned)i)->getType().isIndex())
      return ctx.emitOpError(op,
                             "operand #" + std::to_string(i) +
                                 " must be variadic of index, but got " +
                                 quoted(op.getOperand((unsigned)i)->getType()));
  if (n[0] != n[1] || n[0] != n[2])
    return ctx.emitOpError(op, "expects the same number of lower bounds, "
                               "upper bounds and steps");
  return checkSingleBlock(op, ctx, 0, "region");
}

bool verifyParallel(Operation &op, VerifyContext &ctx) {
  if (op.getNumRegions() != 1 || !checkParallelShape(op, ctx))
    return false;
  ScfParallelOp par(&op);
  for (Value *step : par.getSteps())
    if (isNonPositiveConstant(step))
      return ctx.emitOpError(op, "constant step operand must be positive");
  Block *body = par.getBody();
  unsigned numLoops = par.getNumLoops();
  if (body->getNumArguments() != numLoops)
    return ctx.emitOpError(
        op, "expects the same number of induction "
            "variables: " +
                std::to_string(body->getNumArguments()) +
                " as bound and step values: " + std::to_string(numLoops));
  for (Value *iv : body->getArguments())
    if (!iv->getType().isIndex())
      return ctx.emitOpError(op, "expects arguments for the induction "
                                 "variable to be of index type");
  Operation *reduce = body->getTerminator();
  if (!reduce || !reduce->isa(opname::ScfReduce))
    return ctx.emitOpError(op, "expects body to terminate with 'scf.reduce'");
  if (reduce->getNumOperands() != op.getNumResults())
    return ctx.emitOpError(
        op, "expects number of results: " + std::to_string(op.getNumResults()) +
                " to be the same as number of "
                "reductions: " +
                std::to_string(reduce->getNumOperands()));
  std::vector<Value *> inits = par.getInits();
  if (inits.size() != op.getNumResults())
    return ctx.emitOpError(
        op, "expects number of results: " + std::to_string(op.getNumResults()) +
                " to be the same as number of initial "
                "values: " +
                std::to_string(inits.size()));
  for (unsigned i = 0; i < inits.size(); ++i)
    if (inits[i]->getType() != op.getResult(i)->getType())
      return ctx.emitOpError(op, "expects type of " + std::to_string(i) +
                                     "-th initial value to be the same as "
                                     "the result type");
  return true;
}

/// Each reduction region takes two values of its operand's type and
/// returns one through scf.reduce.return.
bool checkReductionRegion(Operation &op, VerifyContext &ctx, unsigned i) {
  Type t = op.getOperand(i)->getType();
  Region &region = op.getRegion(i);
  std::string n = std::to_string(i);
  if (region.getBlocks().size() != 1)
    return ctx.emitOpError(op, "expected a single block in the " + n +
                                   "-th reduction region");
  Block &block = region.front();
  if (block.getNumArguments() != 2 || block.getArgument(0)->getType() != t ||
      block.getArgument(1)->getType() != t)
    return ctx.emitOpError(op, "expected two block arguments with type " +
                                   quoted(t) + " in the " + n +
                                   "-th reduction region");
  Operation *term = block.getTerminator();
  if (!term || !term->isa(opname::ScfReduceReturn))
    return ctx.emitOpError(op, "reduction bodies must be terminated with an "
                               "'scf.reduce.return' op");
  return true;
}

bool verifyReduce(Operation &op, VerifyContext &ctx) {
  Operation *parent = op.getParentOp();
  if (!parent || !parent->isa(opname::ScfParallel))
    return ctx.emitOpError(op, "expects parent op 'scf.parallel'");
  if (op.getNumRegions() != op.getNumOperands())
    return ctx.emitOpError(op, "expects one reduction region per operand");
  for (unsigned i = 0; i < op.getNumOperands(); ++i) {
    if (i < parent->getNumResults() &&
        op.getOperand(i)->getType() != parent->getResult(i)->getType()) {
      std::string n = std::to_string(i);
      return ctx.emitOpError(
          op,
          "expects type of " + n +
              "-th reduction operand: " + quoted(op.getOperand(i)->getType()) +
              " to be the same as the " + n +
              "-th result type: " + quoted(parent->getResult(i)->getType()));
    }
    if (!checkReductionRegion(op, ctx, i))
      return false;
  }
  return true;
}

bool verifyReduceReturn(Operation &op, VerifyContext &ctx) {
  Operation *reduce = op.getParentOp();
  if (!reduce || !reduce->isa(opname::ScfReduce))
    return ctx.emitOpError(op, "expects parent op 'scf.reduce'");
  if (op.getNumOperands() != 1)
    return ctx.emitOpError(op, "expects one operand");
  // The reduction this region belongs to: the operand of the same number.
  Region *region = op.getBlock()->getParent();
  for (unsigned i = 0; i < reduce->getNumRegions(); ++i)
    if (&reduce->getRegion(i) == region && i < reduce->getNumOperands() &&
        reduce->getOperand(i)->getType() != op.getOperand(0)->getType())
      return ctx.emitOpError(op, "must have type " +
                                     quoted(reduce->getOperand(i)->getType()) +
                                     " (the type of the reduction inputs)");
  return true;
}

//===-- scf.index_switch --------------------------------------------------===//

bool checkSwitchRegion(Operation &op, VerifyContext &ctx, unsigned r,
                       const std::string &name) {
  if (!checkSingleBlock(op, ctx, r, r == 0 ? "defaultRegion" : "caseRegions"))
    return false;
  Operation *yield = op.getRegion(r).front().getTerminator();
  if (!yield || !yield->isa(opname::ScfYield))
    return ctx.emitOpError(op, "expected region to end with scf.yield, but "
                               "got " +
                                   op.getRegion(r).front().back().getName());
  if (yield->getNumOperands() != op.getNumResults())
    return ctx.emitOpError(op, "expected each region to return " +
                                   std::to_string(op.getNumResults()) +
                                   " values, but " + name + " returns " +
                                   std::to_string(yield->getNumOperands()));
  for (unsigned i = 0; i < yield->getNumOperands(); ++i)
    if (yield->getOperand(i)->getType() != op.getResult(i)->getType())
      return ctx.emitOpError(op, "expected result #" + std::to_string(i) +
                                     " of each region to be " +
                                     quoted(op.getResult(i)->getType()));
  return true;
}

bool verifyIndexSwitch(Operation &op, VerifyContext &ctx) {
  Attribute casesAttr = ScfIndexSwitchOp(&op).getCasesAttr();
  if (op.getNumOperands() != 1 || !op.getOperand(0)->getType().isIndex())
    return ctx.emitOpError(op, "requires one index operand");
  if (!casesAttr || !casesAttr.isa(AttrKind::DenseArray))
    return missingAttr(op, ctx, attrname::scf::Cases);
  std::vector<int64_t> cases = casesAttr.getInts();
  if (op.getNumRegions() == 0 || cases.size() != op.getNumRegions() - 1)
    return ctx.emitOpError(
        op,
        "has " +
            std::to_string(op.getNumRegions() ? op.getNumRegions() - 1 : 0) +
            " case regions but " + std::to_string(cases.size()) +
            " case values");
  std::set<int64_t> seen;
  for (int64_t c : cases)
    if (!seen.insert(c).second)
      return ctx.emitOpError(op,
                             "has duplicate case value: " + std::to_string(c));
  if (!checkSwitchRegion(op, ctx, 0, "default region"))
    return false;
  for (unsigned i = 1; i < op.getNumRegions(); ++i)
    if (!checkSwitchRegion(op, ctx, i, "case region #" + std::to_string(i - 1)))
      return false;
  return true;
}

//===-- scf.execute_region ------------------------------------------------===//

bool verifyExecuteRegion(Operation &op, VerifyContext &ctx) {
  if (op.getNumRegions() != 1 || op.getRegion(0).empty())
    return ctx.emitOpError(op, "region needs to have at least one block");
  if (op.getRegion(0).front().getNumArguments() != 0)
    return ctx.emitOpError(op, "region cannot have any arguments");
  return checkYieldToResults(op, ctx, 0);
}

} // namespace

void registerScfOpVerifiers(OpVerifierRegistry &r) {
  r.add("scf.for", verifyFor);
  r.add("scf.if", verifyIf);
  r.add("scf.while", verifyWhile);
  r.add("scf.condition", verifyCondition);
  r.add("scf.parallel", verifyParallel);
  r.add("scf.reduce", verifyReduce);
  r.add("scf.reduce.return", verifyReduceReturn);
  r.add("scf.index_switch", verifyIndexSwitch);
  r.add("scf.execute_region", verifyExecuteRegion);
  r.add("scf.yield", verifyYield);
}

} // namespace affjit
