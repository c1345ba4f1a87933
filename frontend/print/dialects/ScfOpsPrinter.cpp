// Custom-syntax printers of the scf dialect, the inverse of
// ScfOpsParser.cpp and in MLIR 19's spelling (SCF.cpp's print methods):
// terminators that carry nothing are left out where MLIR's parser puts
// them back (scf.for/if/index_switch bodies), an integer IV gets its
// `: type`, scf.while's after region shows its block arguments.
#include "frontend/ir/ScfOps.h"
#include "frontend/print/OpPrinters.h"

namespace affjit {

namespace {

/// `(%a = %x, %b = %y)`
void printAssignments(Printer &p, const std::vector<Value *> &args,
                      const std::vector<Value *> &inits) {
  p.os() << '(';
  for (size_t i = 0; i < args.size(); ++i) {
    if (i)
      p.os() << ", ";
    p.printBlockArgName(args[i]);
    p.os() << " = ";
    p.printOperand(inits[i]);
  }
  p.os() << ')';
}

/// ` -> type` or ` -> (t1, t2)`; nothing without types.
void printArrowTypes(Printer &p, const std::vector<Type> &types,
                     bool alwaysParens = false) {
  if (types.empty())
    return;
  p.os() << " -> ";
  if (alwaysParens) {
    p.os() << '(';
    p.printTypes(types);
    p.os() << ')';
    return;
  }
  p.printFunctionResults(types);
}

void printFor(Printer &p, Operation &op) {
  ScfForOp forOp(&op);
  p.printOpName(op);
  p.os() << ' ';
  p.printBlockArgName(forOp.getInductionVar());
  p.os() << " = ";
  p.printOperand(forOp.getLowerBound());
  p.os() << " to ";
  p.printOperand(forOp.getUpperBound());
  p.os() << " step ";
  p.printOperand(forOp.getStep());
  if (op.getNumResults() != 0) {
    p.os() << " iter_args";
    printAssignments(p, forOp.getRegionIterArgs(), forOp.getInits());
    printArrowTypes(p, op.getResultTypes(), /*alwaysParens=*/true);
  }
  Type ivType = forOp.getInductionVar()->getType();
  if (!ivType.isIndex()) {
    p.os() << " : ";
    p.printType(ivType);
  }
  p.os() << ' ';
  p.printRegion(op.getRegion(0), false, op.getNumResults() != 0);
  p.printOptionalAttrDict(op.getAttrs());
}

void printIf(Printer &p, Operation &op) {
  p.printOpName(op);
  p.os() << ' ';
  p.printOperand(op.getOperand(0));
  printArrowTypes(p, op.getResultTypes(), /*alwaysParens=*/true);
  bool printYields = op.getNumResults() != 0;
  p.os() << ' ';
  p.printRegion(op.getRegion(0), false, printYields);
  if (!op.getRegion(1).empty()) {
    p.os() << " else ";
    p.printRegion(op.getRegion(1), false, printYields);
  }
  p.printOptionalAttrDict(op.getAttrs());
}

void printWhile(Printer &p, Operation &op) {
  p.printOpName(op);
  Block &before = op.getRegion(0).front();
  if (op.getNumOperands() != 0) {
    p.os() << ' ';
    printAssignments(p, before.getArguments(), op.getOperands());
  }
  p.os() << " : (";
  p.printTypes(op.getOperandTypes());
  p.os() << ") -> ";
  std::vector<Type> results = op.getResultTypes();
  if (results.size() == 1 && !results[0].isFunction())
    p.printType(results[0]);
  else {
    p.os() << '(';
    p.printTypes(results);
    p.os() << ')';
  }
  p.os() << ' ';
  p.printRegion(op.getRegion(0), false);
  p.os() << " do ";
  p.printRegion(op.getRegion(1), /*printEntryArgs=*/true);
  p.printOptionalAttrDictWithKeyword(op.getAttrs());
}

void printCondition(Printer &p, Operation &op) {
  p.printOpName(op);
  p.os() << '(';
  p.printOperand(op.getOperand(0));
  p.os() << ')';
  p.printOptionalAttrDict(op.getAttrs());
  if (op.getNumOperands() == 1)
    return;
  std::vector<Value *> args = op.getOperands(1, op.getNumOperands() - 1);
  p.os() << ' ';
  p.printOperands(args);
  p.os() << " : ";
  std::vector<Type> types;
  for (Value *a : args)
    types.push_back(a->getType());
  p.printTypes(types);
}

void printParenOperands(Printer &p, const std::vector<Value *> &values) {
  p.os() << '(';
  p.printOperands(values);
  p.os() << ')';
}

void printParallel(Printer &p, Operation &op) {
  ScfParallelOp par(&op);
  p.printOpName(op);
  p.os() << ' ';
  printParenOperands(p, par.getIVs());
  p.os() << " = ";
  printParenOperands(p, par.getLowerBounds());
  p.os() << " to ";
  printParenOperands(p, par.getUpperBounds());
  p.os() << " step ";
  printParenOperands(p, par.getSteps());
  if (op.getNumResults() != 0) {
    p.os() << " init ";
    printParenOperands(p, par.getInits());
  }
  printArrowTypes(p, op.getResultTypes());
  p.os() << ' ';
  p.printRegion(op.getRegion(0), false, /*printTerminator=*/true);
  p.printOptionalAttrDict(op.getAttrs(), {attrname::OperandSegmentSizes});
}

void printReduce(Printer &p, Operation &op) {
  p.printOpName(op);
  if (op.getNumOperands() != 0) {
    p.os() << '(';
    p.printOperands(op.getOperands());
    p.os() << " : ";
    p.printTypes(op.getOperandTypes());
    p.os() << ") ";
    for (unsigned r = 0; r < op.getNumRegions(); ++r) {
      if (r)
        p.os() << ", ";
      p.printRegion(op.getRegion(r), /*printEntryArgs=*/true);
    }
  }
  p.printOptionalAttrDict(op.getAttrs());
}

void printReduceReturn(Printer &p, Operation &op) {
  p.printOpName(op);
  p.os() << ' ';
  p.printOperand(op.getOperand(0));
  p.printOptionalAttrDict(op.getAttrs());
  p.os() << " : ";
  p.printType(op.getOperand(0)->getType());
}

/// The cases follow on the lines of the closing braces (`} case 2 {`):
/// MLIR starts each on a line of its own, which reads back the same.
void printIndexSwitch(Printer &p, Operation &op) {
  ScfIndexSwitchOp indexSwitch(&op);
  p.printOpName(op);
  p.os() << ' ';
  p.printOperand(op.getOperand(0));
  p.printOptionalAttrDict(op.getAttrs(), {attrname::scf::Cases});
  // `-> t1, t2`: the declarative format's type list has no parentheses.
  if (op.getNumResults() != 0) {
    p.os() << " -> ";
    p.printTypes(op.getResultTypes());
  }
  // MLIR's parser adds no terminator to case regions: always print them.
  bool printYields = true;
  std::vector<int64_t> cases = indexSwitch.getCases();
  for (size_t i = 0; i < cases.size(); ++i) {
    p.os() << " case " << cases[i] << ' ';
    p.printRegion(op.getRegion((unsigned)i + 1), false, printYields);
  }
  p.os() << " default ";
  p.printRegion(op.getRegion(0), false, printYields);
}

void printExecuteRegion(Printer &p, Operation &op) {
  p.printOpName(op);
  printArrowTypes(p, op.getResultTypes());
  p.os() << ' ';
  p.printRegion(op.getRegion(0), false);
  p.printOptionalAttrDict(op.getAttrs());
}

} // namespace

void registerScfOpPrinters(OpPrinterRegistry &r) {
  r.add("scf.for", printFor);
  r.add("scf.if", printIf);
  r.add("scf.while", printWhile);
  r.add("scf.condition", printCondition);
  r.add("scf.parallel", printParallel);
  r.add("scf.reduce", printReduce);
  r.add("scf.reduce.return", printReduceReturn);
  r.add("scf.index_switch", printIndexSwitch);
  r.add("scf.execute_region", printExecuteRegion);
  r.add("scf.yield", printReturnLikeOp);
}

} // namespace affjit
