// The custom-syntax op printer registry, filled once from every dialect.
#include "frontend/print/OpPrinters.h"

namespace affjit {

const OpPrinterRegistry &OpPrinterRegistry::get() {
  static const OpPrinterRegistry registry = [] {
    OpPrinterRegistry r;
    registerFuncOpPrinters(r);
    registerArithOpPrinters(r);
    registerAffineOpPrinters(r);
    registerMemRefOpPrinters(r);
    registerVectorOpPrinters(r);
    return r;
  }();
  return registry;
}

OpPrintFn OpPrinterRegistry::lookup(std::string_view name) const {
  auto it = printers.find(std::string(name));
  return it == printers.end() ? nullptr : it->second;
}

void printReturnLikeOp(Printer &p, Operation &op) {
  p.printOpName(op);
  p.printOptionalAttrDict(op.getAttrs());
  if (op.getNumOperands() == 0)
    return;
  p.os() << ' ';
  p.printOperands(op.getOperands());
  p.os() << " : ";
  p.printTypes(op.getOperandTypes());
}

void printCastLikeOp(Printer &p, Operation &op) {
  p.printOpName(op);
  p.os() << ' ';
  p.printOperand(op.getOperand(0));
  p.printOptionalAttrDict(op.getAttrs());
  p.os() << " : ";
  p.printType(op.getOperand(0)->getType());
  p.os() << " to ";
  p.printType(op.getResult(0)->getType());
}

} // namespace affjit
