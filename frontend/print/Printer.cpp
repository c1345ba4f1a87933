// The core of the MLIR text printer: value naming, indentation, regions,
// generic-form operations and the module. Custom syntax comes from the
// per-dialect printers registered in OpPrinterRegistry.
#include "frontend/print/Printer.h"

#include "frontend/print/OpPrinters.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace affjit {

Printer::Printer(std::ostream &os, const PrintOptions &opts)
    : out(os), options(opts) {}

std::string Printer::nameOf(Value *v) {
  if (!v)
    return "<<null value>>";
  auto it = names.find(v);
  if (it != names.end())
    return it->second;
  // Values are named on first sight; printing order defines before uses.
  std::string name;
  if (v->isBlockArgument()) {
    name = "%arg" + std::to_string(nextArgId++);
  } else {
    Operation *def = v->getDefiningOp();
    std::string base = "%" + std::to_string(nextValueId++);
    if (def->getNumResults() == 1) {
      name = base;
    } else {
      for (unsigned i = 0; i < def->getNumResults(); ++i)
        names[def->getResult(i)] = base + "#" + std::to_string(i);
      name = names[v];
    }
  }
  names[v] = name;
  return name;
}

void Printer::printOperand(Value *v) { out << nameOf(v); }

void Printer::printOpName(Operation &op) {
  const std::string &name = op.getName();
  if (!defaultDialect.empty() && op.getDialect() == defaultDialect)
    out << name.substr(defaultDialect.size() + 1);
  else
    out << name;
}

void Printer::printOperands(const std::vector<Value *> &vs) {
  for (size_t i = 0; i < vs.size(); ++i) {
    if (i)
      out << ", ";
    printOperand(vs[i]);
  }
}

void Printer::printTypes(const std::vector<Type> &ts) {
  for (size_t i = 0; i < ts.size(); ++i) {
    if (i)
      out << ", ";
    ts[i].print(out);
  }
}

void Printer::printFunctionResults(const std::vector<Type> &ts) {
  if (ts.size() == 1 && !ts[0].isFunction()) {
    ts[0].print(out);
    return;
  }
  out << '(';
  printTypes(ts);
  out << ')';
}

void Printer::printOptionalAttrDict(const std::vector<NamedAttribute> &attrs,
                                    const std::vector<std::string> &elided) {
  std::vector<NamedAttribute> kept;
  for (auto &a : attrs)
    if (std::find(elided.begin(), elided.end(), a.name) == elided.end())
      kept.push_back(a);
  if (kept.empty())
    return;
  out << ' ';
  Attribute::dictionary(std::move(kept)).print(out);
}

void Printer::printOptionalAttrDictWithKeyword(
    const std::vector<NamedAttribute> &attrs,
    const std::vector<std::string> &elided) {
  std::vector<NamedAttribute> kept;
  for (auto &a : attrs)
    if (std::find(elided.begin(), elided.end(), a.name) == elided.end())
      kept.push_back(a);
  if (kept.empty())
    return;
  out << " attributes ";
  Attribute::dictionary(std::move(kept)).print(out);
}

void Printer::printAffineMap(const AffineMap &m) {
  out << "affine_map<";
  m.print(out);
  out << '>';
}

void Printer::printAffineMapOfSSAIds(const AffineMap &m,
                                     const std::vector<Value *> &operands) {
  std::vector<std::string> dims, syms;
  for (unsigned i = 0; i < operands.size(); ++i)
    (i < m.getNumDims() ? dims : syms).push_back(nameOf(operands[i]));
  affjit::printAffineMapOfSSAIds(out, m, dims, syms);
}

void printAffineMapOfSSAIds(std::ostream &os, const AffineMap &map,
                            const std::vector<std::string> &dimNames,
                            const std::vector<std::string> &symNames) {
  // Print each result with d<i>/s<i> replaced by operand names: render via
  // the MLIR printer, then substitute identifiers token by token.
  for (unsigned i = 0; i < map.getNumResults(); ++i) {
    if (i)
      os << ", ";
    std::string s = map.getResult(i).str();
    for (size_t k = 0; k < s.size();) {
      char c = s[k];
      bool startsId = (c == 'd' || c == 's') && k + 1 < s.size() &&
                      std::isdigit((unsigned char)s[k + 1]) &&
                      (k == 0 || !std::isalnum((unsigned char)s[k - 1]));
      if (!startsId) {
        os << c;
        ++k;
        continue;
      }
      size_t e = k + 1;
      while (e < s.size() && std::isdigit((unsigned char)s[e]))
        ++e;
      unsigned n = (unsigned)std::stoul(s.substr(k + 1, e - k - 1));
      if (c == 'd')
        os << (n < dimNames.size() ? dimNames[n] : s.substr(k, e - k));
      else
        os << "symbol("
           << (n < symNames.size() ? symNames[n] : s.substr(k, e - k)) << ")";
      k = e;
    }
  }
}

void Printer::printNewlineAndIndent() {
  out << '\n' << std::string(indent * 2, ' ');
}

void Printer::printRegion(Region &r, bool printEntryArgs,
                          bool printTerminator) {
  out << '{';
  ++indent;
  // Mirrors the parser: only func.func bodies have a default dialect.
  Operation *parent = r.getParentOp();
  std::string savedDialect = std::exchange(
      defaultDialect, parent && parent->isa("func.func") ? "func" : "");
  for (auto &block : r.getBlocks()) {
    if (printEntryArgs && block->getNumArguments() != 0) {
      out << '\n' << std::string((indent - 1) * 2, ' ') << "^bb0(";
      for (unsigned i = 0; i < block->getNumArguments(); ++i) {
        if (i)
          out << ", ";
        Value *a = block->getArgument(i);
        printOperand(a);
        out << ": ";
        a->getType().print(out);
      }
      out << "):";
    }
    for (auto &op : block->getOperations()) {
      bool isLast = op.get() == block->getTerminator();
      if (isLast && !printTerminator && op->getNumOperands() == 0 &&
          op->getNumRegions() == 0)
        continue;
      printNewlineAndIndent();
      printOp(*op);
    }
  }
  defaultDialect = std::move(savedDialect);
  --indent;
  printNewlineAndIndent();
  out << '}';
}

void Printer::printGenericOp(Operation &op) {
  out << '"' << op.getName() << "\"(";
  printOperands(op.getOperands());
  out << ')';
  if (op.getNumRegions() != 0) {
    out << " (";
    for (unsigned i = 0; i < op.getNumRegions(); ++i) {
      if (i)
        out << ", ";
      printRegion(op.getRegion(i), /*printEntryArgs=*/true);
    }
    out << ')';
  }
  printOptionalAttrDict(op.getAttrs());
  out << " : (";
  printTypes(op.getOperandTypes());
  out << ") -> ";
  std::vector<Type> results = op.getResultTypes();
  if (results.size() == 1 && !results[0].isFunction()) {
    results[0].print(out);
  } else {
    out << '(';
    printTypes(results);
    out << ')';
  }
}

void Printer::printOp(Operation &op) {
  if (op.getNumResults() != 0) {
    std::string first = nameOf(op.getResult(0));
    if (op.getNumResults() == 1)
      out << first;
    else
      out << first.substr(0, first.find('#')) << ':' << op.getNumResults();
    out << " = ";
  }
  OpPrintFn fn =
      options.generic ? nullptr : OpPrinterRegistry::get().lookup(op.getName());
  if (fn)
    fn(*this, op);
  else
    printGenericOp(op);
}

void printOperation(Operation &op, std::ostream &os,
                    const PrintOptions &options) {
  Printer p(os, options);
  p.printOp(op);
}

/// Prints module attributes (e.g. `attributes {…}`) and its ops.
void printModule(const Module &module, std::ostream &os,
                 const PrintOptions &options) {
  Operation *m = module.getOperation();
  os << "module";
  if (Attribute name = getSymbolNameAttr(*m))
    os << " @" << name.getString();
  {
    Printer attrPrinter(os, options);
    attrPrinter.printOptionalAttrDictWithKeyword(m->getAttrs(), {"sym_name"});
  }
  os << " {";
  // Each function numbers its values from zero, like mlir-opt. MLIR does
  // not let a function reuse a name defined at module level, so a module
  // with values at its top level is named in a single scope instead.
  bool topLevelValues = false;
  for (auto &op : module.getBody().getOperations())
    topLevelValues |= op->getNumResults() != 0;
  Printer moduleLevel(os, options);
  moduleLevel.indentBy(1);
  for (auto &op : module.getBody().getOperations()) {
    os << "\n  ";
    if (op->isa("func.func") && !topLevelValues) {
      Printer p(os, options);
      p.indentBy(1);
      p.printOp(*op);
    } else {
      moduleLevel.printOp(*op);
    }
  }
  os << "\n}\n";
}

} // namespace affjit
