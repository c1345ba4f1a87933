// Custom-syntax printers of the vector subset (the inverse of
// VectorOpsParser.cpp), eliding default attributes as MLIR 19 does.
#include "frontend/ir/VectorOpInfo.h"
#include "frontend/print/OpPrinters.h"

namespace affjit {

namespace {

/// Operands [first, first + n).
std::vector<Value *> range(Operation &op, unsigned first, unsigned n) {
  return op.getOperands(first, n);
}

/// Transfer attributes without their defaults.
std::vector<std::string> elidedTransferAttrs(Operation &op, Type source,
                                             Type vector) {
  std::vector<std::string> elided = {"operandSegmentSizes"};
  AffineMap map = op.getAttr("permutation_map").getAffineMap();
  if (vector.getRank() <= source.getRank() &&
      map == minorIdentityMap((unsigned)source.getRank(),
                              (unsigned)vector.getRank()))
    elided.push_back("permutation_map");
  bool anyTrue = false;
  for (const Attribute &b : op.getAttr("in_bounds").getArray())
    anyTrue |= b.getBool();
  if (!anyTrue)
    elided.push_back("in_bounds");
  return elided;
}

void printTransferRead(Printer &p, Operation &op) {
  std::vector<int64_t> seg = op.getAttr("operandSegmentSizes").getInts();
  unsigned nIdx = (unsigned)seg[1];
  p.printOpName(op);
  p.os() << ' ';
  p.printOperand(op.getOperand(0));
  p.os() << '[';
  p.printOperands(range(op, 1, nIdx));
  p.os() << "], ";
  p.printOperands(range(op, 1 + nIdx, op.getNumOperands() - 1 - nIdx));
  Type source = op.getOperand(0)->getType(), vec = op.getResult(0)->getType();
  p.printOptionalAttrDict(op.getAttrs(), elidedTransferAttrs(op, source, vec));
  p.os() << " : ";
  p.printTypes({source, vec});
}

void printTransferWrite(Printer &p, Operation &op) {
  std::vector<int64_t> seg = op.getAttr("operandSegmentSizes").getInts();
  unsigned nIdx = (unsigned)seg[2];
  p.printOpName(op);
  p.os() << ' ';
  p.printOperands({op.getOperand(0), op.getOperand(1)});
  p.os() << '[';
  p.printOperands(range(op, 2, nIdx));
  p.os() << ']';
  if (seg[3] != 0) {
    p.os() << ", ";
    p.printOperand(op.getOperand(2 + nIdx));
  }
  Type vec = op.getOperand(0)->getType(), dest = op.getOperand(1)->getType();
  p.printOptionalAttrDict(op.getAttrs(), elidedTransferAttrs(op, dest, vec));
  p.os() << " : ";
  p.printTypes({vec, dest});
}

void printFastMath(Printer &p, Operation &op) {
  Attribute fm = op.getAttr("fastmath");
  if (fm && fm.getString() != "#arith.fastmath<none>")
    p.os() << ' ' << fm.getString().substr(std::string("#arith.").size());
}

void printReduction(Printer &p, Operation &op) {
  p.printOpName(op);
  p.os() << " <" << vectorKindName(op.getAttr("kind").getString()) << ">, ";
  p.printOperands(op.getOperands());
  printFastMath(p, op);
  p.printOptionalAttrDict(op.getAttrs(), {"kind", "fastmath"});
  p.os() << " : ";
  p.printType(op.getOperand(0)->getType());
  p.os() << " into ";
  p.printType(op.getResult(0)->getType());
}

void printBroadcast(Printer &p, Operation &op) {
  p.printOpName(op);
  p.os() << ' ';
  p.printOperand(op.getOperand(0));
  p.printOptionalAttrDict(op.getAttrs());
  p.os() << " : ";
  p.printType(op.getOperand(0)->getType());
  p.os() << " to ";
  p.printType(op.getResult(0)->getType());
}

/// vector.splat and vector.fma: `%a[, ...] : vector<...>`.
void printUniform(Printer &p, Operation &op) {
  p.printOpName(op);
  p.os() << ' ';
  p.printOperands(op.getOperands());
  p.printOptionalAttrDict(op.getAttrs());
  p.os() << " : ";
  p.printType(op.getResult(0)->getType());
}

/// `[0, %i]` from static_position and the dynamic position operands.
void printPositions(Printer &p, Operation &op, unsigned firstDynamic) {
  p.os() << '[';
  unsigned dyn = firstDynamic;
  const std::vector<int64_t> &pos = op.getAttr("static_position").getInts();
  for (size_t i = 0; i < pos.size(); ++i) {
    if (i)
      p.os() << ", ";
    if (pos[i] == kDynamic)
      p.printOperand(op.getOperand(dyn++));
    else
      p.os() << pos[i];
  }
  p.os() << ']';
}

void printExtract(Printer &p, Operation &op) {
  p.printOpName(op);
  p.os() << ' ';
  p.printOperand(op.getOperand(0));
  printPositions(p, op, 1);
  p.printOptionalAttrDict(op.getAttrs(), {"static_position"});
  p.os() << " : ";
  p.printType(op.getResult(0)->getType());
  p.os() << " from ";
  p.printType(op.getOperand(0)->getType());
}

void printInsert(Printer &p, Operation &op) {
  p.printOpName(op);
  p.os() << ' ';
  p.printOperands({op.getOperand(0), op.getOperand(1)});
  printPositions(p, op, 2);
  p.printOptionalAttrDict(op.getAttrs(), {"static_position"});
  p.os() << " : ";
  p.printType(op.getOperand(0)->getType());
  p.os() << " into ";
  p.printType(op.getResult(0)->getType());
}

void printLoadStore(Printer &p, Operation &op) {
  bool isStore = op.isa("vector.store");
  unsigned base = isStore ? 1 : 0;
  p.printOpName(op);
  p.os() << ' ';
  if (isStore) {
    p.printOperand(op.getOperand(0));
    p.os() << ", ";
  }
  p.printOperand(op.getOperand(base));
  p.os() << '[';
  p.printOperands(range(op, base + 1, op.getNumOperands() - base - 1));
  p.os() << ']';
  p.printOptionalAttrDict(op.getAttrs());
  p.os() << " : ";
  p.printType(op.getOperand(base)->getType());
  p.os() << ", ";
  p.printType(isStore ? op.getOperand(0)->getType()
                      : op.getResult(0)->getType());
}

void printPrint(Printer &p, Operation &op) {
  p.printOpName(op);
  if (Attribute s = op.getAttr("stringLiteral")) {
    p.os() << " str ";
    printEscapedString(p.os(), s.getString());
  } else if (op.getNumOperands() == 1) {
    p.os() << ' ';
    p.printOperand(op.getOperand(0));
    p.os() << " : ";
    p.printType(op.getOperand(0)->getType());
  }
  // Always spell out the punctuation of a bare print: MLIR 19 prints a bare
  // `vector.print` that it cannot parse back when an SSA name follows.
  Attribute punct = op.getAttr("punctuation");
  std::string text = punct ? punct.getString() : "";
  std::string name = text.substr(text.find('<') + 1);
  name.pop_back();
  bool bare = op.getNumOperands() == 0 && !op.getAttr("stringLiteral");
  if (bare || name != "newline")
    p.os() << " punctuation <" << name << '>';
  p.printOptionalAttrDict(op.getAttrs(), {"stringLiteral", "punctuation"});
}

} // namespace

void registerVectorOpPrinters(OpPrinterRegistry &r) {
  r.add("vector.transfer_read", printTransferRead);
  r.add("vector.transfer_write", printTransferWrite);
  r.add("vector.reduction", printReduction);
  r.add("vector.broadcast", printBroadcast);
  r.add("vector.splat", printUniform);
  r.add("vector.fma", printUniform);
  r.add("vector.extract", printExtract);
  r.add("vector.insert", printInsert);
  r.add("vector.load", printLoadStore);
  r.add("vector.store", printLoadStore);
  r.add("vector.print", printPrint);
}

} // namespace affjit
