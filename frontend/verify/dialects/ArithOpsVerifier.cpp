// Verifiers of the arith and math dialects, driven by the op table in
// ArithOpTable.h: operand/result counts, same-type rules, the element kind
// each op accepts (MLIR's "floating-point-like", "signless-integer-like"),
// cast compatibility, comparison result shapes and constant types.
#include "frontend/ir/ArithOpTable.h"
#include "frontend/ir/FuncOps.h"
#include "frontend/verify/OpVerifiers.h"

namespace affjit {

namespace {

/// arith's integers are signless: `si32`/`ui32` (which affjit reads for
/// vector.bitcast and function signatures) are no operand of its ops.
bool isSignlessInt(Type t) {
  return t.isInteger() && t.getSignedness() == Signedness::Signless;
}

bool isSignedOrUnsignedInt(Type t) {
  return t.isInteger() && !isSignlessInt(t);
}

bool hasKind(Type t, ElemKind kind) {
  Type e = t.getElementTypeOrSelf();
  if (t.isVector() && e.isVector())
    return false;
  switch (kind) {
  case ElemKind::Int:
    return isSignlessInt(e);
  case ElemKind::IntOrIndex:
    return isSignlessInt(e) || e.isIndex();
  case ElemKind::Float:
    return e.isFloat();
  case ElemKind::Any:
    return isSignlessInt(e) || e.isIndex() || e.isFloat();
  }
  return false;
}

const char *kindDescription(ElemKind kind) {
  switch (kind) {
  case ElemKind::Int:
    return "signless-fixed-width-integer-like";
  case ElemKind::IntOrIndex:
    return "signless-integer-like";
  case ElemKind::Float:
    return "floating-point-like";
  case ElemKind::Any:
    return "integer, index or floating-point-like";
  }
  return "";
}

bool checkCounts(Operation &op, VerifyContext &ctx, unsigned operands) {
  if (op.getNumOperands() != operands)
    return ctx.emitOpError(op, "expected " + std::to_string(operands) +
                                   " operands, but found " +
                                   std::to_string(op.getNumOperands()));
  if (op.getNumResults() != 1)
    return ctx.emitOpError(op, "requires one result");
  return true;
}

bool checkOperandKinds(Operation &op, VerifyContext &ctx, ElemKind kind) {
  for (unsigned i = 0; i < op.getNumOperands(); ++i) {
    Type t = op.getOperand(i)->getType();
    if (!hasKind(t, kind))
      return ctx.emitOpError(op, "operand #" + std::to_string(i) + " must be " +
                                     kindDescription(kind) + ", but got " +
                                     quoted(t));
  }
  return true;
}

bool verifyUniform(Operation &op, VerifyContext &ctx, const ArithOpInfo &info,
                   unsigned n) {
  if (!checkCounts(op, ctx, n))
    return false;
  Type t = op.getResult(0)->getType();
  for (Value *v : op.getOperands())
    if (v->getType() != t)
      return ctx.emitOpError(op, "requires the same type for all operands "
                                 "and results");
  return checkOperandKinds(op, ctx, info.operandKind);
}

bool sameShape(Type a, Type b) {
  if (a.isVector() != b.isVector())
    return false;
  return !a.isVector() || a.getShape() == b.getShape();
}

/// Whether a cast from `from` to `to` (element types) is allowed by `name`.
bool castAllowed(std::string_view name, Type from, Type to) {
  auto wider = [](Type a, Type b) { return a.getWidth() > b.getWidth(); };
  if (name == "arith.index_cast" || name == "arith.index_castui")
    return (from.isIndex() && isSignlessInt(to)) ||
           (isSignlessInt(from) && to.isIndex());
  if (name == "arith.sitofp" || name == "arith.uitofp")
    return isSignlessInt(from) && to.isFloat();
  if (name == "arith.fptosi" || name == "arith.fptoui")
    return from.isFloat() && isSignlessInt(to);
  if (name == "arith.extf")
    return from.isFloat() && to.isFloat() && wider(to, from);
  if (name == "arith.truncf")
    return from.isFloat() && to.isFloat() && wider(from, to);
  if (name == "arith.extsi" || name == "arith.extui")
    return isSignlessInt(from) && isSignlessInt(to) && wider(to, from);
  if (name == "arith.trunci")
    return isSignlessInt(from) && isSignlessInt(to) && wider(from, to);
  if (name == "arith.bitcast")
    return (isSignlessInt(from) || from.isFloat()) &&
           (isSignlessInt(to) || to.isFloat()) &&
           from.getWidth() == to.getWidth();
  return false;
}

bool verifyCast(Operation &op, VerifyContext &ctx) {
  if (!checkCounts(op, ctx, 1))
    return false;
  Type from = op.getOperand(0)->getType(), to = op.getResult(0)->getType();
  if (isSignedOrUnsignedInt(from.getElementTypeOrSelf()))
    return ctx.emitOpError(op, "operand #0 must be "
                               "signless-fixed-width-integer-like, but got " +
                                   quoted(from));
  if (isSignedOrUnsignedInt(to.getElementTypeOrSelf()))
    return ctx.emitOpError(op, "result #0 must be "
                               "signless-fixed-width-integer-like, but got " +
                                   quoted(to));
  if (!sameShape(from, to) ||
      !castAllowed(op.getName(), from.getElementTypeOrSelf(),
                   to.getElementTypeOrSelf()))
    return ctx.emitOpError(op, "operand type " + quoted(from) +
                                   " and result type " + quoted(to) +
                                   " are cast incompatible");
  return true;
}

bool verifyCmp(Operation &op, VerifyContext &ctx, const ArithOpInfo &info) {
  if (!checkCounts(op, ctx, 2))
    return false;
  bool isInt = info.shape == ArithShape::CmpI;
  Attribute pred =
      isInt ? CmpIOp(&op).getPredicateAttr() : CmpFOp(&op).getPredicateAttr();
  int64_t limit = isInt ? 10 : 16;
  if (!pred || !pred.isa(AttrKind::Integer) || pred.getInt() < 0 ||
      pred.getInt() >= limit)
    return ctx.emitOpError(op, "requires a valid 'predicate' attribute");
  Type t = op.getOperand(0)->getType();
  if (op.getOperand(1)->getType() != t)
    return ctx.emitOpError(op, "requires all operands to have the same type");
  if (!checkOperandKinds(op, ctx, info.operandKind))
    return false;
  Type r = op.getResult(0)->getType();
  if (!r.getElementTypeOrSelf().isInteger(1) || !sameShape(r, t))
    return ctx.emitOpError(op, "result #0 must be bool-like of the operands' "
                               "shape, but got " +
                                   quoted(r));
  return true;
}

bool verifySelect(Operation &op, VerifyContext &ctx) {
  if (!checkCounts(op, ctx, 3))
    return false;
  Type t = op.getResult(0)->getType();
  if (op.getOperand(1)->getType() != t || op.getOperand(2)->getType() != t)
    return ctx.emitOpError(op, "failed to verify that all of {true_value, "
                               "false_value, result} have same type");
  Type c = op.getOperand(0)->getType();
  bool scalarCond = c.isInteger(1);
  bool vectorCond = c.isVector() && c.getElementType().isInteger(1) &&
                    t.isVector() && c.getShape() == t.getShape();
  if (!scalarCond && !vectorCond)
    return ctx.emitOpError(op, "expected condition to be a signless i1, but "
                               "got " +
                                   quoted(c));
  return true;
}

bool verifyConstant(Operation &op, VerifyContext &ctx) {
  if (op.getNumOperands() != 0 || op.getNumResults() != 1)
    return ctx.emitOpError(op, "requires no operands and one result");
  Attribute v = ConstantOp(&op).getValue();
  Type r = op.getResult(0)->getType();
  if (!v)
    return missingAttr(op, ctx, attrname::arith::Value);
  if (v.isa(AttrKind::Bool))
    return r.isInteger(1) ||
           ctx.emitOpError(op, "value type 'i1' must match result type " +
                                   quoted(r));
  if (!v.isa(AttrKind::Integer) && !v.isa(AttrKind::Float) &&
      !v.isa(AttrKind::DenseElements))
    return ctx.emitOpError(op, "value must be an integer, float, or "
                               "elements attribute");
  if (v.getType() != r)
    return ctx.emitOpError(op, "value type " + quoted(v.getType()) +
                                   " must match result type " + quoted(r));
  if (isSignedOrUnsignedInt(r.getElementTypeOrSelf()))
    return ctx.emitOpError(op, "integer return type must be signless");
  if (!r.isIntOrIndexOrFloat() &&
      !(r.isVector() && r.getElementType().isIntOrIndexOrFloat()))
    return ctx.emitOpError(op, "result must be a scalar or vector of "
                               "integer, index or float");
  return true;
}

/// `fastmath` / `overflowFlags`, when present, are the dialect's flag
/// attributes (their contents were checked when parsed).
bool checkFlagAttrs(Operation &op, VerifyContext &ctx) {
  struct {
    const char *name, *prefix, *what;
  } const flags[] = {{attrname::arith::FastMath, "#arith.fastmath<",
                      "Floating point fast math flags"},
                     {attrname::arith::OverflowFlags, "#arith.overflow<",
                      "Integer overflow arith flags"}};
  for (const auto &f : flags) {
    Attribute a = op.getAttr(f.name);
    if (a &&
        !(a.isa(AttrKind::Opaque) && a.getString().rfind(f.prefix, 0) == 0))
      return badAttr(op, ctx, f.name, f.what);
  }
  return true;
}

/// Both operands and the first result have one type; the second result is
/// that type too (mul*_extended) or its i1 counterpart (addui_extended).
bool verifyExtended(Operation &op, VerifyContext &ctx,
                    const ArithOpInfo &info) {
  if (op.getNumOperands() != 2 || op.getNumResults() != 2)
    return ctx.emitOpError(op, "requires 2 operands and 2 results");
  Type t = op.getResult(0)->getType();
  if (op.getOperand(0)->getType() != t || op.getOperand(1)->getType() != t)
    return ctx.emitOpError(op, "requires the same type for all operands "
                               "and the first result");
  if (!checkOperandKinds(op, ctx, info.operandKind))
    return false;
  Type second = op.getResult(1)->getType();
  if (op.getName() != "arith.addui_extended")
    return second == t ||
           ctx.emitOpError(op, "requires the same type for both results");
  Type carry = second.isVector() ? second.getElementType() : second;
  if (!carry.isInteger(1))
    return ctx.emitOpError(op, "result #1 must be bool-like, but got " +
                                   quoted(second));
  if (!sameShape(second, t))
    return ctx.emitOpError(op, "all non-scalar operands/results must have "
                               "the same shape and base type");
  return true;
}

bool verifyArithOp(Operation &op, VerifyContext &ctx) {
  if (!checkFlagAttrs(op, ctx))
    return false;
  const ArithOpInfo *info = lookupArithOp(op.getName());
  switch (info->shape) {
  case ArithShape::Binary:
    return verifyUniform(op, ctx, *info, 2);
  case ArithShape::Unary:
    return verifyUniform(op, ctx, *info, 1);
  case ArithShape::Ternary:
    return verifyUniform(op, ctx, *info, 3);
  case ArithShape::Cast:
    return verifyCast(op, ctx);
  case ArithShape::CmpI:
  case ArithShape::CmpF:
    return verifyCmp(op, ctx, *info);
  case ArithShape::Select:
    return verifySelect(op, ctx);
  case ArithShape::Constant:
    return verifyConstant(op, ctx);
  case ArithShape::Extended:
    return verifyExtended(op, ctx, *info);
  }
  return false;
}

} // namespace

void registerArithOpVerifiers(OpVerifierRegistry &r) {
  for (const ArithOpInfo *i = arithOpsBegin(); i != arithOpsEnd(); ++i)
    r.add(std::string(i->name), verifyArithOp);
}

} // namespace affjit
