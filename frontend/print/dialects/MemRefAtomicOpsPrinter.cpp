// Custom-syntax printers of the memref dialect's atomic ops, writing what
// mlir-opt 19 prints: the atomic_rmw kind as its keyword (elided from the
// attribute dictionary), generic_atomic_rmw's body with its `^bb0(...)`
// header, which MLIR's parser requires.
#include "frontend/ir/ArithOpTable.h"
#include "frontend/ir/MemRefOps.h"
#include "frontend/print/OpPrinters.h"

namespace affjit {

namespace {

/// `%m[%i, %j]`: operand `at` and the subscripts after it.
void printSubscripted(Printer &p, Operation &op, unsigned at) {
  p.printOperand(op.getOperand(at));
  p.os() << '[';
  p.printOperands(op.getOperands(at + 1, op.getNumOperands() - at - 1));
  p.os() << ']';
}

/// `memref.atomic_rmw addf %v, %m[%i] : (f32, memref<4xf32>) -> f32`
void printAtomicRMW(Printer &p, Operation &op) {
  Attribute kind = AtomicRMWOp(&op).getKindAttr();
  if (!kind || !kind.isa(AttrKind::Integer) || kind.getInt() < 0 ||
      kind.getInt() >= kNumAtomicRMWKinds || op.getNumOperands() < 2 ||
      op.getNumResults() != 1)
    return p.printGenericOp(op);
  p.os() << "memref.atomic_rmw " << kAtomicRMWKinds[kind.getInt()] << ' ';
  p.printOperand(op.getOperand(0));
  p.os() << ", ";
  printSubscripted(p, op, 1);
  p.printOptionalAttrDict(op.getAttrs(), {"kind"});
  p.os() << " : (";
  p.printType(op.getOperand(0)->getType());
  p.os() << ", ";
  p.printType(op.getOperand(1)->getType());
  p.os() << ") -> ";
  p.printType(op.getResult(0)->getType());
}

/// `memref.generic_atomic_rmw %m[%i] : memref<4xf32> { ^bb0(%x: f32): ...
/// } [attr-dict]`
void printGenericAtomicRMW(Printer &p, Operation &op) {
  if (op.getNumOperands() < 1 || op.getNumRegions() != 1)
    return p.printGenericOp(op);
  p.os() << "memref.generic_atomic_rmw ";
  printSubscripted(p, op, 0);
  p.os() << " : ";
  p.printType(op.getOperand(0)->getType());
  p.os() << ' ';
  p.printRegion(op.getRegion(0), /*printEntryArgs=*/true);
  p.printOptionalAttrDict(op.getAttrs());
}

/// `memref.atomic_yield %v [attr-dict] : f32`
void printAtomicYield(Printer &p, Operation &op) {
  if (op.getNumOperands() != 1)
    return p.printGenericOp(op);
  p.os() << "memref.atomic_yield ";
  p.printOperand(op.getOperand(0));
  p.printOptionalAttrDict(op.getAttrs());
  p.os() << " : ";
  p.printType(op.getOperand(0)->getType());
}

} // namespace

void registerMemRefAtomicOpPrinters(OpPrinterRegistry &r) {
  r.add("memref.atomic_rmw", printAtomicRMW);
  r.add("memref.generic_atomic_rmw", printGenericAtomicRMW);
  r.add("memref.atomic_yield", printAtomicYield);
}

} // namespace affjit
