// Custom-syntax printers of the vector subset (the inverse of
// VectorOpsParser.cpp), printing what mlir-opt 19 prints: default
// attributes (minor identity permutation maps, all-false in_bounds,
// `fastmath<none>`, `punctuation <newline>`, `nontemporal = false`) are
// elided. An op whose attributes do not fit its custom syntax (possible
// only for unverified IR) is printed in the generic form instead.
#include "frontend/ir/VectorOpInfo.h"
#include "frontend/ir/VectorOps.h"
#include "frontend/print/OpPrinters.h"

namespace affjit {

namespace {

/// The transfer ops' operand segments, checked against the operand count.
/// (Attribute::isa is false for a missing attribute.)
bool transferSegments(Operation &op, std::vector<int64_t> &seg) {
  auto transfer = cast<VectorTransferOpInterface>(&op);
  if (!transfer.getOperandSegmentSizesAttr().isa(AttrKind::DenseArray) ||
      !transfer.getPermutationMapAttr().isa(AttrKind::AffineMap) ||
      !transfer.getInBoundsAttr().isa(AttrKind::Array))
    return false;
  seg = transfer.segments();
  int64_t sum = 0;
  for (int64_t s : seg)
    sum += s;
  return seg.size() == 4 && sum == (int64_t)op.getNumOperands() &&
         seg[0] == 1 && seg[3] <= 1;
}

/// Transfer attributes without their defaults (MLIR's printTransferAttrs).
std::vector<std::string> elidedTransferAttrs(Operation &op) {
  auto transfer = cast<VectorTransferOpInterface>(&op);
  std::vector<std::string> elided = {attrname::OperandSegmentSizes};
  // AffineMap::isMinorIdentity; the vector type does not matter.
  AffineMap map = transfer.getPermutationMap();
  if (map.getNumDims() >= map.getNumResults() &&
      map == minorIdentityMap(map.getNumDims(), map.getNumResults()))
    elided.push_back(attrname::vector::PermutationMap);
  bool anyTrue = false;
  for (const Attribute &b : transfer.getInBoundsAttr().getArray())
    anyTrue |= b.isa(AttrKind::Bool) && b.getBool();
  if (!anyTrue)
    elided.push_back(attrname::vector::InBounds);
  return elided;
}

/// `vector.transfer_read %m[%i, %j], %pad[, %mask] : memref<..>, vector<..>`
void printTransferRead(Printer &p, Operation &op) {
  std::vector<int64_t> seg;
  if (!transferSegments(op, seg) || seg[2] != 1 || op.getNumResults() != 1)
    return p.printGenericOp(op);
  unsigned nIdx = (unsigned)seg[1];
  p.printOpName(op);
  p.os() << ' ';
  p.printOperand(op.getOperand(0));
  p.os() << '[';
  p.printOperands(op.getOperands(1, nIdx));
  p.os() << "], ";
  p.printOperands(op.getOperands(1 + nIdx, op.getNumOperands() - 1 - nIdx));
  p.printOptionalAttrDict(op.getAttrs(), elidedTransferAttrs(op));
  p.os() << " : ";
  p.printTypes({op.getOperand(0)->getType(), op.getResult(0)->getType()});
}

/// `vector.transfer_write %v, %m[%i, %j][, %mask] : vector<..>, memref<..>`
void printTransferWrite(Printer &p, Operation &op) {
  std::vector<int64_t> seg;
  if (!transferSegments(op, seg) || seg[1] != 1)
    return p.printGenericOp(op);
  unsigned nIdx = (unsigned)seg[2];
  p.printOpName(op);
  p.os() << ' ';
  p.printOperands({op.getOperand(0), op.getOperand(1)});
  p.os() << '[';
  p.printOperands(op.getOperands(2, nIdx));
  p.os() << ']';
  if (seg[3] != 0) {
    p.os() << ", ";
    p.printOperand(op.getOperand(2 + nIdx));
  }
  p.printOptionalAttrDict(op.getAttrs(), elidedTransferAttrs(op));
  p.os() << " : ";
  p.printTypes({op.getOperand(0)->getType(), op.getOperand(1)->getType()});
}

/// The text inside `#dialect.name<...>`, or empty if `a` is not opaque.
std::string opaqueBody(Attribute a) {
  if (!a || !a.isa(AttrKind::Opaque))
    return "";
  const std::string &text = a.getString();
  size_t lt = text.find('<'), gt = text.rfind('>');
  if (lt == std::string::npos || gt == std::string::npos || gt < lt)
    return "";
  return text.substr(lt + 1, gt - lt - 1);
}

/// `vector.reduction <add>, %v[, %acc] [fastmath<...>] : vector<..> into T`
void printReduction(Printer &p, Operation &op) {
  auto reduction = cast<ReductionOp>(&op);
  std::string kind = opaqueBody(reduction.getKindAttr());
  Attribute fm = reduction.getFastmathAttr();
  if (kind.empty() || (fm && !fm.isa(AttrKind::Opaque)) ||
      op.getNumOperands() < 1 || op.getNumOperands() > 2 ||
      op.getNumResults() != 1)
    return p.printGenericOp(op);
  p.printOpName(op);
  p.os() << " <" << kind << ">, ";
  p.printOperands(op.getOperands());
  std::string flags = opaqueBody(fm);
  if (!flags.empty() && flags != "none")
    p.os() << " fastmath<" << flags << '>';
  p.printOptionalAttrDict(op.getAttrs(),
                          {attrname::vector::Kind, attrname::vector::FastMath});
  p.os() << " : ";
  p.printType(op.getOperand(0)->getType());
  p.os() << " into ";
  p.printType(op.getResult(0)->getType());
}

/// `vector.broadcast %s : T to vector<...>`
void printBroadcast(Printer &p, Operation &op) {
  if (op.getNumOperands() != 1 || op.getNumResults() != 1)
    return p.printGenericOp(op);
  printCastLikeOp(p, op);
}

/// vector.splat and vector.fma: `%a[, ...] : vector<...>`.
void printUniform(Printer &p, Operation &op) {
  unsigned n = op.isa("vector.fma") ? 3 : 1;
  if (op.getNumOperands() != n || op.getNumResults() != 1)
    return p.printGenericOp(op);
  p.printOpName(op);
  p.os() << ' ';
  p.printOperands(op.getOperands());
  p.printOptionalAttrDict(op.getAttrs());
  p.os() << " : ";
  p.printType(op.getResult(0)->getType());
}

/// Whether the `?` entries of `staticPosition` match the dynamic operands
/// that follow the first `firstDynamic` operands.
bool positionsFit(Operation &op, Attribute staticPosition,
                  unsigned firstDynamic) {
  if (!staticPosition.isa(AttrKind::DenseArray) ||
      op.getNumOperands() < firstDynamic || op.getNumResults() != 1)
    return false;
  unsigned dynamic = 0;
  for (int64_t pos : staticPosition.getInts())
    dynamic += pos == kDynamic;
  return firstDynamic + dynamic == op.getNumOperands();
}

/// `[0, %i]` from the static positions `pos` and the dynamic position
/// operands.
void printPositions(Printer &p, Operation &op, const std::vector<int64_t> &pos,
                    unsigned firstDynamic) {
  p.os() << '[';
  unsigned dyn = firstDynamic;
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

/// `vector.extract %v[0, %i] : T from vector<...>`
void printExtract(Printer &p, Operation &op) {
  auto extract = cast<VectorExtractOp>(&op);
  if (!positionsFit(op, extract.getStaticPositionAttr(), 1))
    return p.printGenericOp(op);
  p.printOpName(op);
  p.os() << ' ';
  p.printOperand(op.getOperand(0));
  printPositions(p, op, extract.getStaticPosition(), 1);
  p.printOptionalAttrDict(op.getAttrs(), {attrname::vector::StaticPosition});
  p.os() << " : ";
  p.printType(op.getResult(0)->getType());
  p.os() << " from ";
  p.printType(op.getOperand(0)->getType());
}

/// `vector.insert %s, %v [0, %i] : T into vector<...>`
void printInsert(Printer &p, Operation &op) {
  auto insert = cast<VectorInsertOp>(&op);
  if (!positionsFit(op, insert.getStaticPositionAttr(), 2))
    return p.printGenericOp(op);
  p.printOpName(op);
  p.os() << ' ';
  p.printOperands({op.getOperand(0), op.getOperand(1)});
  // MLIR 19's assembly format has a space before the positions here (but
  // not in vector.extract).
  p.os() << ' ';
  printPositions(p, op, insert.getStaticPosition(), 2);
  p.printOptionalAttrDict(op.getAttrs(), {attrname::vector::StaticPosition});
  p.os() << " : ";
  p.printType(op.getOperand(0)->getType());
  p.os() << " into ";
  p.printType(op.getResult(0)->getType());
}

/// `vector.load %m[%i] : memref<..>, vector<..>` and
/// `vector.store %v, %m[%i] : memref<..>, vector<..>`.
void printLoadStore(Printer &p, Operation &op) {
  bool isStore = op.isa("vector.store");
  unsigned base = isStore ? 1 : 0;
  if (op.getNumOperands() <= base || op.getNumResults() != (isStore ? 0 : 1))
    return p.printGenericOp(op);
  p.printOpName(op);
  p.os() << ' ';
  if (isStore) {
    p.printOperand(op.getOperand(0));
    p.os() << ", ";
  }
  p.printOperand(op.getOperand(base));
  p.os() << '[';
  p.printOperands(op.getOperands(base + 1, op.getNumOperands() - base - 1));
  p.os() << ']';
  // `nontemporal = false` is the attribute's default, which MLIR elides.
  std::vector<std::string> elided;
  Attribute nt = isStore ? cast<VectorStoreOp>(&op).getNontemporalAttr()
                         : cast<VectorLoadOp>(&op).getNontemporalAttr();
  if (nt && nt.isa(AttrKind::Bool) && !nt.getBool())
    elided.push_back(attrname::vector::Nontemporal);
  p.printOptionalAttrDict(op.getAttrs(), elided);
  p.os() << " : ";
  p.printType(op.getOperand(base)->getType());
  p.os() << ", ";
  p.printType(isStore ? op.getOperand(0)->getType()
                      : op.getResult(0)->getType());
}

/// Whether the next op's text starts with an SSA name (`%0 = ...`).
bool nextOpHasResults(Operation &op) {
  Operation *next = op.getNextNode();
  return next && next->getNumResults() != 0;
}

/// `vector.print [%x : T] [str "text"] [punctuation <p>]`
void printPrint(Printer &p, Operation &op) {
  auto print = cast<VectorPrintOp>(&op);
  Attribute str = print.getStringLiteralAttr();
  Attribute punctAttr = print.getPunctuationAttr();
  std::string punct = punctAttr ? opaqueBody(punctAttr) : "newline";
  if (op.getNumOperands() > 1 || op.getNumResults() != 0 ||
      (str && !str.isa(AttrKind::String)) || punct.empty())
    return p.printGenericOp(op);
  p.printOpName(op);
  if (op.getNumOperands() == 1) {
    p.os() << ' ';
    p.printOperand(op.getOperand(0));
    p.os() << " : ";
    p.printType(op.getOperand(0)->getType());
  }
  if (str) {
    p.os() << " str ";
    printEscapedString(p.os(), str.getString());
  }
  // MLIR elides the default `newline`. A bare `vector.print` followed by an
  // op whose text starts with `%0 = ` does not parse back, though: the
  // optional `%source` group takes the next line's result name. Only there
  // is the default spelled out (mlir-opt 19's own output is unparseable).
  bool bare = op.getNumOperands() == 0 && !str;
  bool extraAttrs = false;
  for (const NamedAttribute &a : op.getAttrs())
    extraAttrs |= a.name != attrname::vector::Punctuation &&
                  a.name != attrname::vector::StringLiteral;
  if (punct != "newline" || (bare && !extraAttrs && nextOpHasResults(op)))
    p.os() << " punctuation <" << punct << '>';
  p.printOptionalAttrDict(op.getAttrs(), {attrname::vector::StringLiteral,
                                          attrname::vector::Punctuation});
}

/// Whether `op` has `operands` operands and one result.
bool hasShape(Operation &op, unsigned operands) {
  return op.getNumOperands() == operands && op.getNumResults() == 1;
}

/// `vector.extract_strided_slice %v {offsets = .., sizes = .., strides = ..}
/// : vector<..> to vector<..>` (and bitcast, shape_cast without attributes).
void printVectorCast(Printer &p, Operation &op) {
  if (!hasShape(op, 1))
    return p.printGenericOp(op);
  printCastLikeOp(p, op);
}

/// `vector.insert_strided_slice %s, %d {offsets = .., strides = ..} :
/// vector<..> into vector<..>`
void printInsertStridedSlice(Printer &p, Operation &op) {
  if (!hasShape(op, 2))
    return p.printGenericOp(op);
  p.printOpName(op);
  p.os() << ' ';
  p.printOperands(op.getOperands());
  p.printOptionalAttrDict(op.getAttrs());
  p.os() << " : ";
  p.printType(op.getOperand(0)->getType());
  p.os() << " into ";
  p.printType(op.getOperand(1)->getType());
}

/// `[%i : T]`, or `[]` without a position operand.
void printElementPosition(Printer &p, Operation &op, unsigned posIndex) {
  p.os() << '[';
  if (op.getNumOperands() > posIndex) {
    p.printOperand(op.getOperand(posIndex));
    p.os() << " : ";
    p.printType(op.getOperand(posIndex)->getType());
  }
  p.os() << ']';
}

/// `vector.extractelement %v[%i : i32] : vector<..>`
void printExtractElement(Printer &p, Operation &op) {
  if (op.getNumOperands() < 1 || op.getNumOperands() > 2 ||
      op.getNumResults() != 1)
    return p.printGenericOp(op);
  p.printOpName(op);
  p.os() << ' ';
  p.printOperand(op.getOperand(0));
  printElementPosition(p, op, 1);
  p.printOptionalAttrDict(op.getAttrs());
  p.os() << " : ";
  p.printType(op.getOperand(0)->getType());
}

/// `vector.insertelement %s, %v[%i : index] : vector<..>`
void printInsertElement(Printer &p, Operation &op) {
  if (op.getNumOperands() < 2 || op.getNumOperands() > 3 ||
      op.getNumResults() != 1)
    return p.printGenericOp(op);
  p.printOpName(op);
  p.os() << ' ';
  p.printOperands({op.getOperand(0), op.getOperand(1)});
  printElementPosition(p, op, 2);
  p.printOptionalAttrDict(op.getAttrs());
  p.os() << " : ";
  p.printType(op.getResult(0)->getType());
}

/// `vector.shuffle %a, %b [0, 3] : vector<..>, vector<..>`
void printShuffle(Printer &p, Operation &op) {
  Attribute mask = cast<VectorShuffleOp>(&op).getMaskAttr();
  if (!hasShape(op, 2) || !mask.isa(AttrKind::Array))
    return p.printGenericOp(op);
  p.printOpName(op);
  p.os() << ' ';
  p.printOperands(op.getOperands());
  p.os() << ' ';
  p.printAttribute(mask);
  p.printOptionalAttrDict(op.getAttrs(), {attrname::vector::Mask});
  p.os() << " : ";
  p.printTypes({op.getOperand(0)->getType(), op.getOperand(1)->getType()});
}

/// `vector.transpose %v, [1, 0] : vector<..> to vector<..>`
void printTranspose(Printer &p, Operation &op) {
  auto transpose = cast<VectorTransposeOp>(&op);
  if (!hasShape(op, 1) ||
      !transpose.getPermutationAttr().isa(AttrKind::DenseArray))
    return p.printGenericOp(op);
  p.printOpName(op);
  p.os() << ' ';
  p.printOperand(op.getOperand(0));
  p.os() << ", [";
  std::vector<int64_t> perm = transpose.getPermutation();
  for (size_t i = 0; i < perm.size(); ++i)
    p.os() << (i ? ", " : "") << perm[i];
  p.os() << ']';
  p.printOptionalAttrDict(op.getAttrs(), {attrname::vector::Permutation});
  p.os() << " : ";
  p.printType(op.getOperand(0)->getType());
  p.os() << " to ";
  p.printType(op.getResult(0)->getType());
}

/// `vector.outerproduct %a, %b[, %acc {kind = ..}] : vector<..>, T`. As in
/// MLIR 19's printer, the attributes (with `kind`) follow only an
/// accumulator; without one they are not printed (the parser restores the
/// default `add` kind). With one, a missing kind (generic form) prints as
/// the `add` it means, which is what the custom form parses back to.
void printOuterProduct(Printer &p, Operation &op) {
  if (op.getNumOperands() < 2 || op.getNumOperands() > 3 ||
      op.getNumResults() != 1)
    return p.printGenericOp(op);
  Attribute kind = cast<VectorOuterProductOp>(&op).getKindAttr();
  bool defaultKind = !kind || opaqueBody(kind) == "add";
  bool extra = false;
  for (const NamedAttribute &a : op.getAttrs())
    extra |= a.name != attrname::vector::Kind;
  // Without an accumulator MLIR would drop these; keep them generically.
  if (op.getNumOperands() == 2 && (!defaultKind || extra))
    return p.printGenericOp(op);
  p.printOpName(op);
  p.os() << ' ';
  p.printOperands(op.getOperands());
  if (op.getNumOperands() == 3) {
    std::vector<NamedAttribute> attrs = op.getAttrs();
    if (!kind)
      attrs.insert(attrs.begin(), {attrname::vector::Kind,
                                   Attribute::opaque("#vector.kind<add>")});
    p.printOptionalAttrDict(attrs);
  }
  p.os() << " : ";
  p.printTypes({op.getOperand(0)->getType(), op.getOperand(1)->getType()});
}

/// `vector.constant_mask [2, 3] : vector<4x8xi1>`
void printConstantMask(Printer &p, Operation &op) {
  Attribute sizes = cast<VectorConstantMaskOp>(&op).getMaskDimSizesAttr();
  if (!hasShape(op, 0) || !sizes.isa(AttrKind::Array))
    return p.printGenericOp(op);
  p.printOpName(op);
  p.os() << ' ';
  p.printAttribute(sizes);
  p.printOptionalAttrDict(op.getAttrs(), {attrname::vector::MaskDimSizes});
  p.os() << " : ";
  p.printType(op.getResult(0)->getType());
}

/// `vector.create_mask %a, %b : vector<4x8xi1>`
void printCreateMask(Printer &p, Operation &op) {
  if (op.getNumResults() != 1)
    return p.printGenericOp(op);
  p.printOpName(op);
  p.os() << ' ';
  p.printOperands(op.getOperands());
  p.printOptionalAttrDict(op.getAttrs());
  p.os() << " : ";
  p.printType(op.getResult(0)->getType());
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
  r.add("vector.extract_strided_slice", printVectorCast);
  r.add("vector.insert_strided_slice", printInsertStridedSlice);
  r.add("vector.extractelement", printExtractElement);
  r.add("vector.insertelement", printInsertElement);
  r.add("vector.shuffle", printShuffle);
  r.add("vector.transpose", printTranspose);
  r.add("vector.outerproduct", printOuterProduct);
  r.add("vector.bitcast", printVectorCast);
  r.add("vector.shape_cast", printVectorCast);
  r.add("vector.constant_mask", printConstantMask);
  r.add("vector.create_mask", printCreateMask);
}

} // namespace affjit
