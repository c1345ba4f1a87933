// Custom-syntax printers of the func dialect: func.func with its signature
// (named arguments for definitions, bare types for declarations, argument
// and result attributes), func.call and func.return.
#include "frontend/ir/FuncOps.h"
#include "frontend/print/OpPrinters.h"

namespace affjit {

namespace {

/// The attribute dictionary of signature entry `i` in `all` (arg_attrs or
/// res_attrs), if any.
Attribute entryAttrDict(Attribute all, size_t i) {
  if (!all || i >= all.getArray().size())
    return Attribute();
  Attribute d = all.getArray()[i];
  return d.getDictionary().empty() ? Attribute() : d;
}

void printSignature(Printer &p, FuncOp op, bool isDefinition) {
  Type fnType = op.getFunctionType();
  const std::vector<Type> &inputs = fnType.getInputs();
  std::ostream &os = p.os();
  os << '(';
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (i)
      os << ", ";
    if (isDefinition) {
      p.printBlockArgName(op.getBody()->getArgument((unsigned)i));
      os << ": ";
    }
    p.printType(inputs[i]);
    if (Attribute d = entryAttrDict(op.getArgAttrsAttr(), i))
      os << ' ' << d;
  }
  os << ')';
  const std::vector<Type> &results = fnType.getResults();
  if (results.empty())
    return;
  os << " -> ";
  bool anyResultAttrs = (bool)op.getResAttrsAttr();
  if (results.size() == 1 && !anyResultAttrs && !results[0].isFunction()) {
    p.printType(results[0]);
    return;
  }
  os << '(';
  for (size_t i = 0; i < results.size(); ++i) {
    if (i)
      os << ", ";
    p.printType(results[i]);
    if (Attribute d = entryAttrDict(op.getResAttrsAttr(), i))
      os << ' ' << d;
  }
  os << ')';
}

void printFuncOp(Printer &p, Operation &op) {
  FuncOp func(&op);
  p.printOpName(op);
  if (Attribute vis = func.getSymVisibilityAttr())
    p.os() << ' ' << vis.getString();
  p.os() << ' ';
  printSymbolName(p.os(), func.getName());
  bool isDefinition = !func.isDeclaration();
  printSignature(p, func, isDefinition);
  p.printOptionalAttrDictWithKeyword(
      op.getAttrs(),
      {attrname::SymName, attrname::func::FunctionType, attrname::SymVisibility,
       attrname::func::ArgAttrs, attrname::func::ResAttrs});
  if (isDefinition) {
    p.os() << ' ';
    p.printRegion(op.getRegion(0));
  }
}

void printCallOp(Printer &p, Operation &op) {
  p.printOpName(op);
  p.os() << ' ';
  printSymbolName(p.os(), CallOp(&op).getCallee());
  p.os() << '(';
  p.printOperands(op.getOperands());
  p.os() << ')';
  p.printOptionalAttrDict(op.getAttrs(), {attrname::func::Callee});
  p.os() << " : ";
  p.printType(Type::function(op.getOperandTypes(), op.getResultTypes()));
}

} // namespace

void registerFuncOpPrinters(OpPrinterRegistry &r) {
  r.add("func.func", printFuncOp);
  r.add("func.call", printCallOp);
  r.add("func.return", printReturnLikeOp);
}

} // namespace affjit
