// Custom-syntax printers of the memref dialect ops (seed 004), writing what
// mlir-opt 19 prints for each op: attributes shown in the custom syntax
// (segment sizes, static offsets/sizes/strides, reassociation, ...) are
// elided from the trailing attribute dictionary.
#include "frontend/ir/MemRefOps.h"
#include "frontend/print/OpPrinters.h"

#include <string>

namespace affjit {

namespace {

using Names = std::vector<std::string>;

/// `%m[%i, %j]`: operand `at` followed by the `count` operands after it.
void printSubscripted(Printer &p, Operation &op, unsigned at, unsigned count) {
  p.printOperand(op.getOperand(at));
  p.os() << '[';
  p.printOperands(op.getOperands(at + 1, count));
  p.os() << ']';
}

unsigned rankOf(Value *v) {
  Type t = v->getType();
  return t.isMemRef() ? (unsigned)t.getRank() : 0;
}

/// `[%a, 4, %b]`: static values with kDynamic slots taken from `dynamic`,
/// consumed from `next` on.
void printDynamicIndexList(Printer &p, const std::vector<int64_t> &statics,
                           const std::vector<Value *> &dynamic, size_t &next) {
  p.os() << '[';
  for (size_t i = 0; i < statics.size(); ++i) {
    if (i)
      p.os() << ", ";
    if (statics[i] == kDynamic && next < dynamic.size())
      p.printOperand(dynamic[next++]);
    else
      p.os() << statics[i];
  }
  p.os() << ']';
}

/// The integers of a dense array attribute; none if absent or another kind.
std::vector<int64_t> intsOf(Attribute a) {
  return a && a.isa(AttrKind::DenseArray) ? a.getInts()
                                          : std::vector<int64_t>();
}

/// ` : T`
void printColonType(Printer &p, Type t) {
  p.os() << " : ";
  p.printType(t);
}

/// ` : T1 to T2` (or `into`).
void printSourceAndResultTypes(Printer &p, Operation &op, const char *keyword) {
  printColonType(p, op.getOperand(0)->getType());
  p.os() << ' ' << keyword << ' ';
  p.printType(op.getResult(0)->getType());
}

/// Default-valued attributes at their default are not printed: `a` is the
/// attribute named `name`.
Names elideFalse(Attribute a, const char *name) {
  if (a && a.isa(AttrKind::Bool) && !a.getBool())
    return {name};
  return {};
}

/// `[[0, 1], [2]]` (integers without their i64 type).
void printReassociation(Printer &p, Attribute a) {
  p.os() << '[';
  if (a && a.isa(AttrKind::Array)) {
    const auto &groups = a.getArray();
    for (size_t g = 0; g < groups.size(); ++g) {
      p.os() << (g ? ", [" : "[");
      if (groups[g].isa(AttrKind::Array)) {
        const auto &dims = groups[g].getArray();
        for (size_t d = 0; d < dims.size(); ++d)
          p.os() << (d ? ", " : "") << dims[d].getInt();
      }
      p.os() << ']';
    }
  }
  p.os() << ']';
}

//===-- allocation
//----------------------------------------------------------===//

/// memref.alloc and memref.alloca (`AllocOp` or `AllocaOp`).
template <typename AllocLikeOp> void printAllocLike(Printer &p, Operation &op) {
  std::vector<int64_t> seg =
      intsOf(AllocLikeOp(&op).getOperandSegmentSizesAttr());
  unsigned numSizes = seg.size() == 2 ? (unsigned)seg[0] : op.getNumOperands();
  p.os() << op.getName() << '(';
  p.printOperands(op.getOperands(0, numSizes));
  p.os() << ')';
  if (numSizes < op.getNumOperands()) {
    p.os() << '[';
    p.printOperands(op.getOperands(numSizes, op.getNumOperands() - numSizes));
    p.os() << ']';
  }
  p.printOptionalAttrDict(op.getAttrs(), {attrname::OperandSegmentSizes});
  printColonType(p, op.getResult(0)->getType());
}

/// `memref.alloca_scope  -> (f32) {...}`: MLIR prints two spaces, and the
/// terminator only when it returns values.
void printAllocaScope(Printer &p, Operation &op) {
  p.os() << "memref.alloca_scope ";
  bool hasResults = op.getNumResults() != 0;
  if (hasResults) {
    p.os() << " -> (";
    p.printTypes(op.getResultTypes());
    p.os() << ')';
  }
  p.os() << ' ';
  p.printRegion(op.getRegion(0), false, hasResults);
  p.printOptionalAttrDict(op.getAttrs());
}

/// `name %m [attr-dict] : T` (dealloc, rank).
void printUnaryMemRef(Printer &p, Operation &op) {
  p.os() << op.getName() << ' ';
  p.printOperand(op.getOperand(0));
  p.printOptionalAttrDict(op.getAttrs());
  printColonType(p, op.getOperand(0)->getType());
}

//===-- element access
//------------------------------------------------------===//

void printLoad(Printer &p, Operation &op) {
  p.os() << "memref.load ";
  printSubscripted(p, op, 0, op.getNumOperands() - 1);
  p.printOptionalAttrDict(op.getAttrs(),
                          elideFalse(MemRefLoadOp(&op).getNontemporalAttr(),
                                     attrname::memref::Nontemporal));
  printColonType(p, op.getOperand(0)->getType());
}

void printStore(Printer &p, Operation &op) {
  p.os() << "memref.store ";
  p.printOperand(op.getOperand(0));
  p.os() << ", ";
  printSubscripted(p, op, 1, op.getNumOperands() - 2);
  p.printOptionalAttrDict(op.getAttrs(),
                          elideFalse(MemRefStoreOp(&op).getNontemporalAttr(),
                                     attrname::memref::Nontemporal));
  printColonType(p, op.getOperand(1)->getType());
}

/// `memref.dim [attr-dict] %m, %i : T`: the attr-dict comes first.
void printDim(Printer &p, Operation &op) {
  p.os() << "memref.dim";
  p.printOptionalAttrDict(op.getAttrs());
  p.os() << ' ';
  p.printOperands(op.getOperands());
  printColonType(p, op.getOperand(0)->getType());
}

void printPrefetch(Printer &p, Operation &op) {
  p.os() << "memref.prefetch ";
  printSubscripted(p, op, 0, op.getNumOperands() - 1);
  PrefetchOp prefetch(&op);
  Attribute w = prefetch.getIsWriteAttr(), d = prefetch.getIsDataCacheAttr(),
            l = prefetch.getLocalityHintAttr();
  p.os() << ", " << (w && w.getBool() ? "write" : "read") << ", locality<"
         << (l ? l.getInt() : 0) << ">, "
         << (d && d.getBool() ? "data" : "instr");
  p.printOptionalAttrDict(op.getAttrs(), {attrname::prefetch::LocalityHint,
                                          attrname::prefetch::IsWrite,
                                          attrname::prefetch::IsDataCache});
  printColonType(p, op.getOperand(0)->getType());
}

void printAssumeAlignment(Printer &p, Operation &op) {
  p.os() << "memref.assume_alignment ";
  p.printOperand(op.getOperand(0));
  Attribute a = AssumeAlignmentOp(&op).getAlignmentAttr();
  p.os() << ", " << (a ? a.getInt() : 0);
  p.printOptionalAttrDict(op.getAttrs(), {attrname::memref::Alignment});
  printColonType(p, op.getOperand(0)->getType());
}

//===-- casts, copies and views
//---------------------------------------------===//

/// `name %m [attr-dict] : T1 to T2` (cast).
void printCast(Printer &p, Operation &op) {
  p.os() << "memref.cast ";
  p.printOperand(op.getOperand(0));
  p.printOptionalAttrDict(op.getAttrs());
  printSourceAndResultTypes(p, op, "to");
}

void printRealloc(Printer &p, Operation &op) {
  p.os() << "memref.realloc ";
  p.printOperand(op.getOperand(0));
  if (op.getNumOperands() == 2) {
    p.os() << '(';
    p.printOperand(op.getOperand(1));
    p.os() << ')';
  }
  p.printOptionalAttrDict(op.getAttrs());
  printSourceAndResultTypes(p, op, "to");
}

void printCopy(Printer &p, Operation &op) {
  p.os() << "memref.copy ";
  p.printOperands(op.getOperands());
  p.printOptionalAttrDict(op.getAttrs());
  printColonType(p, op.getOperand(0)->getType());
  p.os() << " to ";
  p.printType(op.getOperand(1)->getType());
}

const std::vector<std::string> kOffsetSizeStrideAttrs = {
    attrname::OperandSegmentSizes, attrname::memref::StaticOffsets,
    attrname::memref::StaticSizes, attrname::memref::StaticStrides};

/// `%m[offsets] [sizes] [strides]` as subview prints them.
void printSubView(Printer &p, Operation &op) {
  p.os() << "memref.subview ";
  p.printOperand(op.getOperand(0));
  std::vector<Value *> dyn = op.getOperands(1, op.getNumOperands() - 1);
  size_t next = 0;
  SubViewOp subview(&op);
  const Attribute lists[] = {subview.getStaticOffsetsAttr(),
                             subview.getStaticSizesAttr(),
                             subview.getStaticStridesAttr()};
  for (int k = 0; k < 3; ++k) {
    if (k)
      p.os() << ' ';
    printDynamicIndexList(p, intsOf(lists[k]), dyn, next);
  }
  p.printOptionalAttrDict(op.getAttrs(), kOffsetSizeStrideAttrs);
  printSourceAndResultTypes(p, op, "to");
}

void printReinterpretCast(Printer &p, Operation &op) {
  p.os() << "memref.reinterpret_cast ";
  p.printOperand(op.getOperand(0));
  std::vector<Value *> dyn = op.getOperands(1, op.getNumOperands() - 1);
  size_t next = 0;
  ReinterpretCastOp reinterpret(&op);
  p.os() << " to offset: ";
  printDynamicIndexList(p, intsOf(reinterpret.getStaticOffsetsAttr()), dyn,
                        next);
  p.os() << ", sizes: ";
  printDynamicIndexList(p, intsOf(reinterpret.getStaticSizesAttr()), dyn, next);
  p.os() << ", strides: ";
  printDynamicIndexList(p, intsOf(reinterpret.getStaticStridesAttr()), dyn,
                        next);
  p.printOptionalAttrDict(op.getAttrs(), kOffsetSizeStrideAttrs);
  printSourceAndResultTypes(p, op, "to");
}

void printView(Printer &p, Operation &op) {
  p.os() << "memref.view ";
  printSubscripted(p, op, 0, 1);
  p.os() << '[';
  p.printOperands(op.getOperands(2, op.getNumOperands() - 2));
  p.os() << ']';
  p.printOptionalAttrDict(op.getAttrs());
  printSourceAndResultTypes(p, op, "to");
}

void printCollapseShape(Printer &p, Operation &op) {
  p.os() << "memref.collapse_shape ";
  p.printOperand(op.getOperand(0));
  p.os() << ' ';
  printReassociation(p, CollapseShapeOp(&op).getReassociationAttr());
  p.printOptionalAttrDict(op.getAttrs(), {attrname::memref::Reassociation});
  printSourceAndResultTypes(p, op, "into");
}

void printExpandShape(Printer &p, Operation &op) {
  p.os() << "memref.expand_shape ";
  p.printOperand(op.getOperand(0));
  p.os() << ' ';
  ExpandShapeOp expand(&op);
  printReassociation(p, expand.getReassociationAttr());
  p.os() << " output_shape ";
  size_t next = 0;
  printDynamicIndexList(p, intsOf(expand.getStaticOutputShapeAttr()),
                        expand.getOutputShape(), next);
  p.printOptionalAttrDict(op.getAttrs(), {attrname::memref::Reassociation,
                                          attrname::memref::StaticOutputShape});
  printSourceAndResultTypes(p, op, "into");
}

/// `memref.transpose %m (d0, d1) -> (d1, d0) : T1 to T2` (a bare map).
void printTranspose(Printer &p, Operation &op) {
  p.os() << "memref.transpose ";
  p.printOperand(op.getOperand(0));
  p.os() << ' ';
  if (Attribute perm = MemRefTransposeOp(&op).getPermutationAttr())
    perm.getAffineMap().print(p.os());
  p.printOptionalAttrDict(op.getAttrs(), {attrname::memref::Permutation});
  printSourceAndResultTypes(p, op, "to");
}

/// `memref.reshape %m(%shape) : (T1, T2) -> T3`
void printReshape(Printer &p, Operation &op) {
  p.os() << "memref.reshape ";
  p.printOperand(op.getOperand(0));
  p.os() << '(';
  p.printOperand(op.getOperand(1));
  p.os() << ')';
  p.printOptionalAttrDict(op.getAttrs());
  p.os() << " : (";
  p.printTypes(op.getOperandTypes());
  p.os() << ") -> ";
  p.printType(op.getResult(0)->getType());
}

//===-- globals
//-------------------------------------------------------------===//

/// A dense initializer without its `: tensor<...>` suffix, which MLIR
/// leaves out because the global's type implies it.
std::string withoutType(Attribute a) {
  std::string s = a.str();
  if (a.isa(AttrKind::DenseElements)) {
    std::string suffix = " : " + a.getType().str();
    if (s.size() > suffix.size() &&
        s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0)
      s.resize(s.size() - suffix.size());
  }
  return s;
}

void printGlobal(Printer &p, Operation &op) {
  GlobalOp global(&op);
  p.os() << "memref.global ";
  if (Attribute vis = global.getSymVisibilityAttr()) {
    printEscapedString(p.os(), vis.getString());
    p.os() << ' ';
  }
  if (global.getConstant())
    p.os() << "constant ";
  Attribute name = global.getSymNameAttr();
  printSymbolName(p.os(), name ? name.getString() : "");
  p.os() << " : ";
  if (Attribute type = global.getTypeAttr())
    p.printType(type.getType());
  if (Attribute init = global.getInitialValue()) {
    p.os() << " = ";
    if (init.isa(AttrKind::Unit))
      p.os() << "uninitialized";
    else
      p.os() << withoutType(init);
  }
  p.printOptionalAttrDict(op.getAttrs(),
                          {attrname::SymVisibility, attrname::memref::Constant,
                           attrname::SymName, attrname::memref::Type,
                           attrname::memref::InitialValue});
}

/// `memref.get_global @name : T [attr-dict]`
void printGetGlobal(Printer &p, Operation &op) {
  p.os() << "memref.get_global ";
  if (Attribute name = GetGlobalOp(&op).getNameAttr())
    printSymbolName(p.os(), name.getString());
  printColonType(p, op.getResult(0)->getType());
  p.printOptionalAttrDict(op.getAttrs(), {attrname::memref::Name});
}

//===-- DMA
//-----------------------------------------------------------------===//

/// Operand positions follow from the memref ranks, as in MLIR.
void printDmaStart(Printer &p, Operation &op) {
  unsigned src = 0, dst = src + 1 + rankOf(op.getOperand(src));
  unsigned num = dst + 1 + rankOf(op.getOperand(dst)), tag = num + 1;
  unsigned end = tag + 1 + rankOf(op.getOperand(tag));
  p.os() << "memref.dma_start ";
  printSubscripted(p, op, src, dst - src - 1);
  p.os() << ", ";
  printSubscripted(p, op, dst, num - dst - 1);
  p.os() << ", ";
  p.printOperand(op.getOperand(num));
  p.os() << ", ";
  printSubscripted(p, op, tag, end - tag - 1);
  if (op.getNumOperands() > end) {
    p.os() << ", ";
    p.printOperands(op.getOperands(end, op.getNumOperands() - end));
  }
  p.printOptionalAttrDict(op.getAttrs());
  printColonType(p, op.getOperand(src)->getType());
  p.os() << ", ";
  p.printType(op.getOperand(dst)->getType());
  p.os() << ", ";
  p.printType(op.getOperand(tag)->getType());
}

void printDmaWait(Printer &p, Operation &op) {
  p.os() << "memref.dma_wait ";
  printSubscripted(p, op, 0, op.getNumOperands() - 2);
  p.os() << ", ";
  p.printOperand(op.getOperand(op.getNumOperands() - 1));
  p.printOptionalAttrDict(op.getAttrs());
  printColonType(p, op.getOperand(0)->getType());
}

/// `memref.extract_aligned_pointer_as_index %m : T -> index`, and
/// extract_strided_metadata's `%m : T -> B, index, ...`.
void printDescriptorFields(Printer &p, Operation &op) {
  p.os() << op.getName() << ' ';
  p.printOperand(op.getOperand(0));
  p.printOptionalAttrDict(op.getAttrs());
  printColonType(p, op.getOperand(0)->getType());
  p.os() << " -> ";
  std::vector<Type> types;
  for (unsigned i = 0; i < op.getNumResults(); ++i)
    types.push_back(op.getResult(i)->getType());
  p.printTypes(types);
}

} // namespace

void registerMemRefOpPrinters(OpPrinterRegistry &r) {
  r.add("memref.alloc", printAllocLike<AllocOp>);
  r.add("memref.alloca", printAllocLike<AllocaOp>);
  r.add("memref.alloca_scope", printAllocaScope);
  r.add("memref.alloca_scope.return", printReturnLikeOp);
  r.add("memref.dealloc", printUnaryMemRef);
  r.add("memref.rank", printUnaryMemRef);
  r.add("memref.load", printLoad);
  r.add("memref.store", printStore);
  r.add("memref.dim", printDim);
  r.add("memref.prefetch", printPrefetch);
  r.add("memref.assume_alignment", printAssumeAlignment);
  r.add("memref.cast", printCast);
  r.add("memref.realloc", printRealloc);
  r.add("memref.copy", printCopy);
  r.add("memref.subview", printSubView);
  r.add("memref.reinterpret_cast", printReinterpretCast);
  r.add("memref.view", printView);
  r.add("memref.collapse_shape", printCollapseShape);
  r.add("memref.expand_shape", printExpandShape);
  r.add("memref.transpose", printTranspose);
  r.add("memref.reshape", printReshape);
  r.add("memref.global", printGlobal);
  r.add("memref.get_global", printGetGlobal);
  r.add("memref.dma_start", printDmaStart);
  r.add("memref.dma_wait", printDmaWait);
  r.add("memref.extract_aligned_pointer_as_index", printDescriptorFields);
  r.add("memref.extract_strided_metadata", printDescriptorFields);
}

} // namespace affjit
