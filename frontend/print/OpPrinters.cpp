// The custom-syntax op printer registry, filled once from every dialect.
#include "frontend/print/OpPrinters.h"

namespace affjit {

/// A module nested in the top-level one: `module [@name] [attributes {...}]
/// { ops }`.
static void printNestedModule(Printer &p, Operation &op) {
  p.os() << "module";
  if (Attribute name = getSymbolNameAttr(op))
    p.os() << " @" << name.getString();
  p.printOptionalAttrDictWithKeyword(op.getAttrs(), {attrname::SymName});
  p.os() << ' ';
  p.printRegion(op.getRegion(0), false, false);
}

const OpPrinterRegistry &OpPrinterRegistry::get() {
  static const OpPrinterRegistry registry = [] {
    OpPrinterRegistry r;
    registerFuncOpPrinters(r);
    registerArithOpPrinters(r);
    registerAffineOpPrinters(r);
    registerMemRefOpPrinters(r);
    registerVectorOpPrinters(r);
    registerScfOpPrinters(r);
    registerMemRefAtomicOpPrinters(r);
    registerControlFlowOpPrinters(r);
    r.add("builtin.module", printNestedModule);
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
