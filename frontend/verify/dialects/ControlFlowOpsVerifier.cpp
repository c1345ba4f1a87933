// Verifier of cf.assert with MLIR 19's messages: the message is a string
// property, the condition an i1.
#include "frontend/ir/ScfOps.h"
#include "frontend/verify/OpVerifiers.h"

namespace affjit {

namespace {

bool verifyAssert(Operation &op, VerifyContext &ctx) {
  Attribute msg = CfAssertOp(&op).getMsgAttr();
  if (!msg)
    return missingAttr(op, ctx, attrname::cf::Msg);
  // The message becomes a property when the op is built: another kind of
  // attribute is rejected before any verifier runs.
  if (!msg.isa(AttrKind::String))
    return ctx.emitError(op, "invalid properties {msg = " + msg.str() +
                                 "} for op cf.assert: Invalid attribute "
                                 "`msg` in property conversion: " +
                                 msg.str());
  if (op.getNumOperands() != 1)
    return ctx.emitOpError(op, "requires a single operand");
  if (op.getNumResults() != 0)
    return ctx.emitOpError(op, "requires zero results");
  if (!op.getOperand(0)->getType().isInteger(1) ||
      op.getOperand(0)->getType().getSignedness() != Signedness::Signless)
    return ctx.emitOpError(op, "operand #0 must be 1-bit signless integer, "
                               "but got '" +
                                   op.getOperand(0)->getType().str() + "'");
  return true;
}

} // namespace

void registerControlFlowOpVerifiers(OpVerifierRegistry &r) {
  r.add("cf.assert", verifyAssert);
}

} // namespace affjit
