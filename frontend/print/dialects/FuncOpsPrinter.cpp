// Custom-syntax printers of the func dialect: func.func with its signature
// (named arguments for definitions, bare types for declarations, argument
// and result attributes), func.call and func.return.
#include "frontend/print/OpPrinters.h"

namespace affjit {

namespace {

/// The attribute dictionary of signature entry `i`, if any.
Attribute entryAttrDict(Operation &op, const char *name, size_t i) {
  Attribute all = op.getAttr(name);
  if (!all || i >= all.getArray().size())
    return Attribute();
  Attribute d = all.getArray()[i];
  return d.getDictionary().empty() ? Attribute() : d;
}

void printSignature(Printer &p, Operation &op, bool isDefinition) {
  Type fnType = op.getAttr("function_type").getType();
  const std::vector<Type> &inputs = fnType.getInputs();
  std::ostream &os = p.os();
  os << '(';
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (i)
      os << ", ";
    if (isDefinition) {
      p.printBlockArgName(op.getRegion(0).front().getArgument((unsigned)i));
      os << ": ";
    }
    p.printType(inputs[i]);
    if (Attribute d = entryAttrDict(op, "arg_attrs", i))
      os << ' ' << d;
  }
  os << ')';
  const std::vector<Type> &results = fnType.getResults();
  if (results.empty())
    return;
  os << " -> ";
  bool anyResultAttrs = (bool)op.getAttr("res_attrs");
  if (results.size() == 1 && !anyResultAttrs && !results[0].isFunction()) {
    p.printType(results[0]);
    return;
  }
  os << '(';
  for (size_t i = 0; i < results.size(); ++i) {
    if (i)
      os << ", ";
    p.printType(results[i]);
    if (Attribute d = entryAttrDict(op, "res_attrs", i))
      os << ' ' << d;
  }
  os << ')';
}

void printFuncOp(Printer &p, Operation &op) {
  p.printOpName(op);
  if (Attribute vis = op.getAttr("sym_visibility"))
    p.os() << ' ' << vis.getString();
  p.os() << ' ';
  printSymbolName(p.os(), op.getAttr("sym_name").getString());
  bool isDefinition = !op.getRegion(0).empty();
  printSignature(p, op, isDefinition);
  p.printOptionalAttrDictWithKeyword(
      op.getAttrs(), {"sym_name", "function_type", "sym_visibility",
                      "arg_attrs", "res_attrs"});
  if (isDefinition) {
    p.os() << ' ';
    p.printRegion(op.getRegion(0));
  }
}

void printCallOp(Printer &p, Operation &op) {
  p.printOpName(op);
  p.os() << ' ';
  printSymbolName(p.os(), op.getAttr("callee").getString());
  p.os() << '(';
  p.printOperands(op.getOperands());
  p.os() << ')';
  p.printOptionalAttrDict(op.getAttrs(), {"callee"});
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
