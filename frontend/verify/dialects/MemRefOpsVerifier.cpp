// Verifiers of the memref dialect ops (seed 004) with MLIR 19's rules and
// messages: operand/result kinds and counts, alloc dynamic sizes, load/store
// index counts, cast compatibility, the result types of subview,
// collapse_shape, expand_shape and transpose (inferred by
// frontend/ir/MemRefShapeInference), globals and their uses, alloca scopes,
// and the DMA ops (which must move one element type, as the seed requires
// although MLIR does not check it).
#include "frontend/ir/MemRefLayout.h"
#include "frontend/ir/MemRefOps.h"
#include "frontend/ir/MemRefShapeInference.h"
#include "frontend/verify/OpVerifiers.h"

#include <optional>
#include <span>
#include <utility>

namespace affjit {

namespace {

using Shape = std::vector<int64_t>;

//===-- generic checks
//------------------------------------------------------===//

const char *const kAnyMemRef = "memref of any type values";
const char *const kAnyRankedOrUnranked =
    "ranked or unranked memref of any type values";
const char *const kStridedMemRef = "strided memref of any type values";

bool expectOperands(Operation &op, VerifyContext &ctx, unsigned n) {
  if (op.getNumOperands() == n)
    return true;
  if (n == 1)
    return ctx.emitOpError(op, "requires a single operand");
  return ctx.emitOpError(op, "expected " + std::to_string(n) +
                                 " operands, but found " +
                                 std::to_string(op.getNumOperands()));
}

bool expectAtLeastOperands(Operation &op, VerifyContext &ctx, unsigned n) {
  if (op.getNumOperands() >= n)
    return true;
  return ctx.emitOpError(op, "expected " + std::to_string(n) +
                                 " or more operands, but found " +
                                 std::to_string(op.getNumOperands()));
}

bool expectResults(Operation &op, VerifyContext &ctx, unsigned n) {
  if (op.getNumResults() == n)
    return true;
  return ctx.emitOpError(op, n == 0 ? "requires zero results"
                                    : "requires one result");
}

bool expectNoRegions(Operation &op, VerifyContext &ctx) {
  if (op.getNumRegions() == 0)
    return true;
  return ctx.emitOpError(op, "requires zero regions");
}

/// Operand and result counts of a fixed-arity op without regions.
bool expectShape(Operation &op, VerifyContext &ctx, unsigned operands,
                 unsigned results) {
  return expectOperands(op, ctx, operands) && expectResults(op, ctx, results) &&
         expectNoRegions(op, ctx);
}

/// Operands `[begin, end)` must be of index type ("variadic of index").
bool expectIndexOperands(Operation &op, VerifyContext &ctx, unsigned begin,
                         unsigned end) {
  for (unsigned i = begin; i < end; ++i)
    if (!op.getOperand(i)->getType().isIndex())
      return badOperand(op, ctx, i, "variadic of index");
  return true;
}

bool isIntAttrOf(Attribute a, unsigned width) {
  return a.isa(AttrKind::Integer) && a.getType().isInteger(width);
}

/// A dense i64 array attribute (`array<i64: ...>`), required: `attr` is
/// the attribute named `name`.
bool getI64Array(Operation &op, VerifyContext &ctx, Attribute attr,
                 const char *name, Shape &out) {
  Attribute a = requireAttr(op, ctx, attr, name);
  if (!a)
    return false;
  if (!a.isa(AttrKind::DenseArray) || !a.getType().isInteger(64))
    return badAttr(op, ctx, name, "i64 dense array attribute");
  out = a.getInts();
  return true;
}

/// Splits operands by `operandSegmentSizes` (`a`) with `n` segments.
bool getSegments(Operation &op, VerifyContext &ctx, Attribute a, size_t n,
                 std::vector<int64_t> &seg) {
  if (!a || !a.isa(AttrKind::DenseArray) || !a.getType().isInteger(32)) {
    int64_t total = 0;
    return ctx.emitOpError(
        op, "operand count (" + std::to_string(op.getNumOperands()) +
                ") does not match with the total size (" +
                std::to_string(total) +
                ") specified in attribute 'operandSegmentSizes'");
  }
  seg = a.getInts();
  if (seg.size() != n)
    return ctx.emitOpError(
        op, "'operandSegmentSizes' attribute for specifying operand segments "
            "must have " +
                std::to_string(n) + " elements, but got " +
                std::to_string(seg.size()));
  int64_t total = 0;
  for (int64_t s : seg) {
    if (s < 0)
      return ctx.emitOpError(op, "'operandSegmentSizes' attribute cannot "
                                 "have negative elements");
    total += s;
  }
  if (total != (int64_t)op.getNumOperands())
    return ctx.emitOpError(
        op, "operand count (" + std::to_string(op.getNumOperands()) +
                ") does not match with the total size (" +
                std::to_string(total) +
                ") specified in attribute 'operandSegmentSizes'");
  return true;
}

bool isPowerOf2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

int64_t countDynamic(const Shape &v) {
  int64_t n = 0;
  for (int64_t x : v)
    n += x == kDynamic;
  return n;
}

/// Reads `reassociation = [[0, 1], [2]]` from `attr`.
bool getReassociation(Operation &op, VerifyContext &ctx, Attribute attr,
                      Reassociation &groups) {
  const char *name = attrname::memref::Reassociation;
  Attribute a = requireAttr(op, ctx, attr, name);
  if (!a)
    return false;
  const char *what = "Array of 64-bit integer array attributes";
  if (!a.isa(AttrKind::Array))
    return badAttr(op, ctx, name, what);
  for (const Attribute &g : a.getArray()) {
    if (!g.isa(AttrKind::Array))
      return badAttr(op, ctx, name, what);
    groups.emplace_back();
    for (const Attribute &d : g.getArray()) {
      if (!isIntAttrOf(d, 64))
        return badAttr(op, ctx, name, what);
      groups.back().push_back(d.getInt());
    }
  }
  return true;
}

/// verifyCollapsedShape of MemRefOps.cpp, with MLIR's messages.
bool verifyCollapsedShape(Operation &op, VerifyContext &ctx,
                          const Shape &collapsed, const Shape &expanded,
                          const Reassociation &groups) {
  std::string error = checkReassociation(collapsed, expanded, groups);
  return error.empty() || ctx.emitOpError(op, error);
}

//===-- allocation
//----------------------------------------------------------===//

/// True if an enclosing op frees allocas when it ends (MLIR's
/// AutomaticAllocationScope: functions, alloca scopes, affine loops).
bool hasAllocationScope(Operation &op) {
  for (Operation *p = op.getParentOp(); p; p = p->getParentOp())
    if (p->isa("func.func") || p->isa("memref.alloca_scope") ||
        p->isa("affine.for") || p->isa("affine.parallel"))
      return true;
  return false;
}

/// The symbols of a memref's layout map, which alloc and alloca bind: a
/// map's own, or one per dynamic stride and offset of `strided<...>` (its
/// map is `(d0, ...)[s0, ...] -> (s0 + d0 * s1 + ...)`).
unsigned layoutSymbolCount(Type t) {
  switch (t.getLayoutKind()) {
  case LayoutKind::Map:
    return t.getLayoutMap().getNumSymbols();
  case LayoutKind::Strided: {
    unsigned n = t.getLayoutOffset() == kDynamic;
    for (int64_t s : t.getLayoutStrides())
      n += s == kDynamic;
    return n;
  }
  case LayoutKind::Identity:
    return 0;
  }
  return 0;
}

/// memref.alloc and memref.alloca (`AllocOp` or `AllocaOp`).
template <typename AllocLikeOp>
bool verifyAllocLike(Operation &op, VerifyContext &ctx) {
  AllocLikeOp alloc(&op);
  if (Attribute a = alloc.getAlignmentAttr())
    if (!isIntAttrOf(a, 64) || a.getInt() < 0)
      return badAttr(op, ctx, attrname::memref::Alignment,
                     "64-bit signless integer attribute whose minimum "
                     "value is 0");
  std::vector<int64_t> seg;
  if (!getSegments(op, ctx, alloc.getOperandSegmentSizesAttr(), 2, seg) ||
      !expectResults(op, ctx, 1) || !expectNoRegions(op, ctx) ||
      !expectIndexOperands(op, ctx, 0, op.getNumOperands()))
    return false;
  Type t = op.getResult(0)->getType();
  if (!t.isMemRef())
    return badResult(op, ctx, 0, kAnyMemRef);
  if (op.isa("memref.alloca") && !hasAllocationScope(op))
    return ctx.emitOpError(op, "requires an ancestor op with "
                               "AutomaticAllocationScope trait");
  if (seg[0] != (int64_t)t.getNumDynamicDims())
    return ctx.emitOpError(op, "dimension operand count does not equal "
                               "memref dynamic dimension count");
  if (seg[1] != (int64_t)layoutSymbolCount(t))
    return ctx.emitOpError(op, "symbol operand count does not equal memref "
                               "symbol count: expected " +
                                   std::to_string(layoutSymbolCount(t)) +
                                   ", got " + std::to_string(seg[1]));
  return true;
}

/// Rank-1 identity memrefs of one element type; a size operand exactly
/// when the result's size is dynamic.
bool verifyRealloc(Operation &op, VerifyContext &ctx) {
  if (op.getNumOperands() < 1 || op.getNumOperands() > 2 ||
      op.getNumResults() != 1)
    return ctx.emitOpError(op, "expects a source, an optional size and one "
                               "result");
  Type src = op.getOperand(0)->getType(), dst = op.getResult(0)->getType();
  auto isOneDimIdentity = [](Type t) {
    return t.isMemRef() && t.getRank() == 1 && hasIdentityLayout(t);
  };
  if (!isOneDimIdentity(src))
    return badOperand(op, ctx, 0, "1D memref of any type values");
  if (!isOneDimIdentity(dst))
    return badResult(op, ctx, 0, "1D memref of any type values");
  if (src.getElementType() != dst.getElementType())
    return ctx.emitError(op, "different element types specified for source "
                             "memref type " +
                                 quoted(src) + " and result memref type " +
                                 quoted(dst));
  bool dynamic = dst.isDynamicDim(0), hasSize = op.getNumOperands() == 2;
  if (dynamic != hasSize)
    return ctx.emitError(op, std::string(dynamic ? "missing" : "unnecessary") +
                                 " dimension operand for result type " +
                                 quoted(dst));
  return !hasSize || op.getOperand(1)->getType().isIndex() ||
         ctx.emitOpError(op, "expects an index size");
}

bool verifyDealloc(Operation &op, VerifyContext &ctx) {
  if (!expectShape(op, ctx, 1, 0))
    return false;
  if (!op.getOperand(0)->getType().isAnyMemRef())
    return badOperand(op, ctx, 0, kAnyRankedOrUnranked);
  return true;
}

/// The body ends in memref.alloca_scope.return, whose operands feed the
/// results one for one.
bool verifyAllocaScope(Operation &op, VerifyContext &ctx) {
  if (op.getNumOperands() != 0)
    return ctx.emitOpError(op, "requires zero operands");
  if (op.getNumRegions() != 1)
    return ctx.emitOpError(op, "requires one region");
  Region &r = op.getRegion(0);
  if (r.getBlocks().size() != 1)
    return ctx.emitOpError(op, "expects a non-empty block");
  Block &b = r.front();
  Operation *term = b.empty() ? nullptr : &b.back();
  if (!term || !term->isa("memref.alloca_scope.return"))
    return ctx.emitOpError(
        op, "expects regions to end with 'memref.alloca_scope.return', "
            "found '" +
                (term ? term->getName() : std::string()) + "'");
  // MLIR's RegionBranchOpInterface wording (with its double space).
  std::string edge = " along control flow edge from Region #0 to parent "
                     "results: ";
  if (term->getNumOperands() != op.getNumResults())
    return ctx.emitOpError(
        op, " region control flow edge from Region #0 to parent results: "
            "source has " +
                std::to_string(term->getNumOperands()) +
                " operands, but target successor needs " +
                std::to_string(op.getNumResults()));
  for (unsigned i = 0; i < op.getNumResults(); ++i) {
    Type from = term->getOperand(i)->getType();
    Type to = op.getResult(i)->getType();
    if (from != to)
      return ctx.emitOpError(op, edge + "source type #" + std::to_string(i) +
                                     " " + quoted(from) +
                                     " should match input type #" +
                                     std::to_string(i) + " " + quoted(to));
  }
  return true;
}

bool verifyAllocaScopeReturn(Operation &op, VerifyContext &ctx) {
  Operation *parent = op.getParentOp();
  if (!parent || !parent->isa("memref.alloca_scope"))
    return ctx.emitOpError(op, "expects parent op 'memref.alloca_scope'");
  return expectResults(op, ctx, 0) && expectNoRegions(op, ctx);
}

//===-- element access
//------------------------------------------------------===//

/// Checks `memref` operand at `at` and index operands after it.
bool verifyAccess(Operation &op, VerifyContext &ctx, unsigned at) {
  if (!expectAtLeastOperands(op, ctx, at + 1))
    return false;
  if (!op.getOperand(at)->getType().isMemRef())
    return badOperand(op, ctx, at, kAnyMemRef);
  return expectIndexOperands(op, ctx, at + 1, op.getNumOperands());
}

/// `a` is the op's `nontemporal` attribute.
bool checkNontemporal(Operation &op, VerifyContext &ctx, Attribute a) {
  if (a && !a.isa(AttrKind::Bool))
    return badAttr(op, ctx, attrname::memref::Nontemporal, "bool attribute");
  return true;
}

bool verifyLoad(Operation &op, VerifyContext &ctx) {
  if (!checkNontemporal(op, ctx, MemRefLoadOp(&op).getNontemporalAttr()) ||
      !verifyAccess(op, ctx, 0) || !expectResults(op, ctx, 1) ||
      !expectNoRegions(op, ctx))
    return false;
  Type t = op.getOperand(0)->getType();
  if (op.getResult(0)->getType() != t.getElementType())
    return ctx.emitOpError(op, "failed to verify that result type matches "
                               "element type of 'memref'");
  int64_t got = op.getNumOperands() - 1;
  if (got != t.getRank())
    return ctx.emitOpError(op, "incorrect number of indices for load, "
                               "expected " +
                                   std::to_string(t.getRank()) + " but got " +
                                   std::to_string(got));
  return true;
}

bool verifyStore(Operation &op, VerifyContext &ctx) {
  if (!checkNontemporal(op, ctx, MemRefStoreOp(&op).getNontemporalAttr()) ||
      !verifyAccess(op, ctx, 1) || !expectResults(op, ctx, 0) ||
      !expectNoRegions(op, ctx))
    return false;
  Type t = op.getOperand(1)->getType();
  if (op.getOperand(0)->getType() != t.getElementType())
    return ctx.emitOpError(op, "failed to verify that type of 'value' "
                               "matches element type of 'memref'");
  if ((int64_t)op.getNumOperands() - 2 != t.getRank())
    return ctx.emitOpError(op, "store index operand count not equal to "
                               "memref rank");
  return true;
}

bool verifyDim(Operation &op, VerifyContext &ctx) {
  if (!expectShape(op, ctx, 2, 1))
    return false;
  Type t = op.getOperand(0)->getType();
  if (!t.isUnrankedMemRef() && !(t.isMemRef() && t.getRank() != 0))
    return badOperand(op, ctx, 0,
                      "unranked.memref of any type values or "
                      "non-0-ranked.memref of any type values");
  if (!op.getOperand(1)->getType().isIndex())
    return badOperand(op, ctx, 1, "index");
  if (!op.getResult(0)->getType().isIndex())
    return badResult(op, ctx, 0, "index");
  return true;
}

/// memref.rank and extract_aligned_pointer_as_index: a ranked or unranked
/// memref in, an index out.
bool verifyMemRefToIndex(Operation &op, VerifyContext &ctx) {
  if (!expectShape(op, ctx, 1, 1))
    return false;
  if (!op.getOperand(0)->getType().isAnyMemRef())
    return badOperand(op, ctx, 0, kAnyRankedOrUnranked);
  if (!op.getResult(0)->getType().isIndex())
    return badResult(op, ctx, 0, "index");
  return true;
}

bool verifyPrefetch(Operation &op, VerifyContext &ctx) {
  PrefetchOp prefetch(&op);
  // The two flags, then the hint: MLIR's generated verifier checks
  // presence first, in name order.
  const std::pair<Attribute, const char *> attrs[] = {
      {prefetch.getIsDataCacheAttr(), attrname::prefetch::IsDataCache},
      {prefetch.getIsWriteAttr(), attrname::prefetch::IsWrite},
      {prefetch.getLocalityHintAttr(), attrname::prefetch::LocalityHint}};
  for (const auto &[a, name] : attrs)
    if (!requireAttr(op, ctx, a, name))
      return false;
  for (const auto &[a, name] : std::span(attrs).first(2))
    if (!a.isa(AttrKind::Bool))
      return badAttr(op, ctx, name, "bool attribute");
  Attribute hint = attrs[2].first;
  if (!isIntAttrOf(hint, 32) || hint.getInt() < 0 || hint.getInt() > 3)
    return badAttr(op, ctx, attrname::prefetch::LocalityHint,
                   "32-bit signless integer attribute whose minimum "
                   "value is 0 whose maximum value is 3");
  if (!verifyAccess(op, ctx, 0) || !expectResults(op, ctx, 0) ||
      !expectNoRegions(op, ctx))
    return false;
  if (op.getNumOperands() != 1 + op.getOperand(0)->getType().getRank())
    return ctx.emitOpError(op, "too few indices");
  return true;
}

bool verifyAssumeAlignment(Operation &op, VerifyContext &ctx) {
  Attribute a = requireAttr(op, ctx, AssumeAlignmentOp(&op).getAlignmentAttr(),
                            attrname::memref::Alignment);
  if (!a)
    return false;
  if (!isIntAttrOf(a, 32) || a.getInt() <= 0)
    return badAttr(op, ctx, attrname::memref::Alignment,
                   "32-bit signless integer attribute whose value is "
                   "positive");
  if (!expectShape(op, ctx, 1, 0))
    return false;
  if (!op.getOperand(0)->getType().isMemRef())
    return badOperand(op, ctx, 0, kAnyMemRef);
  if (!isPowerOf2(a.getInt()))
    return ctx.emitOpError(op, "alignment must be power of 2");
  return true;
}

//===-- casts and copies
//----------------------------------------------------===//

bool verifyCast(Operation &op, VerifyContext &ctx) {
  if (!expectShape(op, ctx, 1, 1))
    return false;
  Type from = op.getOperand(0)->getType(), to = op.getResult(0)->getType();
  if (!from.isAnyMemRef())
    return badOperand(op, ctx, 0, kAnyRankedOrUnranked);
  if (!to.isAnyMemRef())
    return badResult(op, ctx, 0, kAnyRankedOrUnranked);
  if (!areCastCompatible(from, to))
    return ctx.emitOpError(op, "operand type " + quoted(from) +
                                   " and result type " + quoted(to) +
                                   " are cast incompatible");
  return true;
}

bool verifyCopy(Operation &op, VerifyContext &ctx) {
  if (!expectShape(op, ctx, 2, 0))
    return false;
  Type a = op.getOperand(0)->getType(), b = op.getOperand(1)->getType();
  for (unsigned i = 0; i < 2; ++i)
    if (!op.getOperand(i)->getType().isAnyMemRef())
      return badOperand(op, ctx, i, kAnyRankedOrUnranked);
  if (a.getElementType() != b.getElementType())
    return ctx.emitOpError(op, "requires the same element type for all "
                               "operands");
  if (a.isMemRef() && b.isMemRef() && a.getShape() != b.getShape())
    return ctx.emitOpError(op, "requires the same shape for all operands");
  return true;
}

//===-- views
//---------------------------------------------------------------===//

/// Offsets, sizes and strides of subview / reinterpret_cast, as in MLIR's
/// OffsetSizeAndStrideOpInterface (errors without the op prefix).
struct OffsetsSizesStrides {
  Shape lists[3];
};

/// `view` is a SubViewOp or a ReinterpretCastOp.
template <typename OffsetSizeStrideOp>
bool verifyOffsetsSizesStrides(OffsetSizeStrideOp view, VerifyContext &ctx,
                               const unsigned maxRanks[3],
                               OffsetsSizesStrides &o) {
  static const char *const attrNames[] = {attrname::memref::StaticOffsets,
                                          attrname::memref::StaticSizes,
                                          attrname::memref::StaticStrides};
  static const char *const names[] = {"offset", "size", "stride"};
  Operation &op = *view.getOperation();
  const Attribute attrs[] = {view.getStaticOffsetsAttr(),
                             view.getStaticSizesAttr(),
                             view.getStaticStridesAttr()};
  std::vector<int64_t> seg;
  if (!getSegments(op, ctx, view.getOperandSegmentSizesAttr(), 4, seg))
    return false;
  for (int k = 0; k < 3; ++k)
    if (!getI64Array(op, ctx, attrs[k], attrNames[k], o.lists[k]))
      return false;
  size_t nOff = o.lists[0].size(), nSize = o.lists[1].size(),
         nStride = o.lists[2].size();
  if (!(nOff == 1 && maxRanks[0] == 1) && nOff != nSize)
    return ctx.emitError(op, "expected mixed offsets rank to match mixed "
                             "sizes rank (" +
                                 std::to_string(nOff) + " vs " +
                                 std::to_string(nSize) +
                                 ") so the rank of the result type is "
                                 "well-formed.");
  if (nSize != nStride)
    return ctx.emitError(op, "expected mixed sizes rank to match mixed "
                             "strides rank (" +
                                 std::to_string(nSize) + " vs " +
                                 std::to_string(nStride) +
                                 ") so the rank of the result type is "
                                 "well-formed.");
  for (int k = 0; k < 3; ++k) {
    if (o.lists[k].size() != maxRanks[k])
      return ctx.emitError(op, "expected " + std::to_string(maxRanks[k]) + " " +
                                   names[k] + " values, got " +
                                   std::to_string(o.lists[k].size()));
    if (countDynamic(o.lists[k]) != seg[k + 1])
      return ctx.emitError(op, "expected " +
                                   std::to_string(countDynamic(o.lists[k])) +
                                   " dynamic " + names[k] + " values");
  }
  for (int k = 0; k < 2; ++k)
    for (int64_t v : o.lists[k])
      if (v < 0 && v != kDynamic)
        return ctx.emitError(op, std::string("expected ") + names[k] +
                                     "s to be non-negative, but got " +
                                     std::to_string(v));
  return expectIndexOperands(op, ctx, 1, op.getNumOperands());
}

bool verifySubView(Operation &op, VerifyContext &ctx) {
  if (!expectAtLeastOperands(op, ctx, 1) || !expectResults(op, ctx, 1) ||
      !expectNoRegions(op, ctx))
    return false;
  Type base = op.getOperand(0)->getType(), sub = op.getResult(0)->getType();
  if (!base.isMemRef())
    return badOperand(op, ctx, 0, kAnyMemRef);
  if (!sub.isMemRef())
    return badResult(op, ctx, 0, kAnyMemRef);
  unsigned rank = (unsigned)base.getRank();
  const unsigned maxRanks[3] = {rank, rank, rank};
  OffsetsSizesStrides o;
  if (!verifyOffsetsSizesStrides(SubViewOp(&op), ctx, maxRanks, o))
    return false;
  if (base.getMemorySpace() != sub.getMemorySpace())
    return ctx.emitError(op, "different memory spaces specified for base "
                             "memref type " +
                                 quoted(base) + " and subview memref type " +
                                 quoted(sub));
  auto inferred =
      inferSubViewResultType(base, o.lists[0], o.lists[1], o.lists[2]);
  if (!inferred)
    return ctx.emitError(op, "base type " + quoted(base) + " is not strided");
  Type expectedType = *inferred;
  StridedLayout expected = *getStridedLayout(expectedType);
  std::string layoutMsg = "expected result type to be " + quoted(expectedType) +
                          " or a rank-reduced version. (mismatch of result "
                          "layout) ";
  if (expectedType != sub) {
    if (sub.getRank() > expectedType.getRank())
      return ctx.emitError(op, "expected result rank to be smaller or equal "
                               "to the source rank. ");
    if (!computeRankReductionMask(expectedType.getShape(), sub.getShape()))
      return ctx.emitError(op, "expected result type to be " +
                                   quoted(expectedType) +
                                   " or a rank-reduced version. (mismatch of "
                                   "result sizes) ");
    if (expectedType.getElementType() != sub.getElementType())
      return ctx.emitError(op, "expected result element type to be " +
                                   quoted(expectedType.getElementType()));
  }
  auto ss = getStridedLayout(sub);
  if (!ss || ss->offset != expected.offset)
    return ctx.emitError(op, layoutMsg);
  auto unused = computeMemRefRankReductionMask(expectedType, sub, o.lists[1]);
  if (!unused)
    return ctx.emitError(op, layoutMsg);
  for (unsigned i = 0, j = 0; i < rank; ++i) {
    if ((*unused)[i])
      continue;
    if (j >= ss->strides.size() || expected.strides[i] != ss->strides[j])
      return ctx.emitError(op, layoutMsg);
    ++j;
  }
  return true;
}

bool verifyReinterpretCast(Operation &op, VerifyContext &ctx) {
  if (!expectAtLeastOperands(op, ctx, 1) || !expectResults(op, ctx, 1) ||
      !expectNoRegions(op, ctx))
    return false;
  Type src = op.getOperand(0)->getType(), dst = op.getResult(0)->getType();
  if (!src.isAnyMemRef())
    return badOperand(op, ctx, 0, kAnyRankedOrUnranked);
  if (!dst.isMemRef())
    return badResult(op, ctx, 0, kAnyMemRef);
  unsigned rank = (unsigned)dst.getRank();
  const unsigned maxRanks[3] = {1, rank, rank};
  OffsetsSizesStrides o;
  if (!verifyOffsetsSizesStrides(ReinterpretCastOp(&op), ctx, maxRanks, o))
    return false;
  std::string types = quoted(src) + " and result memref type " + quoted(dst);
  if (src.getMemorySpace() != dst.getMemorySpace())
    return ctx.emitError(op, "different memory spaces specified for source "
                             "type " +
                                 types);
  if (src.getElementType() != dst.getElementType())
    return ctx.emitError(op, "different element types specified for source "
                             "type " +
                                 types);
  for (unsigned d = 0; d < rank; ++d) {
    int64_t have = dst.getDimSize(d), want = o.lists[1][d];
    if (have != kDynamic && want != kDynamic && have != want)
      return ctx.emitError(
          op, "expected result type with size = " + std::to_string(want) +
                  " instead of " + std::to_string(have) +
                  " in dim = " + std::to_string(d));
  }
  auto ds = getStridedLayout(dst);
  if (!ds)
    return ctx.emitError(op, "expected result type to have strided layout "
                             "but found " +
                                 quoted(dst));
  int64_t want = o.lists[0][0];
  if (ds->offset != kDynamic && want != kDynamic && ds->offset != want)
    return ctx.emitError(
        op, "expected result type with offset = " + std::to_string(want) +
                " instead of " + std::to_string(ds->offset));
  for (unsigned d = 0; d < rank; ++d) {
    int64_t have = ds->strides[d], w = o.lists[2][d];
    if (have != kDynamic && w != kDynamic && have != w)
      return ctx.emitError(
          op, "expected result type with stride = " + std::to_string(w) +
                  " instead of " + std::to_string(have) +
                  " in dim = " + std::to_string(d));
  }
  return true;
}

bool verifyView(Operation &op, VerifyContext &ctx) {
  if (!expectAtLeastOperands(op, ctx, 2) || !expectResults(op, ctx, 1) ||
      !expectNoRegions(op, ctx))
    return false;
  Type base = op.getOperand(0)->getType(), view = op.getResult(0)->getType();
  if (!base.isMemRef() || base.getRank() != 1 ||
      !base.getElementType().isInteger(8))
    return badOperand(op, ctx, 0, "1D memref of 8-bit signless integer values");
  if (!op.getOperand(1)->getType().isIndex())
    return badOperand(op, ctx, 1, "index");
  if (!expectIndexOperands(op, ctx, 2, op.getNumOperands()))
    return false;
  if (!view.isMemRef())
    return badResult(op, ctx, 0, kAnyMemRef);
  if (!hasIdentityLayout(base))
    return ctx.emitError(op, "unsupported map for base memref type " +
                                 quoted(base));
  if (!hasIdentityLayout(view))
    return ctx.emitError(op, "unsupported map for result memref type " +
                                 quoted(view));
  if (base.getMemorySpace() != view.getMemorySpace())
    return ctx.emitError(op, "different memory spaces specified for base "
                             "memref type " +
                                 quoted(base) + " and view memref type " +
                                 quoted(view));
  if (op.getNumOperands() - 2 != view.getNumDynamicDims())
    return ctx.emitError(op, "incorrect number of size operands for type " +
                                 quoted(view));
  return true;
}

bool verifyCollapseShape(Operation &op, VerifyContext &ctx) {
  Reassociation groups;
  if (!getReassociation(op, ctx, CollapseShapeOp(&op).getReassociationAttr(),
                        groups) ||
      !expectShape(op, ctx, 1, 1))
    return false;
  Type src = op.getOperand(0)->getType(), dst = op.getResult(0)->getType();
  if (!src.isMemRef() || !getStridedLayout(src))
    return badOperand(op, ctx, 0, kStridedMemRef);
  if (!dst.isMemRef() || !getStridedLayout(dst))
    return badResult(op, ctx, 0, kStridedMemRef);
  if (src.getRank() < dst.getRank()) {
    std::string r0 = std::to_string(src.getRank()),
                r1 = std::to_string(dst.getRank());
    return ctx.emitOpError(op, "has source rank " + r0 + " and result rank " +
                                   r1 + ". This is not a collapse (" + r0 +
                                   " < " + r1 + ").");
  }
  if (!verifyCollapsedShape(op, ctx, dst.getShape(), src.getShape(), groups))
    return false;
  // The reassociation is valid, so only the layout can fail to collapse.
  auto expected = inferCollapsedType(src, groups);
  if (!expected)
    return ctx.emitOpError(op, "invalid source layout map or collapsing "
                               "non-contiguous dims");
  if (*expected != dst)
    return ctx.emitOpError(op, "expected collapsed type to be " +
                                   quoted(*expected) + " but found " +
                                   quoted(dst));
  return true;
}

bool verifyExpandShape(Operation &op, VerifyContext &ctx) {
  ExpandShapeOp expand(&op);
  Reassociation groups;
  Shape staticShape;
  if (!getReassociation(op, ctx, expand.getReassociationAttr(), groups) ||
      !getI64Array(op, ctx, expand.getStaticOutputShapeAttr(),
                   attrname::memref::StaticOutputShape, staticShape) ||
      !expectAtLeastOperands(op, ctx, 1) || !expectResults(op, ctx, 1) ||
      !expectNoRegions(op, ctx))
    return false;
  Type src = op.getOperand(0)->getType(), dst = op.getResult(0)->getType();
  if (!src.isMemRef() || !getStridedLayout(src))
    return badOperand(op, ctx, 0, kStridedMemRef);
  if (!expectIndexOperands(op, ctx, 1, op.getNumOperands()))
    return false;
  if (!dst.isMemRef() || !getStridedLayout(dst))
    return badResult(op, ctx, 0, kStridedMemRef);
  if (src.getRank() > dst.getRank()) {
    std::string r0 = std::to_string(src.getRank()),
                r1 = std::to_string(dst.getRank());
    return ctx.emitOpError(op, "has source rank " + r0 + " and result rank " +
                                   r1 + ". This is not an expansion (" + r0 +
                                   " > " + r1 + ").");
  }
  if (!verifyCollapsedShape(op, ctx, src.getShape(), dst.getShape(), groups))
    return false;
  auto expected = inferExpandedType(src, dst.getShape(), groups);
  if (!expected)
    return ctx.emitOpError(op, "invalid source layout map");
  if (*expected != dst)
    return ctx.emitOpError(op, "expected expanded type to be " +
                                   quoted(*expected) + " but found " +
                                   quoted(dst));
  if ((int64_t)staticShape.size() != dst.getRank())
    return ctx.emitOpError(
        op, "expected number of static shape bounds to be equal to the "
            "output rank (" +
                std::to_string(dst.getRank()) + ") but found " +
                std::to_string(staticShape.size()) + " inputs instead");
  int64_t dyn = countDynamic(staticShape);
  if ((int64_t)op.getNumOperands() - 1 != dyn)
    return ctx.emitOpError(
        op, "mismatch in dynamic dims in output_shape and "
            "static_output_shape: static_output_shape has " +
                std::to_string(dyn) + " dynamic dims while output_shape has " +
                std::to_string(op.getNumOperands() - 1) + " values");
  for (unsigned d = 0; d < dst.getRank(); ++d)
    if (!dst.isDynamicDim(d) && dst.getDimSize(d) != staticShape[d])
      return ctx.emitOpError(op, "invalid output shape provided at pos " +
                                     std::to_string(d));
  return true;
}

/// The permutation's result positions, or nullopt if it is not one.
std::optional<std::vector<unsigned>> permutationOf(const AffineMap &m) {
  if (m.getNumSymbols() != 0 || m.getNumResults() != m.getNumDims())
    return std::nullopt;
  std::vector<unsigned> perm;
  std::vector<bool> seen(m.getNumDims(), false);
  for (const AffineExpr &e : m.getResults()) {
    if (e.getKind() != AffineExprKind::Dim || seen[e.getPosition()])
      return std::nullopt;
    seen[e.getPosition()] = true;
    perm.push_back(e.getPosition());
  }
  return perm;
}

bool verifyTranspose(Operation &op, VerifyContext &ctx) {
  Attribute a =
      requireAttr(op, ctx, MemRefTransposeOp(&op).getPermutationAttr(),
                  attrname::memref::Permutation);
  if (!a)
    return false;
  if (!a.isa(AttrKind::AffineMap))
    return badAttr(op, ctx, attrname::memref::Permutation,
                   "AffineMap attribute");
  if (!expectShape(op, ctx, 1, 1))
    return false;
  Type src = op.getOperand(0)->getType(), dst = op.getResult(0)->getType();
  if (!src.isMemRef() || !getStridedLayout(src))
    return badOperand(op, ctx, 0, kStridedMemRef);
  if (!dst.isMemRef() || !getStridedLayout(dst))
    return badResult(op, ctx, 0, kStridedMemRef);
  AffineMap m = a.getAffineMap();
  auto perm = permutationOf(m);
  if (!perm)
    return ctx.emitOpError(op, "expected a permutation map");
  if (m.getNumDims() != src.getRank())
    return ctx.emitOpError(op, "expected a permutation map of same rank as "
                               "the input");
  Type expected = canonicalizeStridedLayout(*inferTransposedType(src, *perm));
  if (expected != canonicalizeStridedLayout(dst))
    return ctx.emitOpError(op, "result type " + quoted(dst) +
                                   " is not equivalent to the canonical "
                                   "transposed input type " +
                                   quoted(expected));
  return true;
}

bool verifyReshape(Operation &op, VerifyContext &ctx) {
  if (!expectShape(op, ctx, 2, 1))
    return false;
  Type src = op.getOperand(0)->getType(), shape = op.getOperand(1)->getType();
  Type dst = op.getResult(0)->getType();
  if (!src.isAnyMemRef())
    return badOperand(op, ctx, 0, kAnyRankedOrUnranked);
  if (!shape.isMemRef() || shape.getRank() != 1 ||
      !shape.getElementType().isIntOrIndex())
    return badOperand(op, ctx, 1,
                      "1D memref of signless integer or index values");
  if (!dst.isAnyMemRef())
    return badResult(op, ctx, 0, kAnyRankedOrUnranked);
  if (src.getElementType() != dst.getElementType())
    return ctx.emitOpError(op, "element types of source and destination "
                               "memref types should be the same");
  if (src.isMemRef() && !hasIdentityLayout(src))
    return ctx.emitOpError(op, "source memref type should have identity "
                               "affine map");
  if (dst.isMemRef()) {
    if (!hasIdentityLayout(dst))
      return ctx.emitOpError(op, "result memref type should have identity "
                                 "affine map");
    if (shape.isDynamicDim(0))
      return ctx.emitOpError(op, "cannot use shape operand with dynamic "
                                 "length to reshape to statically-ranked "
                                 "memref type");
    if (shape.getDimSize(0) != dst.getRank())
      return ctx.emitOpError(op, "length of shape operand differs from the "
                                 "result's memref rank");
  }
  return true;
}

//===-- globals
//-------------------------------------------------------------===//

bool verifyGlobal(Operation &op, VerifyContext &ctx) {
  GlobalOp global(&op);
  Attribute name =
      requireAttr(op, ctx, global.getSymNameAttr(), attrname::SymName);
  if (!name)
    return false;
  if (!name.isa(AttrKind::String))
    return badAttr(op, ctx, attrname::SymName, "string attribute");
  Attribute typeAttr =
      requireAttr(op, ctx, global.getTypeAttr(), attrname::memref::Type);
  if (!typeAttr)
    return false;
  if (!typeAttr.isa(AttrKind::Type))
    return badAttr(op, ctx, attrname::memref::Type, "memref type attribute");
  if (Attribute a = global.getAlignmentAttr())
    if (!isIntAttrOf(a, 64))
      return badAttr(op, ctx, attrname::memref::Alignment,
                     "64-bit signless integer attribute");
  if (!expectShape(op, ctx, 0, 0))
    return false;
  Type type = typeAttr.getType();
  if (!type.isMemRef() || !type.hasStaticShape())
    return ctx.emitOpError(op, "type should be static shaped memref, but "
                               "got " +
                                   quoted(type));
  if (Attribute init = global.getInitialValue()) {
    if (!init.isa(AttrKind::Unit) && !init.isa(AttrKind::DenseElements))
      return ctx.emitOpError(op, "initial value should be a unit or "
                                 "elements attribute, but got " +
                                     init.str());
    if (init.isa(AttrKind::DenseElements)) {
      Type want = Type::tensor(type.getShape(), type.getElementType());
      if (init.getType() != want)
        return ctx.emitOpError(op, "initial value expected to be of type " +
                                       quoted(want) + ", but was of type " +
                                       quoted(init.getType()));
    }
  }
  if (Attribute a = global.getAlignmentAttr())
    if (!isPowerOf2(a.getInt()))
      return ctx.emitError(op, "alignment attribute value " +
                                   std::to_string(a.getInt()) +
                                   " is not a power of 2");
  return true;
}

/// The global must exist at module level and have the result's type.
bool verifyGetGlobal(Operation &op, VerifyContext &ctx) {
  Attribute name = requireAttr(op, ctx, GetGlobalOp(&op).getNameAttr(),
                               attrname::memref::Name);
  if (!name)
    return false;
  if (!name.isa(AttrKind::SymbolRef))
    return badAttr(op, ctx, attrname::memref::Name,
                   "flat symbol reference attribute");
  if (!expectShape(op, ctx, 0, 1))
    return false;
  Type t = op.getResult(0)->getType();
  if (!t.isMemRef() || !t.hasStaticShape())
    return badResult(op, ctx, 0, "statically shaped memref of any type values");
  GlobalOp global =
      dyn_cast<GlobalOp>(ctx.getModule().lookupSymbol(name.getString()));
  if (!global)
    return ctx.emitOpError(op, "'" + name.getString() +
                                   "' does not reference a valid global "
                                   "memref");
  Attribute gt = global.getTypeAttr();
  if (gt && gt.getType() != t)
    return ctx.emitOpError(op,
                           "result type " + quoted(t) +
                               " does not match type " + quoted(gt.getType()) +
                               " of the global memref @" + name.getString());
  return true;
}

//===-- DMA
//-----------------------------------------------------------------===//

/// Operand layout of dma_start, recovered from the memref ranks as MLIR
/// does: src[idx], dst[idx], num, tag[idx], optional stride pair.
bool verifyDmaStart(Operation &op, VerifyContext &ctx) {
  if (!expectResults(op, ctx, 0) || !expectNoRegions(op, ctx))
    return false;
  unsigned n = op.getNumOperands();
  if (n < 4)
    return ctx.emitOpError(op, "expected at least 4 operands");
  auto atLeast = [&](unsigned k) {
    return ctx.emitOpError(op, "expected at least " + std::to_string(k) +
                                   " operands");
  };
  auto allIndex = [&](unsigned begin, unsigned count) {
    for (unsigned i = begin; i < begin + count; ++i)
      if (!op.getOperand(i)->getType().isIndex())
        return false;
    return true;
  };
  Type src = op.getOperand(0)->getType();
  if (!src.isMemRef())
    return ctx.emitOpError(op, "expected source to be of memref type");
  unsigned srcRank = (unsigned)src.getRank();
  if (n < srcRank + 4)
    return atLeast(srcRank + 4);
  if (!allIndex(1, srcRank))
    return ctx.emitOpError(op, "expected source indices to be of index type");
  unsigned dstAt = 1 + srcRank;
  Type dst = op.getOperand(dstAt)->getType();
  if (!dst.isMemRef())
    return ctx.emitOpError(op, "expected destination to be of memref type");
  unsigned dstRank = (unsigned)dst.getRank();
  unsigned expected = srcRank + dstRank + 4;
  if (n < expected)
    return atLeast(expected);
  if (!allIndex(dstAt + 1, dstRank))
    return ctx.emitOpError(op, "expected destination indices to be of index "
                               "type");
  unsigned numAt = dstAt + 1 + dstRank;
  if (!op.getOperand(numAt)->getType().isIndex())
    return ctx.emitOpError(op, "expected num elements to be of index type");
  Type tag = op.getOperand(numAt + 1)->getType();
  if (!tag.isMemRef())
    return ctx.emitOpError(op, "expected tag to be of memref type");
  expected += (unsigned)tag.getRank();
  if (n < expected)
    return atLeast(expected);
  if (!allIndex(numAt + 2, (unsigned)tag.getRank()))
    return ctx.emitOpError(op, "expected tag indices to be of index type");
  if (n != expected && n != expected + 2)
    return ctx.emitOpError(op, "incorrect number of operands");
  if (n == expected + 2 && !allIndex(expected, 2))
    return ctx.emitOpError(op, "expected stride and num elements per stride "
                               "to be of type index");
  // Seed 004: "need to have the same elemental type" (MLIR does not check).
  if (src.getElementType() != dst.getElementType())
    return ctx.emitOpError(op, "source and destination memrefs must have the "
                               "same elemental type");
  return true;
}

bool verifyDmaWait(Operation &op, VerifyContext &ctx) {
  if (!expectResults(op, ctx, 0) || !expectNoRegions(op, ctx) ||
      !expectAtLeastOperands(op, ctx, 2))
    return false;
  Type tag = op.getOperand(0)->getType();
  if (!tag.isMemRef())
    return badOperand(op, ctx, 0, kAnyMemRef);
  unsigned n = op.getNumOperands();
  if (n != tag.getRank() + 2)
    return ctx.emitOpError(op, "expected tagIndices to have the same number "
                               "of elements as the tagMemRef rank, expected " +
                                   std::to_string(tag.getRank()) +
                                   ", but got " + std::to_string(n - 2));
  return expectIndexOperands(op, ctx, 1, n);
}

/// Results: the base buffer (a 0-d memref of the element type), the
/// offset, one size and one stride per dimension.
bool verifyExtractStridedMetadata(Operation &op, VerifyContext &ctx) {
  if (!expectOperands(op, ctx, 1) || !expectNoRegions(op, ctx))
    return false;
  Type t = op.getOperand(0)->getType();
  if (!t.isMemRef() || !getStridedLayout(t))
    return badOperand(op, ctx, 0, kStridedMemRef);
  unsigned rank = (unsigned)t.getRank();
  if (op.getNumResults() != 2 + 2 * rank)
    return ctx.emitOpError(op, "expected " + std::to_string(2 + 2 * rank) +
                                   " results for a memref of rank " +
                                   std::to_string(rank) + ", but found " +
                                   std::to_string(op.getNumResults()));
  Type base = op.getResult(0)->getType();
  if (!base.isMemRef() || base.getRank() != 0 ||
      base.getElementType() != t.getElementType())
    return badResult(op, ctx, 0,
                     "0D memref of " + t.getElementType().str() + " values");
  for (unsigned i = 1; i < op.getNumResults(); ++i)
    if (!op.getResult(i)->getType().isIndex())
      return badResult(op, ctx, i, "index");
  return true;
}

} // namespace

void registerMemRefOpVerifiers(OpVerifierRegistry &r) {
  r.add("memref.alloc", verifyAllocLike<AllocOp>);
  r.add("memref.alloca", verifyAllocLike<AllocaOp>);
  r.add("memref.alloca_scope", verifyAllocaScope);
  r.add("memref.alloca_scope.return", verifyAllocaScopeReturn);
  r.add("memref.dealloc", verifyDealloc);
  r.add("memref.load", verifyLoad);
  r.add("memref.store", verifyStore);
  r.add("memref.dim", verifyDim);
  r.add("memref.rank", verifyMemRefToIndex);
  r.add("memref.prefetch", verifyPrefetch);
  r.add("memref.assume_alignment", verifyAssumeAlignment);
  r.add("memref.cast", verifyCast);
  r.add("memref.realloc", verifyRealloc);
  r.add("memref.copy", verifyCopy);
  r.add("memref.subview", verifySubView);
  r.add("memref.reinterpret_cast", verifyReinterpretCast);
  r.add("memref.view", verifyView);
  r.add("memref.collapse_shape", verifyCollapseShape);
  r.add("memref.expand_shape", verifyExpandShape);
  r.add("memref.transpose", verifyTranspose);
  r.add("memref.reshape", verifyReshape);
  r.add("memref.global", verifyGlobal);
  r.add("memref.get_global", verifyGetGlobal);
  r.add("memref.dma_start", verifyDmaStart);
  r.add("memref.dma_wait", verifyDmaWait);
  r.add("memref.extract_aligned_pointer_as_index", verifyMemRefToIndex);
  r.add("memref.extract_strided_metadata", verifyExtractStridedMetadata);
}

} // namespace affjit
