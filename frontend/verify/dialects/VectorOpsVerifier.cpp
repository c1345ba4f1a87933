// Verifiers of the vector subset with MLIR 19's wording and check order:
// first what ODS generates (required attributes, operand and result type
// constraints, `PredOpTrait`s), then the op's own verify(). Custom syntax
// makes most ODS failures impossible; they matter for the generic form.
#include "frontend/ir/VectorOpInfo.h"
#include "frontend/ir/VectorOps.h"
#include "frontend/verify/OpVerifiers.h"

#include <algorithm>

namespace affjit {

namespace {

/// MLIR's getElementTypeOrSelf: the element type of any shaped type.
Type elementTypeOrSelf(Type t) { return t.isShaped() ? t.getElementType() : t; }

/// Bit width as MLIR's default data layout sees it (index: 64).
unsigned bitWidth(Type t) { return t.isIntOrIndexOrFloat() ? t.getWidth() : 0; }

/// ODS's "operand #i must be <what>, but got 'T'" (or "result #i").
bool typeConstraintError(Operation &op, VerifyContext &ctx, const char *kind,
                         unsigned index, const std::string &what, Type got) {
  return ctx.emitOpError(op, std::string(kind) + " #" + std::to_string(index) +
                                 " must be " + what + ", but got " +
                                 quoted(got));
}

/// Operands [first, first + n) must be of index type.
bool checkIndexOperands(Operation &op, VerifyContext &ctx, unsigned first,
                        unsigned n) {
  for (unsigned i = first; i < first + n; ++i)
    if (!op.getOperand(i)->getType().isIndex())
      return typeConstraintError(op, ctx, "operand", i, "variadic of index",
                                 op.getOperand(i)->getType());
  return true;
}

/// The attribute `a` named `name`, reported as missing or of the wrong
/// kind.
bool requireAttrOfKind(Operation &op, VerifyContext &ctx, Attribute a,
                       const char *name, AttrKind kind,
                       const char *constraint) {
  if (!requireAttr(op, ctx, a, name))
    return false;
  return a.isa(kind) || badAttr(op, ctx, name, constraint);
}

/// What an inherent attribute (an MLIR property) must be: an attribute
/// kind, and for opaque dialect attributes the text they start with.
struct PropSpec {
  const char *name;
  AttrKind kind;
  const char *prefix = nullptr;
  Type arrayElement = Type(); // for dense arrays
};

bool fitsProp(Attribute a, const PropSpec &spec) {
  if (!a.isa(spec.kind))
    return false;
  if (spec.prefix && a.getString().rfind(spec.prefix, 0) != 0)
    return false;
  return !spec.arrayElement || a.getType() == spec.arrayElement;
}

/// MLIR converts inherent attributes to properties when it creates the op
/// and rejects one of the wrong kind then, before any verifier runs.
bool checkProperties(Operation &op, VerifyContext &ctx,
                     std::initializer_list<PropSpec> specs) {
  for (const PropSpec &spec : specs) {
    Attribute a = op.getAttr(spec.name);
    if (!a || fitsProp(a, spec))
      continue;
    std::vector<NamedAttribute> props;
    for (const NamedAttribute &na : op.getAttrs())
      for (const PropSpec &other : specs)
        if (na.name == other.name)
          props.push_back(na);
    return ctx.emitError(
        op, "invalid properties " + Attribute::dictionary(props).str() +
                " for op " + op.getName() + ": Invalid attribute `" +
                spec.name + "` in property conversion: " + a.str());
  }
  return true;
}

/// `operandSegmentSizes` (attribute `a`) with `n` entries adding up to the
/// operand count.
bool checkSegments(Operation &op, VerifyContext &ctx, Attribute a, size_t n,
                   std::vector<int64_t> &seg) {
  seg = a && a.isa(AttrKind::DenseArray) ? a.getInts() : std::vector<int64_t>();
  int64_t sum = 0;
  for (int64_t s : seg)
    sum += s;
  if (seg.size() != n || sum != (int64_t)op.getNumOperands())
    return ctx.emitOpError(
        op, "operand count (" + std::to_string(op.getNumOperands()) +
                ") does not match with the total size (" +
                std::to_string(seg.size() == n ? sum : 0) +
                ") specified in attribute 'operandSegmentSizes'");
  return true;
}

//===-- transfer_read / transfer_write -----------------------------------===//

/// The ODS part shared by both transfer ops: required attributes and the
/// operand segments.
bool checkTransferAttrs(Operation &op, VerifyContext &ctx,
                        std::vector<int64_t> &seg) {
  auto transfer = cast<VectorTransferOpInterface>(&op);
  if (!checkProperties(
          op, ctx,
          {{attrname::vector::InBounds, AttrKind::Array},
           {attrname::OperandSegmentSizes, AttrKind::DenseArray, nullptr,
            Type::integer(32)},
           {attrname::vector::PermutationMap, AttrKind::AffineMap}}))
    return false;
  if (!requireAttrOfKind(op, ctx, transfer.getInBoundsAttr(),
                         attrname::vector::InBounds, AttrKind::Array,
                         "1-bit boolean array attribute") ||
      !checkSegments(op, ctx, transfer.getOperandSegmentSizesAttr(), 4, seg) ||
      !requireAttrOfKind(op, ctx, transfer.getPermutationMapAttr(),
                         attrname::vector::PermutationMap, AttrKind::AffineMap,
                         "AffineMap attribute"))
    return false;
  for (const Attribute &b : transfer.getInBoundsAttr().getArray())
    if (!b.isa(AttrKind::Bool))
      return badAttr(op, ctx, attrname::vector::InBounds,
                     "1-bit boolean array attribute");
  if (seg[3] > 1)
    return ctx.emitOpError(op, "operand group starting at #" +
                                   std::to_string(op.getNumOperands() - 1) +
                                   " requires 0 or 1 element, but found " +
                                   std::to_string(seg[3]));
  return true;
}

/// MLIR's verifyTransferOp, after the index count was checked.
bool verifyTransferOp(Operation &op, VerifyContext &ctx, Type source,
                      Type vector, Value *mask) {
  auto transfer = cast<VectorTransferOpInterface>(&op);
  AffineMap map = transfer.getPermutationMap();
  const std::vector<Attribute> &inBounds =
      transfer.getInBoundsAttr().getArray();
  Type elt = source.getElementType();
  unsigned minor =
      vector.getRank() == 0 ? 1 : (unsigned)vector.getShape().back();
  unsigned eltBits = bitWidth(elt);
  if (eltBits && (bitWidth(vector.getElementType()) * minor) % eltBits != 0)
    return ctx.emitOpError(op, "requires the bitwidth of the minor 1-D vector "
                               "to be an integral multiple of the bitwidth of "
                               "the source element type");
  if ((int64_t)map.getNumResults() != vector.getRank())
    return ctx.emitOpError(op, "requires a permutation_map with result dims "
                               "of the same rank as the vector type");
  if (map.getNumSymbols() != 0)
    return ctx.emitOpError(op, "requires permutation_map without symbols");
  if ((int64_t)map.getNumDims() != source.getRank())
    return ctx.emitOpError(op, "requires a permutation_map with input dims "
                               "of the same rank as the source type");
  if (mask) {
    Type want = transferMaskType(vector, map);
    if (mask->getType() != want)
      return ctx.emitOpError(op, "inferred mask type (" + quoted(want) +
                                     ") and mask operand type (" +
                                     quoted(mask->getType()) + ") don't match");
  }
  if (map.getNumResults() != inBounds.size())
    return ctx.emitOpError(
        op, "expects the in_bounds attr of same rank as permutation_map "
            "results: " +
                Attribute::affineMap(map).str() +
                " vs inBounds of size: " + std::to_string(inBounds.size()));
  for (unsigned i = 0; i < map.getNumResults(); ++i)
    if (map.getResult(i).getKind() == AffineExprKind::Constant &&
        !inBounds[i].getBool())
      return ctx.emitOpError(op, "requires broadcast dimensions to be "
                                 "in-bounds");
  return true;
}

/// MLIR's verifyPermutationMap: each result is one dim, used once, or 0.
bool verifyPermutationMap(Operation &op, VerifyContext &ctx) {
  AffineMap map = cast<VectorTransferOpInterface>(&op).getPermutationMap();
  std::vector<bool> seen(map.getNumDims(), false);
  for (const AffineExpr &e : map.getResults()) {
    if (e.getKind() == AffineExprKind::Constant && e.getValue() == 0)
      continue;
    if (e.getKind() != AffineExprKind::Dim)
      return ctx.emitOpError(op, "requires a projected permutation_map (at "
                                 "most one dim or the zero constant can "
                                 "appear in each result)");
    if (seen[e.getPosition()])
      return ctx.emitOpError(op, "requires a permutation_map that is a "
                                 "permutation (found one dim used more than "
                                 "once)");
    seen[e.getPosition()] = true;
  }
  return true;
}

/// Source (or destination) of a transfer: ODS wants a shaped type, the
/// verifier a memref (tensors are not part of affjit's IR).
bool checkTransferSource(Operation &op, VerifyContext &ctx, unsigned idx) {
  Type t = op.getOperand(idx)->getType();
  if (!t.isShaped() && !t.isUnrankedMemRef())
    return typeConstraintError(op, ctx, "operand", idx,
                               "shaped of any type values", t);
  return true;
}

bool checkIndexCount(Operation &op, VerifyContext &ctx, Type source,
                     int64_t numIndices) {
  if (!source.isMemRef())
    return ctx.emitOpError(op, "requires source to be a memref or ranked "
                               "tensor type");
  if (numIndices != source.getRank())
    return ctx.emitOpError(op, "requires " + std::to_string(source.getRank()) +
                                   " indices");
  return true;
}

/// The optional mask operand (number `index`) must be a vector of i1.
bool checkMaskOperand(Operation &op, VerifyContext &ctx, Value *mask,
                      unsigned index) {
  if (mask && !(mask->getType().isVector() &&
                mask->getType().getElementType().isInteger(1)))
    return typeConstraintError(op, ctx, "operand", index,
                               "vector of 1-bit signless integer values",
                               mask->getType());
  return true;
}

bool verifyTransferRead(Operation &op, VerifyContext &ctx) {
  std::vector<int64_t> seg;
  if (!checkTransferAttrs(op, ctx, seg))
    return false;
  unsigned nIdx = (unsigned)seg[1];
  if (!checkTransferSource(op, ctx, 0) || !checkIndexOperands(op, ctx, 1, nIdx))
    return false;
  Value *mask = seg[3] ? op.getOperand(2 + nIdx) : nullptr;
  if (!checkMaskOperand(op, ctx, mask, 2 + nIdx))
    return false;
  if (op.getNumResults() != 1 || !op.getResult(0)->getType().isVector())
    return op.getNumResults() == 1
               ? typeConstraintError(op, ctx, "result", 0,
                                     "vector of any type values",
                                     op.getResult(0)->getType())
               : ctx.emitOpError(op, "requires one result");
  Type source = op.getOperand(0)->getType();
  Type vector = op.getResult(0)->getType();
  Type pad = op.getOperand(1 + nIdx)->getType();
  if (!checkIndexCount(op, ctx, source, nIdx) ||
      !verifyTransferOp(op, ctx, source, vector, mask))
    return false;
  if (!pad.isIntOrIndexOrFloat())
    return ctx.emitOpError(op, "requires valid padding vector elemental type");
  if (pad != source.getElementType())
    return ctx.emitOpError(op, "requires formal padding and source of the "
                               "same elemental type");
  return verifyPermutationMap(op, ctx);
}

bool verifyTransferWrite(Operation &op, VerifyContext &ctx) {
  std::vector<int64_t> seg;
  if (!checkTransferAttrs(op, ctx, seg))
    return false;
  unsigned nIdx = (unsigned)seg[2];
  Type vector = op.getOperand(0)->getType();
  if (seg[0] != 1 || seg[1] != 1)
    return ctx.emitOpError(op, "requires a vector and a destination operand");
  if (!vector.isVector())
    return typeConstraintError(op, ctx, "operand", 0,
                               "vector of any type values", vector);
  if (!checkTransferSource(op, ctx, 1) || !checkIndexOperands(op, ctx, 2, nIdx))
    return false;
  Value *mask = seg[3] ? op.getOperand(2 + nIdx) : nullptr;
  if (!checkMaskOperand(op, ctx, mask, 2 + nIdx))
    return false;
  // A result exists only for tensor destinations, not part of affjit's IR.
  if (op.getNumResults() != 0)
    return typeConstraintError(op, ctx, "result", 0,
                               "ranked tensor of any type values",
                               op.getResult(0)->getType());
  Type dest = op.getOperand(1)->getType();
  if (!checkIndexCount(op, ctx, dest, nIdx))
    return false;
  // MLIR: the semantics of broadcast dimensions in writes is unclear.
  for (const AffineExpr &e :
       cast<TransferWriteOp>(&op).getPermutationMap().getResults())
    if (e.getKind() == AffineExprKind::Constant && e.getValue() == 0)
      return ctx.emitOpError(op, "should not have broadcast dimensions");
  return verifyTransferOp(op, ctx, dest, vector, mask) &&
         verifyPermutationMap(op, ctx);
}

//===-- reduction --------------------------------------------------------===//

bool verifyReduction(Operation &op, VerifyContext &ctx) {
  if (!checkProperties(
          op, ctx,
          {{attrname::vector::FastMath, AttrKind::Opaque, "#arith.fastmath<"},
           {attrname::vector::Kind, AttrKind::Opaque, "#vector.kind<"}}))
    return false;
  Attribute kindAttr = cast<ReductionOp>(&op).getKindAttr();
  if (!kindAttr)
    return missingAttr(op, ctx, attrname::vector::Kind);
  std::string_view kind = kindAttr.isa(AttrKind::Opaque)
                              ? vectorKindName(kindAttr.getString())
                              : std::string_view();
  if (!isVectorKind(kind))
    return badAttr(op, ctx, attrname::vector::Kind,
                   "Kind of combining function for contractions and "
                   "reductions");
  if (op.getNumOperands() < 1 || op.getNumOperands() > 2 ||
      op.getNumResults() != 1)
    return ctx.emitOpError(op, "requires a vector, an optional accumulator "
                               "and one result");
  Type v = op.getOperand(0)->getType(), r = op.getResult(0)->getType();
  if (!v.isVector())
    return typeConstraintError(op, ctx, "operand", 0,
                               "vector of any type values", v);
  if (elementTypeOrSelf(r) != v.getElementType())
    return ctx.emitOpError(op, "failed to verify that source operand and "
                               "result have same element type");
  if (op.getNumOperands() == 2 && op.getOperand(1)->getType() != r)
    return ctx.emitOpError(op, "failed to verify that dest and acc have the "
                               "same type");
  if (v.getRank() > 1)
    return ctx.emitOpError(op, "unsupported reduction rank: " +
                                   std::to_string(v.getRank()));
  // MLIR streams the type (quoted) into a message that quotes it again.
  bool ok = r.isFloat()        ? vectorKindAcceptsFloat(kind)
            : r.isIntOrIndex() ? vectorKindAcceptsInt(kind)
                               : false;
  if (!ok)
    return ctx.emitOpError(op, "unsupported reduction type '" + quoted(r) +
                                   "' for kind '" + std::string(kind) + "'");
  return true;
}

//===-- broadcast, splat, fma --------------------------------------------===//

bool verifyBroadcast(Operation &op, VerifyContext &ctx) {
  if (op.getNumOperands() != 1 || op.getNumResults() != 1)
    return ctx.emitOpError(op, "requires one operand and one result");
  Type src = op.getOperand(0)->getType(), dst = op.getResult(0)->getType();
  if (!dst.isVector())
    return typeConstraintError(op, ctx, "result", 0,
                               "vector of any type values", dst);
  if (elementTypeOrSelf(src) != dst.getElementType())
    return ctx.emitOpError(op, "failed to verify that source operand and "
                               "result have same element type");
  if (src.isIntOrIndexOrFloat())
    return true;
  if (!src.isVector())
    return ctx.emitOpError(op, "source type is not a vector");
  // Trailing dimensions must match or be 1 in the source.
  const auto &s = src.getShape(), &d = dst.getShape();
  if (s.size() > d.size())
    return ctx.emitOpError(op, "source rank higher than destination rank");
  size_t lead = d.size() - s.size();
  for (size_t i = 0; i < s.size(); ++i)
    if (s[i] != 1 && s[i] != d[lead + i])
      return ctx.emitOpError(op, "dimension mismatch (" + std::to_string(s[i]) +
                                     " vs. " + std::to_string(d[lead + i]) +
                                     ")");
  return true;
}

bool verifySplat(Operation &op, VerifyContext &ctx) {
  if (op.getNumOperands() != 1 || op.getNumResults() != 1)
    return ctx.emitOpError(op, "requires one operand and one result");
  Type in = op.getOperand(0)->getType(), out = op.getResult(0)->getType();
  if (!in.isIntOrIndexOrFloat())
    return typeConstraintError(op, ctx, "operand", 0,
                               "integer/index/float type", in);
  if (!out.isVector())
    return typeConstraintError(op, ctx, "result", 0,
                               "vector of any type values", out);
  if (in != out.getElementType())
    return ctx.emitOpError(op, "failed to verify that operand type matches "
                               "element type of result");
  return true;
}

bool isFloatVector(Type t) {
  return t.isVector() && t.getElementType().isFloat();
}

bool verifyFma(Operation &op, VerifyContext &ctx) {
  if (op.getNumOperands() != 3 || op.getNumResults() != 1)
    return ctx.emitOpError(op, "requires three operands and one result");
  for (unsigned i = 0; i < 3; ++i)
    if (!isFloatVector(op.getOperand(i)->getType()))
      return typeConstraintError(op, ctx, "operand", i,
                                 "vector of floating-point values",
                                 op.getOperand(i)->getType());
  Type t = op.getResult(0)->getType();
  if (!isFloatVector(t))
    return typeConstraintError(op, ctx, "result", 0,
                               "vector of floating-point values", t);
  for (Value *v : op.getOperands())
    if (v->getType() != t)
      return ctx.emitOpError(op, "failed to verify that all of {lhs, rhs, "
                                 "acc, result} have same type");
  return true;
}

//===-- extract / insert -------------------------------------------------===//

/// `static_position` (attribute `staticPosition`) present and the dynamic
/// operands from `firstDynamic` of index type (ODS); the positions
/// themselves are checked later.
bool checkPositionOperands(Operation &op, VerifyContext &ctx,
                           Attribute staticPosition, unsigned firstDynamic) {
  if (!checkProperties(op, ctx,
                       {{attrname::vector::StaticPosition, AttrKind::DenseArray,
                         nullptr, Type::integer(64)}}))
    return false;
  if (!staticPosition)
    return missingAttr(op, ctx, attrname::vector::StaticPosition);
  if (!staticPosition.isa(AttrKind::DenseArray))
    return badAttr(op, ctx, attrname::vector::StaticPosition,
                   "i64 dense array attribute");
  return checkIndexOperands(op, ctx, firstDynamic,
                            op.getNumOperands() - firstDynamic);
}

/// Static positions `pos` within their dimensions of `vector`.
bool checkStaticPositions(Operation &op, VerifyContext &ctx,
                          const std::vector<int64_t> &pos, Type vector,
                          const char *what) {
  for (size_t i = 0; i < pos.size(); ++i)
    if (pos[i] != kDynamic &&
        (pos[i] < 0 || pos[i] >= vector.getDimSize((unsigned)i)))
      return ctx.emitOpError(op, "expected position attribute #" +
                                     std::to_string(i + 1) +
                                     " to be a non-negative integer smaller "
                                     "than the corresponding " +
                                     std::string(what) + " dimension");
  return true;
}

/// ExtractOp::isCompatibleReturnTypes: equal, or T vs vector<1xT>.
bool compatibleExtractTypes(Type a, Type b) {
  auto oneOf = [](Type v, Type s) {
    return v.isVector() && v.getShape() == std::vector<int64_t>{1} &&
           v.getElementType() == s;
  };
  return a == b || oneOf(a, b) || oneOf(b, a);
}

bool verifyExtract(Operation &op, VerifyContext &ctx) {
  if (op.getNumOperands() < 1 || op.getNumResults() != 1)
    return ctx.emitOpError(op, "requires a vector operand and one result");
  Type v = op.getOperand(0)->getType(), r = op.getResult(0)->getType();
  if (!v.isVector())
    return typeConstraintError(op, ctx, "operand", 0,
                               "vector of any type values", v);
  auto extract = cast<VectorExtractOp>(&op);
  if (!checkPositionOperands(op, ctx, extract.getStaticPositionAttr(), 1))
    return false;
  if (elementTypeOrSelf(r) != v.getElementType())
    return ctx.emitOpError(op, "failed to verify that operand and result "
                               "have same element type");
  std::vector<int64_t> pos = extract.getStaticPosition();
  size_t dynamic = 0;
  for (int64_t p : pos)
    dynamic += p == kDynamic;
  if (dynamic != op.getNumOperands() - 1)
    return ctx.emitOpError(op, "mismatch between dynamic and static "
                               "positions (kDynamic marker but no "
                               "corresponding dynamic position) -- this can "
                               "only happen due to an incorrect fold/rewrite");
  if ((int64_t)pos.size() > v.getRank())
    return ctx.emitOpError(op, "expected position attribute of rank no "
                               "greater than vector rank");
  if (!checkStaticPositions(op, ctx, pos, v, "vector"))
    return false;
  // ExtractOp::inferReturnTypes: the element, or the remaining sub-vector.
  Type inferred =
      (int64_t)pos.size() == v.getRank()
          ? v.getElementType()
          : Type::vector(std::vector<int64_t>(v.getShape().begin() + pos.size(),
                                              v.getShape().end()),
                         v.getElementType());
  if (!compatibleExtractTypes(inferred, r))
    return ctx.emitOpError(op, "inferred type(s) " + quoted(inferred) +
                                   " are incompatible with return type(s) of "
                                   "operation " +
                                   quoted(r));
  return true;
}

bool verifyInsert(Operation &op, VerifyContext &ctx) {
  if (op.getNumOperands() < 2 || op.getNumResults() != 1)
    return ctx.emitOpError(op, "requires a source, a destination and one "
                               "result");
  Type src = op.getOperand(0)->getType(), dest = op.getOperand(1)->getType();
  Type r = op.getResult(0)->getType();
  if (!dest.isVector())
    return typeConstraintError(op, ctx, "operand", 1,
                               "vector of any type values", dest);
  auto insert = cast<VectorInsertOp>(&op);
  if (!checkPositionOperands(op, ctx, insert.getStaticPositionAttr(), 2))
    return false;
  if (!r.isVector())
    return typeConstraintError(op, ctx, "result", 0,
                               "vector of any type values", r);
  if (elementTypeOrSelf(src) != r.getElementType())
    return ctx.emitOpError(op, "failed to verify that source operand and "
                               "result have same element type");
  if (dest != r)
    return ctx.emitOpError(op, "failed to verify that all of {dest, result} "
                               "have same type");
  std::vector<int64_t> pos = insert.getStaticPosition();
  size_t numPos = pos.size();
  if ((int64_t)numPos > dest.getRank())
    return ctx.emitOpError(op, "expected position attribute of rank no "
                               "greater than dest vector rank");
  if (src.isVector() && src.getRank() + (int64_t)numPos != dest.getRank())
    return ctx.emitOpError(op, "expected position attribute rank + source "
                               "rank to match dest vector rank");
  if (!src.isVector() && (int64_t)numPos != dest.getRank())
    return ctx.emitOpError(op, "expected position attribute rank to match "
                               "the dest vector rank");
  return checkStaticPositions(op, ctx, pos, dest, "dest vector");
}

//===-- load / store -----------------------------------------------------===//

/// MLIR's isLastMemrefDimUnitStride.
bool lastDimUnitStride(Type memref) {
  std::vector<int64_t> strides;
  int64_t offset;
  return memref.getStridesAndOffset(strides, offset) &&
         (strides.empty() || strides.back() == 1);
}

bool verifyLoadStore(Operation &op, VerifyContext &ctx) {
  if (!checkProperties(op, ctx,
                       {{attrname::vector::Nontemporal, AttrKind::Bool}}))
    return false;
  bool isStore = op.isa("vector.store");
  unsigned base = isStore ? 1 : 0;
  if (op.getNumOperands() <= base || op.getNumResults() != (isStore ? 0 : 1))
    return ctx.emitOpError(op, "has the wrong number of operands or results");
  Type vector =
      isStore ? op.getOperand(0)->getType() : op.getResult(0)->getType();
  Type memref = op.getOperand(base)->getType();
  if (isStore && !vector.isVector())
    return typeConstraintError(op, ctx, "operand", 0,
                               "vector of any type values", vector);
  if (!memref.isAnyMemRef())
    return typeConstraintError(op, ctx, "operand", base,
                               "memref of any type values", memref);
  unsigned nIdx = op.getNumOperands() - base - 1;
  if (!checkIndexOperands(op, ctx, base + 1, nIdx))
    return false;
  if (!isStore && !vector.isVector())
    return typeConstraintError(op, ctx, "result", 0,
                               "vector of any type values", vector);
  if (!memref.isMemRef())
    return ctx.emitOpError(op, "requires a ranked memref");
  if (!lastDimUnitStride(memref))
    return ctx.emitOpError(op, "most minor memref dim must have unit stride");
  if (memref.getElementType() != vector.getElementType())
    return ctx.emitOpError(op, isStore ? "base and valueToStore element type "
                                         "should match"
                                       : "base and result element types "
                                         "should match");
  if ((int64_t)nIdx != memref.getRank())
    return ctx.emitOpError(op, "requires " + std::to_string(memref.getRank()) +
                                   " indices");
  return true;
}

//===-- print ------------------------------------------------------------===//

bool verifyPrint(Operation &op, VerifyContext &ctx) {
  if (!checkProperties(op, ctx,
                       {{attrname::vector::Punctuation, AttrKind::Opaque,
                         "#vector.punctuation<"},
                        {attrname::vector::StringLiteral, AttrKind::String}}))
    return false;
  if (op.getNumOperands() > 1)
    return ctx.emitOpError(op, "operand group starting at #0 requires 0 or "
                               "1 element, but found " +
                                   std::to_string(op.getNumOperands()));
  if (op.getNumResults() != 0)
    return ctx.emitOpError(op, "requires zero results");
  auto print = cast<VectorPrintOp>(&op);
  Attribute punct = print.getPunctuationAttr();
  Attribute str = print.getStringLiteralAttr();
  if (op.getNumOperands() == 1) {
    Type t = op.getOperand(0)->getType();
    // ODS's constraint has an empty description, hence "must be ,".
    if (!t.isVector() && !t.isIntOrIndexOrFloat())
      return typeConstraintError(op, ctx, "operand", 0, "", t);
  }
  bool newline = !punct || punct.getString() == "#vector.punctuation<newline>";
  if (str && (op.getNumOperands() != 0 || !newline))
    return ctx.emitOpError(op, "failed to verify that `source` or "
                               "`punctuation` are not set when printing "
                               "strings");
  return true;
}

/// A fixed operand and result count (possible to break only in the
/// generic form).
bool hasOperandsAndResults(Operation &op, VerifyContext &ctx, unsigned operands,
                           unsigned results) {
  if (op.getNumOperands() != operands)
    return ctx.emitOpError(op, "expected " + std::to_string(operands) +
                                   " operands, but found " +
                                   std::to_string(op.getNumOperands()));
  if (op.getNumResults() != results)
    return ctx.emitOpError(op, "requires " + std::to_string(results) +
                                   " result" + (results == 1 ? "" : "s"));
  return true;
}

//===-- shape ops: shared checks -----------------------------------------===//

/// ODS's I64ArrayAttr: attribute `a` (named `name`) an array of i64
/// integers. Reports a missing one (`requires attribute`) or one of another
/// kind.
bool requireI64Array(Operation &op, VerifyContext &ctx, Attribute a,
                     const char *name) {
  if (!requireAttr(op, ctx, a, name))
    return false;
  bool ok = a.isa(AttrKind::Array);
  if (ok)
    for (const Attribute &e : a.getArray())
      ok &= e.isa(AttrKind::Integer) && e.getType().isInteger(64);
  if (!ok)
    return badAttr(op, ctx, name, "64-bit integer array attribute");
  return true;
}

/// ODS's "vector of any type values" (a vector of rank > 0 when
/// `positiveRank`) for operand or result `index`.
bool requireVector(Operation &op, VerifyContext &ctx, const char *kind,
                   unsigned index, Type t, bool positiveRank = false) {
  if (!t.isVector() || (positiveRank && t.getRank() == 0))
    return typeConstraintError(op, ctx, kind, index,
                               "vector of any type values", t);
  return true;
}

/// One vector operand and one vector result (transpose, bitcast,
/// shape_cast), their types in `src` and `res`.
bool oneVectorToOne(Operation &op, VerifyContext &ctx, Type &src, Type &res) {
  if (!hasOperandsAndResults(op, ctx, 1, 1))
    return false;
  src = op.getOperand(0)->getType();
  res = op.getResult(0)->getType();
  return requireVector(op, ctx, "operand", 0, src) &&
         requireVector(op, ctx, "result", 0, res);
}

/// Each value within [min, shape[i] + (halfOpen ? 0 : 1)), in MLIR's
/// isIntegerArrayAttrConfinedToShape wording.
bool confinedToShape(Operation &op, VerifyContext &ctx,
                     const std::vector<int64_t> &values,
                     const std::vector<int64_t> &shape, const char *name,
                     bool halfOpen, int64_t min) {
  for (size_t i = 0; i < values.size(); ++i) {
    int64_t max = shape[i] + (halfOpen ? 0 : 1);
    if (values[i] < min || values[i] >= max)
      return ctx.emitOpError(
          op, std::string("expected ") + name + " dimension " +
                  std::to_string(i) + " to be confined to [" +
                  std::to_string(min) + ", " + std::to_string(max) + ")");
  }
  return true;
}

/// MLIR 19 supports unit strides only.
bool unitStrides(Operation &op, VerifyContext &ctx,
                 const std::vector<int64_t> &strides) {
  for (int64_t s : strides)
    if (s != 1)
      return ctx.emitOpError(op, "expected strides to be confined to [1, 2)");
  return true;
}

/// offsets[i] + sizes[i] <= shape[i], in MLIR's
/// isSumOfIntegerArrayAttrConfinedToShape wording.
bool sumConfinedToShape(Operation &op, VerifyContext &ctx,
                        const std::vector<int64_t> &offsets,
                        const std::vector<int64_t> &sizes,
                        const std::vector<int64_t> &shape,
                        const std::string &names) {
  for (size_t i = 0; i < offsets.size() && i < sizes.size(); ++i)
    if (offsets[i] + sizes[i] < 1 || offsets[i] + sizes[i] > shape[i])
      return ctx.emitOpError(op, "expected sum(" + names + ") dimension " +
                                     std::to_string(i) +
                                     " to be confined to [1, " +
                                     std::to_string(shape[i] + 1) + ")");
  return true;
}

//===-- extract_strided_slice / insert_strided_slice ---------------------===//

bool verifyExtractStridedSlice(Operation &op, VerifyContext &ctx) {
  auto slice = cast<VectorExtractStridedSliceOp>(&op);
  if (!checkProperties(op, ctx,
                       {{attrname::vector::Offsets, AttrKind::Array},
                        {attrname::vector::Sizes, AttrKind::Array},
                        {attrname::vector::Strides, AttrKind::Array}}))
    return false;
  if (!requireI64Array(op, ctx, slice.getOffsetsAttr(),
                       attrname::vector::Offsets) ||
      !requireI64Array(op, ctx, slice.getSizesAttr(),
                       attrname::vector::Sizes) ||
      !requireI64Array(op, ctx, slice.getStridesAttr(),
                       attrname::vector::Strides))
    return false;
  if (!hasOperandsAndResults(op, ctx, 1, 1))
    return false;
  Type src = op.getOperand(0)->getType(), res = op.getResult(0)->getType();
  if (!requireVector(op, ctx, "operand", 0, src, true) ||
      !requireVector(op, ctx, "result", 0, res, true))
    return false;
  if (res.getElementType() != src.getElementType())
    return ctx.emitOpError(op, "failed to verify that operand and result "
                               "have same element type");
  std::vector<int64_t> offsets = slice.getOffsets(), sizes = slice.getSizes(),
                       strides = slice.getStrides();
  if (offsets.size() != sizes.size() || offsets.size() != strides.size())
    return ctx.emitOpError(op, "expected offsets, sizes and strides "
                               "attributes of same size");
  // The three lists have one length, so MLIR's first check (offsets) is
  // the one that fails.
  const std::vector<int64_t> &shape = src.getShape();
  if (offsets.size() > shape.size())
    return ctx.emitOpError(op, "expected offsets attribute of rank no greater "
                               "than vector rank");
  if (!confinedToShape(op, ctx, offsets, shape, "offsets", true, 0) ||
      !confinedToShape(op, ctx, sizes, shape, "sizes", false, 1) ||
      !unitStrides(op, ctx, strides) ||
      !sumConfinedToShape(op, ctx, offsets, sizes, shape, "offsets, sizes"))
    return false;
  // inferStridedSliceOpResultType: the sizes, then the untouched dims.
  std::vector<int64_t> inferred = sizes;
  inferred.insert(inferred.end(), shape.begin() + sizes.size(), shape.end());
  Type want = Type::vector(inferred, src.getElementType());
  if (res != want)
    return ctx.emitOpError(op, "expected result type to be " + quoted(want));
  return true;
}

bool verifyInsertStridedSlice(Operation &op, VerifyContext &ctx) {
  auto slice = cast<VectorInsertStridedSliceOp>(&op);
  if (!checkProperties(op, ctx,
                       {{attrname::vector::Offsets, AttrKind::Array},
                        {attrname::vector::Strides, AttrKind::Array}}))
    return false;
  if (!requireI64Array(op, ctx, slice.getOffsetsAttr(),
                       attrname::vector::Offsets) ||
      !requireI64Array(op, ctx, slice.getStridesAttr(),
                       attrname::vector::Strides))
    return false;
  if (!hasOperandsAndResults(op, ctx, 2, 1))
    return false;
  Type src = op.getOperand(0)->getType(), dest = op.getOperand(1)->getType();
  Type res = op.getResult(0)->getType();
  if (!requireVector(op, ctx, "operand", 0, src, true) ||
      !requireVector(op, ctx, "operand", 1, dest, true) ||
      !requireVector(op, ctx, "result", 0, res, true))
    return false;
  if (res.getElementType() != src.getElementType())
    return ctx.emitOpError(op, "failed to verify that operand #0 and result "
                               "have same element type");
  if (dest != res)
    return ctx.emitOpError(op, "failed to verify that all of {dest, res} "
                               "have same type");
  std::vector<int64_t> offsets = slice.getOffsets(),
                       strides = slice.getStrides();
  if ((int64_t)offsets.size() != dest.getRank())
    return ctx.emitOpError(op, "expected offsets of same size as "
                               "destination vector rank");
  if ((int64_t)strides.size() != src.getRank())
    return ctx.emitOpError(op, "expected strides of same size as source "
                               "vector rank");
  if (src.getRank() > dest.getRank())
    return ctx.emitOpError(op, "expected source rank to be no greater than "
                               "destination rank");
  // The source shape padded with leading 1s to the destination's rank.
  std::vector<int64_t> srcAsDest(dest.getRank() - src.getRank(), 1);
  srcAsDest.insert(srcAsDest.end(), src.getShape().begin(),
                   src.getShape().end());
  return confinedToShape(op, ctx, offsets, dest.getShape(), "offsets", true,
                         0) &&
         unitStrides(op, ctx, strides) &&
         sumConfinedToShape(op, ctx, offsets, srcAsDest, dest.getShape(),
                            "offsets, source vector shape");
}

//===-- extractelement / insertelement -----------------------------------===//

/// The optional position operand `pos` (number `index`) and its presence
/// for the vector's rank (0-D: none, 1-D: required).
bool checkElementPosition(Operation &op, VerifyContext &ctx, Type vector,
                          Value *pos, unsigned index) {
  if (pos && !pos->getType().isIntOrIndex())
    return typeConstraintError(op, ctx, "operand", index,
                               "signless integer or index", pos->getType());
  if (vector.getRank() == 0)
    return !pos || ctx.emitOpError(op, "expected position to be empty with "
                                       "0-D vector");
  if (vector.getRank() != 1)
    return ctx.emitOpError(op, "unexpected >1 vector rank");
  if (!pos)
    return ctx.emitOpError(op, "expected position for 1-D vector");
  return true;
}

bool verifyExtractElement(Operation &op, VerifyContext &ctx) {
  if (op.getNumOperands() < 1 || op.getNumResults() != 1)
    return ctx.emitOpError(op, "requires a vector operand and one result");
  if (op.getNumOperands() > 2)
    return ctx.emitOpError(op, "operand group starting at #1 requires 0 or 1 "
                               "element, but found " +
                                   std::to_string(op.getNumOperands() - 1));
  Type v = op.getOperand(0)->getType();
  if (!requireVector(op, ctx, "operand", 0, v))
    return false;
  Value *pos = op.getNumOperands() > 1 ? op.getOperand(1) : nullptr;
  if (pos && !pos->getType().isIntOrIndex())
    return typeConstraintError(op, ctx, "operand", 1,
                               "signless integer or index", pos->getType());
  if (v.getElementType() != op.getResult(0)->getType())
    return ctx.emitOpError(op, "failed to verify that result type matches "
                               "element type of vector operand");
  return checkElementPosition(op, ctx, v, pos, 1);
}

bool verifyInsertElement(Operation &op, VerifyContext &ctx) {
  if (op.getNumOperands() < 2 || op.getNumResults() != 1)
    return ctx.emitOpError(op, "requires a source, a destination and one "
                               "result");
  if (op.getNumOperands() > 3)
    return ctx.emitOpError(op, "operand group starting at #2 requires 0 or 1 "
                               "element, but found " +
                                   std::to_string(op.getNumOperands() - 2));
  Type dest = op.getOperand(1)->getType(), res = op.getResult(0)->getType();
  if (!requireVector(op, ctx, "operand", 1, dest))
    return false;
  Value *pos = op.getNumOperands() > 2 ? op.getOperand(2) : nullptr;
  if (pos && !pos->getType().isIntOrIndex())
    return typeConstraintError(op, ctx, "operand", 2,
                               "signless integer or index", pos->getType());
  if (!requireVector(op, ctx, "result", 0, res))
    return false;
  if (res.getElementType() != op.getOperand(0)->getType())
    return ctx.emitOpError(op, "failed to verify that source operand type "
                               "matches element type of result");
  if (dest != res)
    return ctx.emitOpError(op, "failed to verify that all of {dest, result} "
                               "have same type");
  return checkElementPosition(op, ctx, res, pos, 2);
}

//===-- shuffle / transpose ----------------------------------------------===//

bool verifyShuffle(Operation &op, VerifyContext &ctx) {
  auto shuffle = cast<VectorShuffleOp>(&op);
  if (!checkProperties(op, ctx, {{attrname::vector::Mask, AttrKind::Array}}) ||
      !requireI64Array(op, ctx, shuffle.getMaskAttr(),
                       attrname::vector::Mask) ||
      !hasOperandsAndResults(op, ctx, 2, 1))
    return false;
  Type v1 = op.getOperand(0)->getType(), v2 = op.getOperand(1)->getType();
  Type res = op.getResult(0)->getType();
  for (unsigned i = 0; i < 2; ++i)
    if (!op.getOperand(i)->getType().isVector())
      return typeConstraintError(op, ctx, "operand", i,
                                 "fixed-length vector of any type values",
                                 op.getOperand(i)->getType());
  if (!requireVector(op, ctx, "result", 0, res, true))
    return false;
  if (res.getElementType() != v1.getElementType())
    return ctx.emitOpError(op, "failed to verify that first operand v1 and "
                               "result have same element type");
  if (res.getElementType() != v2.getElementType())
    return ctx.emitOpError(op, "failed to verify that second operand v2 and "
                               "result have same element type");
  int64_t rank = res.getRank();
  bool zeroD = v1.getRank() == 0 && v2.getRank() == 0 && rank == 1;
  if (!zeroD && (v1.getRank() != rank || v2.getRank() != rank))
    return ctx.emitOpError(op, "rank mismatch");
  for (unsigned r = 1; r < v1.getRank(); ++r)
    if (res.getDimSize(r) != v1.getDimSize(r) ||
        v1.getDimSize(r) != v2.getDimSize(r))
      return ctx.emitOpError(op, "dimension mismatch");
  std::vector<int64_t> mask = shuffle.getMask();
  if (mask.empty())
    return ctx.emitOpError(op, "invalid mask length");
  if ((int64_t)mask.size() != res.getDimSize(0))
    return ctx.emitOpError(op, "mask length mismatch");
  int64_t total = (v1.getRank() == 0 ? 1 : v1.getDimSize(0)) +
                  (v2.getRank() == 0 ? 1 : v2.getDimSize(0));
  for (size_t i = 0; i < mask.size(); ++i)
    if (mask[i] < 0 || mask[i] >= total)
      return ctx.emitOpError(op, "mask index #" + std::to_string(i + 1) +
                                     " out of range");
  return true;
}

bool verifyTranspose(Operation &op, VerifyContext &ctx) {
  auto transpose = cast<VectorTransposeOp>(&op);
  if (!checkProperties(op, ctx,
                       {{attrname::vector::Permutation, AttrKind::DenseArray,
                         nullptr, Type::integer(64)}}))
    return false;
  if (!transpose.getPermutationAttr())
    return missingAttr(op, ctx, attrname::vector::Permutation);
  Type src, res;
  if (!oneVectorToOne(op, ctx, src, res))
    return false;
  if (res.getElementType() != src.getElementType())
    return ctx.emitOpError(op, "failed to verify that operand and result "
                               "have same element type");
  int64_t rank = res.getRank();
  if (src.getRank() != rank)
    return ctx.emitOpError(op, "vector result rank mismatch: " +
                                   std::to_string(rank));
  std::vector<int64_t> perm = transpose.getPermutation();
  if ((int64_t)perm.size() != rank)
    return ctx.emitOpError(op, "transposition length mismatch: " +
                                   std::to_string(perm.size()));
  std::vector<bool> seen(rank, false);
  for (size_t i = 0; i < perm.size(); ++i) {
    int64_t p = perm[i];
    if (p < 0 || p >= rank)
      return ctx.emitOpError(op, "transposition index out of range: " +
                                     std::to_string(p));
    if (seen[p])
      return ctx.emitOpError(op,
                             "duplicate position index: " + std::to_string(p));
    seen[p] = true;
    if (res.getDimSize((unsigned)i) != src.getDimSize((unsigned)p))
      return ctx.emitOpError(op, "dimension size mismatch at: " +
                                     std::to_string(p));
  }
  return true;
}

//===-- outerproduct -----------------------------------------------------===//

/// MLIR's isSupportedCombiningKind for the result's element type.
bool kindSupports(std::string_view kind, Type elt) {
  if (elt.isFloat())
    return vectorKindAcceptsFloat(kind);
  return elt.isIntOrIndex() && vectorKindAcceptsInt(kind);
}

bool verifyOuterProduct(Operation &op, VerifyContext &ctx) {
  if (!checkProperties(
          op, ctx,
          {{attrname::vector::Kind, AttrKind::Opaque, "#vector.kind<"}}))
    return false;
  Attribute kindAttr = cast<VectorOuterProductOp>(&op).getKindAttr();
  std::string_view kind =
      kindAttr ? vectorKindName(kindAttr.getString()) : "add";
  if (!isVectorKind(kind))
    return badAttr(op, ctx, attrname::vector::Kind,
                   "Kind of combining function for contractions and "
                   "reductions");
  if (op.getNumOperands() < 2 || op.getNumResults() != 1)
    return ctx.emitOpError(op, "requires two or three operands and one "
                               "result");
  if (op.getNumOperands() > 3)
    return ctx.emitOpError(op, "operand group starting at #2 requires 0 or 1 "
                               "element, but found " +
                                   std::to_string(op.getNumOperands() - 2));
  Type lhs = op.getOperand(0)->getType(), rhs = op.getOperand(1)->getType();
  Type res = op.getResult(0)->getType();
  Value *acc = op.getNumOperands() > 2 ? op.getOperand(2) : nullptr;
  if (!requireVector(op, ctx, "operand", 0, lhs, true) ||
      (acc && !requireVector(op, ctx, "operand", 2, acc->getType(), true)) ||
      !requireVector(op, ctx, "result", 0, res, true))
    return false;
  if (res.getElementType() != lhs.getElementType())
    return ctx.emitOpError(op, "failed to verify that lhs operand and result "
                               "have same element type");
  if (res.getElementType() != elementTypeOrSelf(rhs))
    return ctx.emitOpError(op, "failed to verify that rhs operand and result "
                               "have same element type");
  if (lhs.getRank() != 1)
    return ctx.emitOpError(op, "expected 1-d vector for operand #1");
  if (rhs.isVector()) {
    if (rhs.getRank() != 1)
      return ctx.emitOpError(op, "expected 1-d vector for operand #2");
    if (res.getRank() != 2)
      return ctx.emitOpError(op, "expected 2-d vector result");
    if (lhs.getDimSize(0) != res.getDimSize(0))
      return ctx.emitOpError(op, "expected #1 operand dim to match result "
                                 "dim #1");
    if (rhs.getDimSize(0) != res.getDimSize(1))
      return ctx.emitOpError(op, "expected #2 operand dim to match result "
                                 "dim #2");
  } else {
    if (res.getRank() != 1)
      return ctx.emitOpError(op, "expected 1-d vector result");
    if (lhs.getDimSize(0) != res.getDimSize(0))
      return ctx.emitOpError(op, "expected #1 operand dim to match result "
                                 "dim #1");
  }
  if (acc && acc->getType() != res)
    return ctx.emitOpError(op, "expected operand #3 of same type as result "
                               "type");
  if (!kindSupports(kind, res.getElementType()))
    return ctx.emitOpError(op, "unsupported outerproduct type");
  return true;
}

//===-- bitcast / shape_cast ---------------------------------------------===//

bool verifyBitCast(Operation &op, VerifyContext &ctx) {
  Type src, res;
  if (!oneVectorToOne(op, ctx, src, res))
    return false;
  if (src.getRank() != res.getRank())
    return ctx.emitOpError(op, "failed to verify that all of {source, "
                               "result} have same rank");
  for (int64_t i = 0; i + 1 < src.getRank(); ++i)
    if (src.getDimSize((unsigned)i) != res.getDimSize((unsigned)i))
      return ctx.emitOpError(op, "dimension size mismatch at: " +
                                     std::to_string(i));
  int64_t srcBits = bitWidth(src.getElementType());
  int64_t resBits = bitWidth(res.getElementType());
  if (src.getRank() == 0) {
    if (srcBits != resBits)
      return ctx.emitOpError(op, "source/result bitwidth of the 0-D vector "
                                 "element types must be equal");
  } else if (srcBits * src.getShape().back() !=
             resBits * res.getShape().back()) {
    return ctx.emitOpError(op, "source/result bitwidth of the minor 1-D "
                               "vectors must be equal");
  }
  return true;
}

/// MLIR's isValidShapeCast: each dim of the lower-rank shape `a` is the
/// product of a contiguous run of dims of `b` (trailing 1s absorbed).
bool isValidShapeCast(const std::vector<int64_t> &a,
                      const std::vector<int64_t> &b) {
  auto allOnes = [](const std::vector<int64_t> &v, size_t from) {
    return std::all_of(v.begin() + from, v.end(),
                       [](int64_t d) { return d == 1; });
  };
  if (a.empty() && allOnes(b, 0))
    return true;
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    int64_t dimB = 1;
    while (dimB < a[i] && j < b.size())
      dimB *= b[j++];
    if (a[i] != dimB)
      break;
    ++i;
    if (i < a.size() && allOnes(a, i))
      i = a.size();
    if (j < b.size() && allOnes(b, j))
      j = b.size();
  }
  return i == a.size() && j == b.size();
}

bool verifyShapeCast(Operation &op, VerifyContext &ctx) {
  Type src, res;
  if (!oneVectorToOne(op, ctx, src, res))
    return false;
  if (src.getElementType() != res.getElementType())
    return ctx.emitOpError(op, "source/result vectors must have same element "
                               "type");
  if (src.getNumElements() != res.getNumElements())
    return ctx.emitOpError(op, "source/result number of elements must match");
  bool valid = src.getRank() < res.getRank()
                   ? isValidShapeCast(src.getShape(), res.getShape())
               : src.getRank() > res.getRank()
                   ? isValidShapeCast(res.getShape(), src.getShape())
                   : true;
  if (!valid)
    return ctx.emitOpError(op, "invalid shape cast");
  return true;
}

//===-- constant_mask / create_mask --------------------------------------===//

/// ODS's "vector of 1-bit signless integer values" for result 0.
bool requireMaskResult(Operation &op, VerifyContext &ctx) {
  Type t = op.getResult(0)->getType();
  if (!t.isVector() || !t.getElementType().isInteger(1))
    return typeConstraintError(op, ctx, "result", 0,
                               "vector of 1-bit signless integer values", t);
  return true;
}

bool verifyConstantMask(Operation &op, VerifyContext &ctx) {
  auto constantMask = cast<VectorConstantMaskOp>(&op);
  if (!checkProperties(op, ctx,
                       {{attrname::vector::MaskDimSizes, AttrKind::Array}}) ||
      !requireI64Array(op, ctx, constantMask.getMaskDimSizesAttr(),
                       attrname::vector::MaskDimSizes) ||
      !hasOperandsAndResults(op, ctx, 0, 1) || !requireMaskResult(op, ctx))
    return false;
  Type t = op.getResult(0)->getType();
  std::vector<int64_t> sizes = constantMask.getMaskDimSizes();
  // MLIR reports the 0-D cases without the op prefix.
  if (t.getRank() == 0) {
    if (sizes.size() != 1)
      return ctx.emitError(op, "array attr must have length 1 for 0-D "
                               "vectors");
    if (sizes[0] != 0 && sizes[0] != 1)
      return ctx.emitError(op, "mask dim size must be either 0 or 1 for 0-D "
                               "vectors");
    return true;
  }
  if ((int64_t)sizes.size() != t.getRank())
    return ctx.emitOpError(op, "must specify array attr of size equal vector "
                               "result rank");
  for (size_t i = 0; i < sizes.size(); ++i)
    if (sizes[i] < 0 || sizes[i] > t.getDimSize((unsigned)i))
      return ctx.emitOpError(op, "array attr of size out of bounds of vector "
                                 "result dimension size");
  // The mask is a conjunction over the dims: one empty dim empties all.
  bool anyZero = std::count(sizes.begin(), sizes.end(), 0) > 0;
  bool allZero =
      std::count(sizes.begin(), sizes.end(), 0) == (std::ptrdiff_t)sizes.size();
  if (anyZero && !allZero)
    return ctx.emitOpError(op, "expected all mask dim sizes to be zeros, as "
                               "a result of conjunction with zero mask dim");
  return true;
}

bool verifyCreateMask(Operation &op, VerifyContext &ctx) {
  if (op.getNumResults() != 1)
    return ctx.emitOpError(op, "requires one result");
  if (!checkIndexOperands(op, ctx, 0, op.getNumOperands()) ||
      !requireMaskResult(op, ctx))
    return false;
  Type t = op.getResult(0)->getType();
  if (t.getRank() == 0 && op.getNumOperands() != 1)
    return ctx.emitOpError(op, "must specify exactly one operand for 0-D "
                               "create_mask");
  if (t.getRank() != 0 && (int64_t)op.getNumOperands() != t.getRank())
    return ctx.emitOpError(op, "must specify an operand for each result "
                               "vector dimension");
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
  r.add("vector.extract_strided_slice", verifyExtractStridedSlice);
  r.add("vector.insert_strided_slice", verifyInsertStridedSlice);
  r.add("vector.extractelement", verifyExtractElement);
  r.add("vector.insertelement", verifyInsertElement);
  r.add("vector.shuffle", verifyShuffle);
  r.add("vector.transpose", verifyTranspose);
  r.add("vector.outerproduct", verifyOuterProduct);
  r.add("vector.bitcast", verifyBitCast);
  r.add("vector.shape_cast", verifyShapeCast);
  r.add("vector.constant_mask", verifyConstantMask);
  r.add("vector.create_mask", verifyCreateMask);
}

} // namespace affjit
