// Custom-syntax printers of the arith and math dialects, driven by the op
// table in ArithOpTable.h (the inverse of ArithOpsParser.cpp).
#include "frontend/ir/ArithOpTable.h"
#include "frontend/ir/FuncOps.h"
#include "frontend/print/OpPrinters.h"

namespace affjit {

namespace {

const std::vector<std::string> kFlagAttrs = {attrname::arith::FastMath,
                                             attrname::arith::OverflowFlags};

/// ` fastmath<fast>` unless the flags are the default `none`.
void printFlags(Printer &p, Operation &op) {
  for (const std::string &name : kFlagAttrs) {
    Attribute a = op.getAttr(name);
    if (!a || !a.isa(AttrKind::Opaque))
      continue;
    const std::string &text = a.getString(); // #arith.fastmath<fast>
    std::string body = text.substr(text.find('.') + 1);
    if (body.find("<none>") == std::string::npos)
      p.os() << ' ' << body;
  }
}

void printUniform(Printer &p, Operation &op) {
  p.printOpName(op);
  p.os() << ' ';
  p.printOperands(op.getOperands());
  printFlags(p, op);
  p.printOptionalAttrDict(op.getAttrs(), kFlagAttrs);
  p.os() << " : ";
  p.printType(op.getResult(0)->getType());
}

void printCmp(Printer &p, Operation &op, bool isInt) {
  p.printOpName(op);
  int64_t pred =
      isInt ? CmpIOp(&op).getPredicate() : CmpFOp(&op).getPredicate();
  int64_t count = isInt ? 10 : 16;
  p.os() << ' ';
  if (pred >= 0 && pred < count)
    p.os() << (isInt ? kCmpIPredicates : kCmpFPredicates)[pred];
  else
    p.os() << pred;
  p.os() << ", ";
  p.printOperands(op.getOperands());
  printFlags(p, op);
  std::vector<std::string> elided = kFlagAttrs;
  elided.push_back(attrname::arith::Predicate);
  p.printOptionalAttrDict(op.getAttrs(), elided);
  p.os() << " : ";
  p.printType(op.getOperand(0)->getType());
}

void printSelect(Printer &p, Operation &op) {
  p.printOpName(op);
  p.os() << ' ';
  p.printOperands(op.getOperands());
  p.printOptionalAttrDict(op.getAttrs());
  p.os() << " : ";
  Type cond = op.getOperand(0)->getType();
  if (cond.isVector()) {
    p.printType(cond);
    p.os() << ", ";
  }
  p.printType(op.getResult(0)->getType());
}

void printConstant(Printer &p, Operation &op) {
  p.printOpName(op);
  p.printOptionalAttrDict(op.getAttrs(), {attrname::arith::Value});
  p.os() << ' ';
  p.printAttribute(ConstantOp(&op).getValue());
}

void printExtended(Printer &p, Operation &op) {
  p.printOpName(op);
  p.os() << ' ';
  p.printOperands(op.getOperands());
  p.printOptionalAttrDict(op.getAttrs());
  p.os() << " : ";
  p.printType(op.getResult(0)->getType());
  if (op.getName() == "arith.addui_extended") {
    p.os() << ", ";
    p.printType(op.getResult(1)->getType());
  }
}

void printArithOp(Printer &p, Operation &op) {
  const ArithOpInfo *info = lookupArithOp(op.getName());
  switch (info->shape) {
  case ArithShape::Binary:
  case ArithShape::Unary:
  case ArithShape::Ternary:
    return printUniform(p, op);
  case ArithShape::Cast:
    return printCastLikeOp(p, op);
  case ArithShape::CmpI:
    return printCmp(p, op, true);
  case ArithShape::CmpF:
    return printCmp(p, op, false);
  case ArithShape::Select:
    return printSelect(p, op);
  case ArithShape::Constant:
    return printConstant(p, op);
  case ArithShape::Extended:
    return printExtended(p, op);
  }
}

} // namespace

void registerArithOpPrinters(OpPrinterRegistry &r) {
  for (const ArithOpInfo *i = arithOpsBegin(); i != arithOpsEnd(); ++i)
    r.add(std::string(i->name), printArithOp);
}

} // namespace affjit
