// Verifiers of the memref dialect's atomic ops with MLIR 19's rules and
// messages, in the order MLIR checks them: inherent attributes (the kind),
// ODS operand/result constraints, the type-matching traits, then each op's
// own verify() (subscript count and the kind's type class for atomic_rmw;
// one block argument of the result type and a body without side effects
// for generic_atomic_rmw; the yielded type for atomic_yield).
#include "frontend/ir/ArithOpTable.h"
#include "frontend/ir/MemRefOps.h"
#include "frontend/ir/MemoryEffects.h"
#include "frontend/verify/OpVerifiers.h"

namespace affjit {

namespace {

const char *const kScalar = "signless integer or floating-point";
const char *const kScalarMemRef =
    "memref of signless integer or floating-point values";

bool isSignlessScalar(Type t) {
  return t.isFloat() ||
         (t.isInteger() && t.getSignedness() == Signedness::Signless);
}

/// Operands `[begin, end)` are subscripts ("variadic of index").
bool checkIndices(Operation &op, VerifyContext &ctx, unsigned begin) {
  for (unsigned i = begin; i < op.getNumOperands(); ++i)
    if (!op.getOperand(i)->getType().isIndex())
      return badOperand(op, ctx, i, "variadic of index");
  return true;
}

bool checkScalarMemRef(Operation &op, VerifyContext &ctx, unsigned i) {
  Type t = op.getOperand(i)->getType();
  if (!t.isMemRef() || !isSignlessScalar(t.getElementType()))
    return badOperand(op, ctx, i, kScalarMemRef);
  return true;
}

/// The kind is converted to a property when the op is built: a value
/// outside the enum is rejected before any verifier runs.
bool checkKindAttr(Operation &op, VerifyContext &ctx, int64_t &kind) {
  Attribute a = AtomicRMWOp(&op).getKindAttr();
  if (!a)
    return missingAttr(op, ctx, attrname::memref::Kind);
  if (!a.isa(AttrKind::Integer) || !a.getType().isInteger(64) ||
      a.getInt() < 0 || a.getInt() >= kNumAtomicRMWKinds)
    return ctx.emitError(op, "invalid properties {kind = " + a.str() +
                                 "} for op " + op.getName() +
                                 ": Invalid attribute `kind` in property "
                                 "conversion: " +
                                 a.str());
  kind = a.getInt();
  return true;
}

/// arith::AtomicRMWKind values that need a float (addf, maximumf, minimumf,
/// mulf) or an integer (addi .. andi except mulf); assign, maxnumf and
/// minnumf are not checked by MLIR 19.
enum class KindClass { Any, Float, Integer };
KindClass classOf(int64_t kind) {
  switch (kind) {
  case 0: // addf
  case 3: // maximumf
  case 6: // minimumf
  case 9: // mulf
    return KindClass::Float;
  case 1:
  case 4:
  case 5:
  case 7:
  case 8:
  case 10:
  case 11:
  case 12:
    return KindClass::Integer;
  default:
    return KindClass::Any;
  }
}

bool checkKindType(Operation &op, VerifyContext &ctx, int64_t kind) {
  Type t = op.getOperand(0)->getType();
  std::string with = std::string("with kind '") + kAtomicRMWKinds[kind] + "' ";
  switch (classOf(kind)) {
  case KindClass::Float:
    return t.isFloat() ||
           ctx.emitOpError(op, with + "expects a floating-point type");
  case KindClass::Integer:
    return t.isInteger() ||
           ctx.emitOpError(op, with + "expects an integer type");
  case KindClass::Any:
    return true;
  }
  return true;
}

/// (value, memref, indices...) -> result
bool verifyAtomicRMW(Operation &op, VerifyContext &ctx) {
  int64_t kind = 0;
  if (!checkKindAttr(op, ctx, kind))
    return false;
  if (op.getNumOperands() < 2)
    return ctx.emitOpError(op, "expected 2 or more operands, but found " +
                                   std::to_string(op.getNumOperands()));
  if (op.getNumResults() != 1)
    return ctx.emitOpError(op, "requires one result");
  if (!isSignlessScalar(op.getOperand(0)->getType()))
    return badOperand(op, ctx, 0, kScalar);
  if (!checkScalarMemRef(op, ctx, 1) || !checkIndices(op, ctx, 2))
    return false;
  if (!isSignlessScalar(op.getResult(0)->getType()))
    return badResult(op, ctx, 0, kScalar);
  Type value = op.getOperand(0)->getType();
  Type memref = op.getOperand(1)->getType();
  if (value != op.getResult(0)->getType())
    return ctx.emitOpError(op, "failed to verify that all of {value, result} "
                               "have same type");
  if (value != memref.getElementType())
    return ctx.emitOpError(op, "failed to verify that value type matches "
                               "element type of memref");
  if (memref.getRank() != (int64_t)op.getNumOperands() - 2)
    return ctx.emitOpError(op, "expects the number of subscripts to be equal "
                               "to memref rank");
  return checkKindType(op, ctx, kind);
}

/// MLIR walks the body in post-order and reports the first op that may
/// touch memory (an op nested in a region before the op holding it).
bool checkBodyHasNoSideEffects(Operation &op, VerifyContext &ctx) {
  Operation *offender = nullptr;
  for (auto &inner : op.getRegion(0).front().getOperations()) {
    inner->walk([&](Operation *nested) {
      if (offender || getMemoryEffects(nested).empty())
        return WalkResult::advance();
      offender = nested;
      return WalkResult::interrupt();
    });
    if (offender)
      return ctx.emitError(*offender,
                           "body of 'memref.generic_atomic_rmw' should "
                           "contain only operations with no side effects");
  }
  return true;
}

/// (memref, indices...) -> result, with one region of one block.
bool verifyGenericAtomicRMW(Operation &op, VerifyContext &ctx) {
  if (op.getNumOperands() < 1)
    return ctx.emitOpError(op, "expected 1 or more operands, but found 0");
  if (op.getNumResults() != 1)
    return ctx.emitOpError(op, "requires one result");
  if (op.getNumRegions() != 1)
    return ctx.emitOpError(op, "requires one region");
  if (!checkScalarMemRef(op, ctx, 0) || !checkIndices(op, ctx, 1))
    return false;
  Type result = op.getResult(0)->getType();
  if (!isSignlessScalar(result))
    return badResult(op, ctx, 0, kScalar);
  if (result != op.getOperand(0)->getType().getElementType())
    return ctx.emitOpError(op, "failed to verify that result type matches "
                               "element type of memref");
  Region &body = op.getRegion(0);
  if (body.getBlocks().size() > 1)
    return ctx.emitOpError(op, "region #0 ('atomic_body') failed to verify "
                               "constraint: region with 1 blocks");
  if (body.empty() || body.front().getNumArguments() != 1)
    return ctx.emitOpError(op, "expected single number of entry block "
                               "arguments");
  if (body.front().getArgument(0)->getType() != result)
    return ctx.emitOpError(op, "expected block argument of the same type "
                               "result type");
  return checkBodyHasNoSideEffects(op, ctx);
}

bool verifyAtomicYield(Operation &op, VerifyContext &ctx) {
  Operation *parent = op.getParentOp();
  if (!parent || !parent->isa("memref.generic_atomic_rmw"))
    return ctx.emitOpError(op, "expects parent op 'memref.generic_atomic_rmw'");
  if (op.getNumOperands() != 1)
    return ctx.emitOpError(op, "requires a single operand");
  if (op.getNumResults() != 0)
    return ctx.emitOpError(op, "requires zero results");
  Type yielded = op.getOperand(0)->getType();
  Type expected =
      parent->getNumResults() == 1 ? parent->getResult(0)->getType() : Type();
  if (yielded != expected)
    return ctx.emitOpError(
        op, "types mismatch between yield op: " + quoted(yielded) +
                " and its parent: " + quoted(expected));
  return true;
}

} // namespace

void registerMemRefAtomicOpVerifiers(OpVerifierRegistry &r) {
  r.add("memref.atomic_rmw", verifyAtomicRMW);
  r.add("memref.generic_atomic_rmw", verifyGenericAtomicRMW);
  r.add("memref.atomic_yield", verifyAtomicYield);
}

} // namespace affjit
