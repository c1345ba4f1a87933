// Custom-syntax printer of cf.assert as mlir-opt 19 prints it: the message
// as an escaped string literal, elided from the attribute dictionary.
#include "frontend/ir/ScfOps.h"
#include "frontend/print/OpPrinters.h"

namespace affjit {

namespace {

/// `cf.assert %cond, "message" [attr-dict]`
void printAssert(Printer &p, Operation &op) {
  Attribute msg = CfAssertOp(&op).getMsgAttr();
  if (!msg || !msg.isa(AttrKind::String) || op.getNumOperands() != 1)
    return p.printGenericOp(op);
  p.os() << "cf.assert ";
  p.printOperand(op.getOperand(0));
  p.os() << ", ";
  p.printAttribute(msg);
  p.printOptionalAttrDict(op.getAttrs(), {"msg"});
}

} // namespace

void registerControlFlowOpPrinters(OpPrinterRegistry &r) {
  r.add("cf.assert", printAssert);
}

} // namespace affjit
