// Verifiers of the vector subset, with MLIR 19's wording: transfer ops'
// permutation maps, index counts, padding and in_bounds; reduction kinds
// against element types; broadcast, splat and fma types; extract/insert
// positions; vector.load/store and vector.print operands.
#include "frontend/ir/VectorOpInfo.h"
#include "frontend/verify/OpVerifiers.h"

namespace affjit {

namespace {

std::string quoted(Type t) { return "'" + t.str() + "'"; }

bool hasArrayOfSize(Operation &op, const char *name, AttrKind kind,
                    size_t size) {
  Attribute a = op.getAttr(name);
  return a && a.isa(kind) &&
         (kind == AttrKind::Array ? a.getArray().size() : a.getInts().size()) ==
             size;
}

/// Shared checks of transfer_read and transfer_write.
bool verifyTransfer(Operation &op, VerifyContext &ctx, unsigned sourceIdx,
                    Type vector, unsigned numIndices) {
  Type source = op.getOperand(sourceIdx)->getType();
  if (!source.isMemRef())
    return ctx.emitOpError(op, "requires source to be a memref, got " +
                                   quoted(source));
  if (!vector.isVector())
    return ctx.emitOpError(op, "requires a vector type, got " + quoted(vector));
  if ((int64_t)numIndices != source.getRank())
    return ctx.emitOpError(op, "requires " + std::to_string(source.getRank()) +
                                   " indices");
  Attribute mapAttr = op.getAttr("permutation_map");
  if (!mapAttr || !mapAttr.isa(AttrKind::AffineMap))
    return ctx.emitOpError(op, "requires a 'permutation_map' attribute");
  AffineMap map = mapAttr.getAffineMap();
  if ((int64_t)map.getNumDims() != source.getRank())
    return ctx.emitOpError(op, "requires a permutation_map with input dims "
                               "of the same rank as the source type");
  if ((int64_t)map.getNumResults() != vector.getRank())
    return ctx.emitOpError(op, "requires a permutation_map with result dims "
                               "of the same rank as the vector type");
  if (map.getNumSymbols() != 0)
    return ctx.emitOpError(op, "requires permutation_map without symbols");
  for (const AffineExpr &e : map.getResults())
    if (e.getKind() != AffineExprKind::Dim &&
        !(e.getKind() == AffineExprKind::Constant && e.getValue() == 0))
      return ctx.emitOpError(op, "requires a projected permutation_map "
                                 "(at most one dim or the zero constant per "
                                 "result)");
  if (!hasArrayOfSize(op, "in_bounds", AttrKind::Array, vector.getRank()))
    return ctx.emitOpError(op, "expects the in_bounds attr of same rank as "
                               "permutation_map results");
  if (vector.getElementType() != source.getElementType())
    return ctx.emitOpError(op, "requires source and vector of the same "
                               "elemental type");
  return true;
}

std::vector<int64_t> segmentsOf(Operation &op, size_t n, VerifyContext &ctx,
                                bool &ok) {
  ok = hasArrayOfSize(op, "operandSegmentSizes", AttrKind::DenseArray, n);
  if (!ok) {
    ctx.emitOpError(op, "requires 'operandSegmentSizes' with " +
                            std::to_string(n) + " entries");
    return {};
  }
  std::vector<int64_t> seg = op.getAttr("operandSegmentSizes").getInts();
  int64_t sum = 0;
  for (int64_t s : seg)
    sum += s;
  if (sum != (int64_t)op.getNumOperands()) {
    ok = false;
    ctx.emitOpError(op, "operand segments do not add up to the operands");
  }
  return seg;
}

bool verifyTransferRead(Operation &op, VerifyContext &ctx) {
  bool ok;
  std::vector<int64_t> seg = segmentsOf(op, 4, ctx, ok);
  if (!ok)
    return false;
  if (seg[0] != 1 || seg[2] != 1 || op.getNumResults() != 1)
    return ctx.emitOpError(op, "expects a source, a padding value and one "
                               "result");
  Type vector = op.getResult(0)->getType();
  if (!verifyTransfer(op, ctx, 0, vector, (unsigned)seg[1]))
    return false;
  Type pad = op.getOperand(1 + (unsigned)seg[1])->getType();
  if (pad != op.getOperand(0)->getType().getElementType())
    return ctx.emitOpError(op, "requires formal padding and source of the "
                               "same elemental type");
  return true;
}

bool verifyTransferWrite(Operation &op, VerifyContext &ctx) {
  bool ok;
  std::vector<int64_t> seg = segmentsOf(op, 4, ctx, ok);
  if (!ok)
    return false;
  if (seg[0] != 1 || seg[1] != 1 || op.getNumResults() != 0)
    return ctx.emitOpError(op, "expects a vector and a destination");
  return verifyTransfer(op, ctx, 1, op.getOperand(0)->getType(),
                        (unsigned)seg[2]);
}

bool verifyReduction(Operation &op, VerifyContext &ctx) {
  if (op.getNumOperands() < 1 || op.getNumOperands() > 2 ||
      op.getNumResults() != 1)
    return ctx.emitOpError(op, "expects a vector, an optional accumulator "
                               "and one result");
  Attribute kindAttr = op.getAttr("kind");
  std::string_view kind = kindAttr && kindAttr.isa(AttrKind::Opaque)
                              ? vectorKindName(kindAttr.getString())
                              : std::string_view();
  if (!isVectorKind(kind))
    return ctx.emitOpError(op, "requires a 'kind' combining kind attribute");
  Type v = op.getOperand(0)->getType(), r = op.getResult(0)->getType();
  if (!v.isVector() || v.getRank() != 1)
    return ctx.emitOpError(op,
                           "unsupported reduction rank: " +
                               std::to_string(v.isVector() ? v.getRank() : 0));
  if (r != v.getElementType())
    return ctx.emitOpError(op, "failed to verify that source operand and "
                               "result have same element type");
  bool okType = (r.isFloat() && vectorKindAcceptsFloat(kind)) ||
                (r.isIntOrIndex() && vectorKindAcceptsInt(kind));
  if (!okType)
    return ctx.emitOpError(op, "unsupported reduction type " + quoted(r) +
                                   " for kind '" + std::string(kind) + "'");
  if (op.getNumOperands() == 2 && op.getOperand(1)->getType() != r)
    return ctx.emitOpError(op, "accumulator must have the result type");
  return true;
}

bool verifyBroadcast(Operation &op, VerifyContext &ctx) {
  if (op.getNumOperands() != 1 || op.getNumResults() != 1)
    return ctx.emitOpError(op, "expects one operand and one result");
  Type src = op.getOperand(0)->getType(), dst = op.getResult(0)->getType();
  if (!dst.isVector())
    return ctx.emitOpError(op, "result must be a vector");
  if (!src.isVector())
    return src == dst.getElementType() ||
           ctx.emitOpError(op, "source type " + quoted(src) +
                                   " is not broadcastable to " + quoted(dst));
  // Trailing dimensions must match or be 1 in the source (numpy rules).
  const auto &s = src.getShape(), &d = dst.getShape();
  bool fits =
      s.size() <= d.size() && src.getElementType() == dst.getElementType();
  for (size_t i = 1; fits && i <= s.size(); ++i)
    fits = s[s.size() - i] == 1 || s[s.size() - i] == d[d.size() - i];
  if (!fits)
    return ctx.emitOpError(op, "source type " + quoted(src) +
                                   " is not broadcastable to " + quoted(dst));
  return true;
}

bool verifySplat(Operation &op, VerifyContext &ctx) {
  if (op.getNumOperands() != 1 || op.getNumResults() != 1 ||
      !op.getResult(0)->getType().isVector() ||
      op.getOperand(0)->getType() !=
          op.getResult(0)->getType().getElementType())
    return ctx.emitOpError(op, "requires a scalar of the result vector's "
                               "element type");
  return true;
}

bool verifyFma(Operation &op, VerifyContext &ctx) {
  if (op.getNumOperands() != 3 || op.getNumResults() != 1)
    return ctx.emitOpError(op, "expects three operands and one result");
  Type t = op.getResult(0)->getType();
  for (Value *v : op.getOperands())
    if (v->getType() != t)
      return ctx.emitOpError(op, "requires the same type for all operands "
                                 "and results");
  if (!t.isVector() || !t.getElementType().isFloat())
    return ctx.emitOpError(op, "operand #0 must be vector of floating-point "
                               "values, but got " +
                                   quoted(t));
  return true;
}

/// The type addressed by `numPositions` leading positions into `vector`.
Type positionedType(Type vector, size_t numPositions) {
  const auto &shape = vector.getShape();
  if (numPositions == shape.size())
    return vector.getElementType();
  return Type::vector(
      std::vector<int64_t>(shape.begin() + numPositions, shape.end()),
      vector.getElementType());
}

/// Positions: within rank, static ones in range, dynamic ones matching
/// the index operands from `firstDynamic` on.
bool checkPositions(Operation &op, VerifyContext &ctx, Type vector,
                    unsigned firstDynamic) {
  Attribute posAttr = op.getAttr("static_position");
  if (!posAttr || !posAttr.isa(AttrKind::DenseArray))
    return ctx.emitOpError(op, "requires a 'static_position' attribute");
  const std::vector<int64_t> &pos = posAttr.getInts();
  if ((int64_t)pos.size() > vector.getRank())
    return ctx.emitOpError(op, "expected position attribute of rank no "
                               "greater than vector rank");
  unsigned dynamic = 0;
  for (size_t i = 0; i < pos.size(); ++i) {
    if (pos[i] == kDynamic) {
      ++dynamic;
      continue;
    }
    if (pos[i] < 0 || pos[i] >= vector.getDimSize((unsigned)i))
      return ctx.emitOpError(op, "expected position attribute #" +
                                     std::to_string(i + 1) +
                                     " to be a non-negative integer smaller "
                                     "than the corresponding vector "
                                     "dimension");
  }
  if (firstDynamic + dynamic != op.getNumOperands())
    return ctx.emitOpError(op, "expected as many dynamic position operands "
                               "as '?' positions");
  for (unsigned i = firstDynamic; i < op.getNumOperands(); ++i)
    if (!op.getOperand(i)->getType().isIndex())
      return ctx.emitOpError(op, "dynamic positions must be of index type");
  return true;
}

bool verifyExtract(Operation &op, VerifyContext &ctx) {
  if (op.getNumOperands() < 1 || op.getNumResults() != 1)
    return ctx.emitOpError(op, "expects a vector operand and one result");
  Type v = op.getOperand(0)->getType();
  if (!v.isVector())
    return ctx.emitOpError(op, "expects a vector operand");
  if (!checkPositions(op, ctx, v, 1))
    return false;
  Type want = positionedType(v, op.getAttr("static_position").getInts().size());
  if (op.getResult(0)->getType() != want)
    return ctx.emitOpError(op, "expected result type " + quoted(want));
  return true;
}

bool verifyInsert(Operation &op, VerifyContext &ctx) {
  if (op.getNumOperands() < 2 || op.getNumResults() != 1)
    return ctx.emitOpError(op, "expects a source, a destination and one "
                               "result");
  Type dest = op.getOperand(1)->getType();
  if (!dest.isVector() || op.getResult(0)->getType() != dest)
    return ctx.emitOpError(op, "expects a vector destination of the result "
                               "type");
  if (!checkPositions(op, ctx, dest, 2))
    return false;
  Type want =
      positionedType(dest, op.getAttr("static_position").getInts().size());
  if (op.getOperand(0)->getType() != want)
    return ctx.emitOpError(op, "expected source type " + quoted(want));
  return true;
}

bool verifyLoadStore(Operation &op, VerifyContext &ctx) {
  bool isStore = op.isa("vector.store");
  unsigned base = isStore ? 1 : 0;
  if (op.getNumOperands() <= base || op.getNumResults() != (isStore ? 0 : 1))
    return ctx.emitOpError(op, "has the wrong number of operands or results");
  Type memref = op.getOperand(base)->getType();
  Type vector =
      isStore ? op.getOperand(0)->getType() : op.getResult(0)->getType();
  if (!memref.isMemRef() || !vector.isVector())
    return ctx.emitOpError(op, "expects a memref base and a vector value");
  if (op.getNumOperands() - base - 1 != memref.getRank())
    return ctx.emitOpError(op, "requires " + std::to_string(memref.getRank()) +
                                   " indices");
  for (unsigned i = base + 1; i < op.getNumOperands(); ++i)
    if (!op.getOperand(i)->getType().isIndex())
      return ctx.emitOpError(op, "indices must be of index type");
  if (memref.getElementType() != vector.getElementType())
    return ctx.emitOpError(op, "base and valueToStore element type should "
                               "match");
  return true;
}

bool verifyPrint(Operation &op, VerifyContext &ctx) {
  if (op.getNumOperands() > 1 || op.getNumResults() != 0)
    return ctx.emitOpError(op, "prints at most one value");
  Attribute punct = op.getAttr("punctuation");
  if (!punct || !punct.isa(AttrKind::Opaque) ||
      punct.getString().rfind("#vector.punctuation<", 0) != 0)
    return ctx.emitOpError(op, "requires a 'punctuation' attribute");
  if (op.getNumOperands() == 1) {
    Type t = op.getOperand(0)->getType();
    if (!t.getElementTypeOrSelf().isIntOrIndexOrFloat())
      return ctx.emitOpError(op, "cannot print a value of type " + quoted(t));
  }
  return true;
}

} // namespace

void registerVectorOpVerifiers(OpVerifierRegistry &r) {
  r.add("vector.transfer_read", verifyTransferRead);
  r.add("vector.transfer_write", verifyTransferWrite);
  r.add("vector.reduction", verifyReduction);
  r.add("vector.broadcast", verifyBroadcast);
  r.add("vector.splat", verifySplat);
  r.add("vector.fma", verifyFma);
  r.add("vector.extract", verifyExtract);
  r.add("vector.insert", verifyInsert);
  r.add("vector.load", verifyLoadStore);
  r.add("vector.store", verifyLoadStore);
  r.add("vector.print", verifyPrint);
}

} // namespace affjit
