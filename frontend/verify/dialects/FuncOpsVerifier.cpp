// Verifiers of the func dialect: function signatures against entry blocks,
// declarations' visibility, func.return against the enclosing signature and
// func.call against its callee (MLIR 19's wording).
#include "frontend/ir/FuncOps.h"
#include "frontend/verify/OpVerifiers.h"

namespace affjit {

namespace {

bool verifyFuncOp(Operation &op, VerifyContext &ctx) {
  FuncOp func(&op);
  Attribute typeAttr = func.getFunctionTypeAttr();
  if (!typeAttr || !typeAttr.isa(AttrKind::Type) ||
      !typeAttr.getType().isFunction())
    return ctx.emitOpError(op, "requires attribute 'function_type' of a "
                               "function type");
  Attribute name = func.getSymNameAttr();
  if (!name || !name.isa(AttrKind::String))
    return ctx.emitOpError(op, "requires string attribute 'sym_name'");
  Attribute vis = func.getSymVisibilityAttr();
  if (op.getRegion(0).empty()) {
    if (!vis || vis.getString() == "public")
      return ctx.emitOpError(op, "symbol declaration cannot have public "
                                 "visibility");
    return true;
  }
  const std::vector<Type> &inputs = typeAttr.getType().getInputs();
  Block &entry = op.getRegion(0).front();
  if (entry.getNumArguments() != inputs.size())
    return ctx.emitOpError(op, "entry block must have " +
                                   std::to_string(inputs.size()) +
                                   " arguments to match function signature");
  for (unsigned i = 0; i < inputs.size(); ++i) {
    Type argType = entry.getArgument(i)->getType();
    if (argType != inputs[i])
      return ctx.emitOpError(
          op, "type of entry block argument #" + std::to_string(i) + "(" +
                  quoted(argType) +
                  ") must match the type of the corresponding argument in "
                  "function signature(" +
                  quoted(inputs[i]) + ")");
  }
  return true;
}

bool verifyReturnOp(Operation &op, VerifyContext &ctx) {
  FuncOp fn = dyn_cast<FuncOp>(op.getParentOp());
  if (!fn)
    return ctx.emitOpError(op, "expects parent op 'func.func'");
  const std::vector<Type> &results = fn.getFunctionType().getResults();
  std::string fnName = "@" + fn.getName();
  if (op.getNumOperands() != results.size())
    return ctx.emitOpError(op, "has " + std::to_string(op.getNumOperands()) +
                                   " operands, but enclosing function (" +
                                   fnName + ") returns " +
                                   std::to_string(results.size()));
  for (unsigned i = 0; i < results.size(); ++i) {
    Type t = op.getOperand(i)->getType();
    if (t != results[i])
      return ctx.emitError(
          op, "type of return operand " + std::to_string(i) + " (" + quoted(t) +
                  ") doesn't match function result type (" +
                  quoted(results[i]) + ") in function " + fnName);
  }
  return true;
}

bool verifyCallOp(Operation &op, VerifyContext &ctx) {
  Attribute callee = CallOp(&op).getCalleeAttr();
  if (!callee || !callee.isa(AttrKind::SymbolRef))
    return ctx.emitOpError(op, "requires a 'callee' symbol reference "
                               "attribute");
  FuncOp fn =
      dyn_cast<FuncOp>(ctx.getModule().lookupSymbol(callee.getString()));
  // The callee may itself be invalid (reported on its own): never assume
  // its attributes here.
  Attribute typeAttr = fn ? fn.getFunctionTypeAttr() : Attribute();
  if (!fn || !typeAttr || !typeAttr.isa(AttrKind::Type) ||
      !typeAttr.getType().isFunction())
    return ctx.emitOpError(op, "'" + callee.getString() +
                                   "' does not reference a valid function");
  Type fnType = typeAttr.getType();
  if (fnType.getInputs().size() != op.getNumOperands())
    return ctx.emitOpError(op, "incorrect number of operands for callee");
  for (unsigned i = 0; i < op.getNumOperands(); ++i) {
    Type t = op.getOperand(i)->getType();
    if (t != fnType.getInputs()[i])
      return ctx.emitOpError(
          op, "operand type mismatch: expected operand "
              "type " +
                  quoted(fnType.getInputs()[i]) + ", but provided " +
                  quoted(t) + " for operand number " + std::to_string(i));
  }
  if (fnType.getResults().size() != op.getNumResults())
    return ctx.emitOpError(op, "incorrect number of results for callee");
  for (unsigned i = 0; i < op.getNumResults(); ++i)
    if (op.getResult(i)->getType() != fnType.getResults()[i])
      return ctx.emitOpError(op, "result type mismatch at index " +
                                     std::to_string(i));
  return true;
}

} // namespace

void registerFuncOpVerifiers(OpVerifierRegistry &r) {
  r.add("func.func", verifyFuncOp, OpTraits{/*isAffineScope=*/true});
  r.add("func.call", verifyCallOp);
  r.add("func.return", verifyReturnOp);
}

} // namespace affjit
