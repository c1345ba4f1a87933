// Lowering of the vector subset to LLVM vector IR: transfer_read/write
// (contiguous loads and stores, masked for out-of-bounds lanes, scalarized
// for other permutation maps and for memrefs whose innermost stride is not
// statically 1), horizontal reductions via
// llvm.vector.reduce.*, broadcast/splat, fma, extract/insert, load/store and
// vector.print with the runner-utils print functions. n-D vectors are, as
// in MLIR's LLVM lowering, nested arrays of 1-D LLVM vectors; n-D ops work
// row by row on their innermost 1-D vectors.
#include "frontend/ir/ArithOpTable.h"
#include "frontend/ir/MemRefLayout.h"
#include "frontend/ir/VectorOps.h"
#include "frontend/lower/CheckedAccess.h"
#include "frontend/lower/OpLowerings.h"

#include <llvm/IR/Intrinsics.h>

namespace affjit {

namespace {

using Builder = llvm::IRBuilder<>;
using Values = std::vector<llvm::Value *>;

/// 1-D vectors, and 0-D ones (one-lane LLVM vectors).
bool require1D(LoweringContext &lc, Operation &op, Type t) {
  if (t.isVector() && t.getRank() > 1)
    return lc.emitError(op, "only 1-D vectors are supported");
  return true;
}

/// Every index tuple of the leading (all but innermost) dimensions of `t`.
std::vector<std::vector<unsigned>> rowsOf(Type t) {
  std::vector<std::vector<unsigned>> rows(1);
  const auto &shape = t.getShape();
  for (size_t d = 0; d + 1 < shape.size(); ++d) {
    std::vector<std::vector<unsigned>> next;
    for (auto &r : rows)
      for (int64_t i = 0; i < shape[d]; ++i) {
        next.push_back(r);
        next.back().push_back((unsigned)i);
      }
    rows = std::move(next);
  }
  return rows;
}

/// The lanes of the innermost dimension of `t`; a 0-D vector is, as in
/// MLIR's LLVM lowering, a one-lane vector.
unsigned lanesOf(Type t) {
  return t.getRank() == 0 ? 1 : (unsigned)t.getShape().back();
}

/// A 1-D LLVM vector type of the innermost dimension of `t`.
llvm::Type *rowType(LoweringContext &lc, Type t) {
  return llvm::FixedVectorType::get(lc.convertType(t.getElementType()),
                                    lanesOf(t));
}

llvm::Value *getRow(Builder &b, llvm::Value *v,
                    const std::vector<unsigned> &row) {
  return row.empty() ? v : b.CreateExtractValue(v, row);
}

llvm::Value *setRow(Builder &b, llvm::Value *agg, llvm::Value *rowValue,
                    const std::vector<unsigned> &row) {
  return row.empty() ? rowValue : b.CreateInsertValue(agg, rowValue, row);
}

bool inBoundsAt(Operation &op, unsigned i) {
  Attribute a = cast<VectorTransferOpInterface>(&op).getInBoundsAttr();
  return a && i < a.getArray().size() && a.getArray()[i].getBool();
}

/// A map whose results are the trailing memref dims in order (the mask of
/// such a transfer has the vector's own shape).
bool isMinorIdentityND(Operation &op) {
  AffineMap perm = cast<VectorTransferOpInterface>(&op).getPermutationMap();
  unsigned first = perm.getNumDims() - perm.getNumResults();
  for (unsigned i = 0; i < perm.getNumResults(); ++i)
    if (perm.getResult(i).getKind() != AffineExprKind::Dim ||
        perm.getResult(i).getPosition() != first + i)
      return false;
  return true;
}

/// `lane < size - index` for each lane, as an <N x i1> mask.
llvm::Value *boundsMask(LoweringContext &lc, llvm::Value *index,
                        llvm::Value *size, unsigned lanes) {
  Builder &b = lc.builder();
  llvm::Value *remaining = b.CreateSub(size, index);
  std::vector<llvm::Constant *> laneIds;
  for (unsigned l = 0; l < lanes; ++l)
    laneIds.push_back(b.getInt64(l));
  llvm::Value *ids = llvm::ConstantVector::get(laneIds);
  return b.CreateICmpSLT(ids, b.CreateVectorSplat(lanes, remaining));
}

/// One 1-D row of a transfer: memref indices for its first lane, the map
/// result that the lanes advance along, whether the row is entirely
/// outside the memref (leading dims out of bounds), and its mask.
struct TransferRow {
  Values idx;
  AffineExpr laneExpr;
  llvm::Value *rowOk; // null when known in bounds
  llvm::Value *userMask;
};

/// Computes the row `row` of a transfer with base indices `base`: leading
/// map results advance their memref dims by the row index (a constant 0
/// result broadcasts). Out-of-bounds rows get index 0 in those dims so the
/// address stays valid; `rowOk` disables all their lanes.
TransferRow transferRow(LoweringContext &lc, Operation &op, Value *memref,
                        const Values &base, const AffineMap &perm,
                        const std::vector<unsigned> &row,
                        llvm::Value *userMask) {
  Builder &b = lc.builder();
  TransferRow r{base, perm.getResult(perm.getNumResults() - 1), nullptr,
                userMask ? getRow(b, userMask, row) : nullptr};
  llvm::Value *desc = lc.lookup(memref);
  Type mt = memref->getType();
  for (unsigned i = 0; i < row.size(); ++i) {
    AffineExpr e = perm.getResult(i);
    if (e.getKind() != AffineExprKind::Dim)
      continue;
    unsigned d = e.getPosition();
    llvm::Value *at = b.CreateAdd(r.idx[d], b.getInt64(row[i]));
    if (!inBoundsAt(op, i)) {
      llvm::Value *ok = b.CreateICmpULT(at, lc.size(desc, mt, d));
      r.rowOk = r.rowOk ? b.CreateAnd(r.rowOk, ok) : ok;
      at = b.CreateSelect(ok, at, b.getInt64(0));
    }
    r.idx[d] = at;
  }
  return r;
}

/// Whether the lanes of a row are contiguous in memory: they advance the
/// innermost memref dimension, whose stride is statically 1 (a strided or
/// transposed view, or a stride known only at run time, goes lane by lane).
bool lanesContiguous(const TransferRow &r, Type mt) {
  return r.laneExpr.getKind() == AffineExprKind::Dim &&
         r.laneExpr.getPosition() + 1 == mt.getRank() &&
         hasUnitInnermostStride(mt);
}

/// The memref dimension the lanes of a row advance along (none: every lane
/// reads the same element, a broadcast).
std::optional<unsigned> laneDimension(const TransferRow &r) {
  if (r.laneExpr.getKind() != AffineExprKind::Dim)
    return std::nullopt;
  return r.laneExpr.getPosition();
}

/// The lanes of a row the transfer accesses (null: all of them): those its
/// mask enables, in a row inside the memref, and, where the lane dimension
/// may run out of bounds, before the end of it.
llvm::Value *rowMask(LoweringContext &lc, const TransferRow &r, Value *memref,
                     bool lanesInBounds, unsigned lanes) {
  Builder &b = lc.builder();
  llvm::Value *mask = r.userMask;
  std::optional<unsigned> dim = laneDimension(r);
  if (!lanesInBounds && dim) {
    llvm::Value *inb =
        boundsMask(lc, r.idx[*dim],
                   lc.size(lc.lookup(memref), memref->getType(), *dim), lanes);
    mask = mask ? b.CreateAnd(mask, inb) : inb;
  }
  if (r.rowOk) {
    llvm::Value *all = b.CreateVectorSplat(lanes, r.rowOk);
    mask = mask ? b.CreateAnd(mask, all) : all;
  }
  return mask;
}

/// In checked mode, stops the program when a lane that `mask` enables lies
/// outside the memref.
void checkRowLanes(LoweringContext &lc, Operation &op, Value *memref,
                   const TransferRow &r, llvm::Value *mask, unsigned lanes) {
  emitLaneChecks(lc, {memref, r.idx, laneDimension(r), lanes, mask},
                 op.getLoc());
}

/// Lane `lane`'s indices and whether it may be accessed, for rows whose
/// lanes are not contiguous (strided or broadcast).
llvm::Value *laneAccess(LoweringContext &lc, const TransferRow &r,
                        Value *memref, unsigned lane, Values &li) {
  Builder &b = lc.builder();
  li = r.idx;
  if (r.laneExpr.getKind() == AffineExprKind::Dim)
    li[r.laneExpr.getPosition()] =
        b.CreateAdd(li[r.laneExpr.getPosition()], b.getInt64(lane));
  llvm::Value *desc = lc.lookup(memref);
  llvm::Value *ok = r.rowOk ? r.rowOk : b.getTrue();
  for (unsigned d = 0; d < li.size(); ++d)
    ok = b.CreateAnd(
        ok, b.CreateICmpULT(li[d], lc.size(desc, memref->getType(), d)));
  if (r.userMask)
    ok = b.CreateAnd(ok, b.CreateExtractElement(r.userMask, lane));
  // Keep the address valid for lanes that are not accessed.
  for (unsigned d = 0; d < li.size(); ++d)
    li[d] = b.CreateSelect(ok, li[d], b.getInt64(0));
  return ok;
}

llvm::Value *readRow(LoweringContext &lc, Operation &op, Value *memref,
                     const TransferRow &r, llvm::Value *pad, Type vt) {
  Builder &b = lc.builder();
  Type mt = memref->getType();
  unsigned lanes = (unsigned)vt.getShape().back();
  llvm::Type *rowTy = rowType(lc, vt);
  llvm::Type *elt = lc.convertType(mt.getElementType());
  llvm::Align align = lc.llvmModule().getDataLayout().getABITypeAlign(elt);
  llvm::Value *padRow = b.CreateVectorSplat(lanes, pad);
  llvm::Value *mask =
      rowMask(lc, r, memref, inBoundsAt(op, vt.getRank() - 1), lanes);
  checkRowLanes(lc, op, memref, r, mask, lanes);
  if (lanesContiguous(r, mt)) {
    // Masked: disabled lanes are not read, and lane 0 may be one of them.
    llvm::Value *ptr = lc.elementAddress(memref, r.idx, !mask);
    if (!mask)
      return b.CreateAlignedLoad(rowTy, ptr, align);
    return b.CreateMaskedLoad(rowTy, ptr, align, mask, padRow);
  }
  // Strided or broadcast lanes: a guarded scalar load per lane.
  llvm::Value *result = padRow;
  for (unsigned lane = 0; lane < lanes; ++lane) {
    Values li;
    llvm::Value *ok = laneAccess(lc, r, memref, lane, li);
    llvm::Value *ptr = lc.elementAddress(memref, li, /*insideBuffer=*/false);
    llvm::Value *v = b.CreateMaskedLoad(llvm::FixedVectorType::get(elt, 1), ptr,
                                        align, b.CreateVectorSplat(1, ok),
                                        b.CreateVectorSplat(1, pad));
    result = b.CreateInsertElement(
        result, b.CreateExtractElement(v, (uint64_t)0), lane);
  }
  return result;
}

void writeRow(LoweringContext &lc, Operation &op, Value *memref,
              const TransferRow &r, llvm::Value *rowValue, Type vt) {
  Builder &b = lc.builder();
  Type mt = memref->getType();
  unsigned lanes = (unsigned)vt.getShape().back();
  llvm::Type *elt = lc.convertType(mt.getElementType());
  llvm::Align align = lc.llvmModule().getDataLayout().getABITypeAlign(elt);
  llvm::Value *mask =
      rowMask(lc, r, memref, inBoundsAt(op, vt.getRank() - 1), lanes);
  checkRowLanes(lc, op, memref, r, mask, lanes);
  if (lanesContiguous(r, mt)) {
    llvm::Value *ptr = lc.elementAddress(memref, r.idx, !mask);
    if (mask)
      b.CreateMaskedStore(rowValue, ptr, align, mask);
    else
      b.CreateAlignedStore(rowValue, ptr, align);
    return;
  }
  for (unsigned lane = 0; lane < lanes; ++lane) {
    Values li;
    llvm::Value *ok = laneAccess(lc, r, memref, lane, li);
    llvm::Value *ptr = lc.elementAddress(memref, li, /*insideBuffer=*/false);
    llvm::Value *v = b.CreateVectorSplat(
        1, b.CreateExtractElement(rowValue, (uint64_t)lane));
    b.CreateMaskedStore(v, ptr, align, b.CreateVectorSplat(1, ok));
  }
}

/// MLIR accepts transfers whose vector element type differs from the
/// memref's (with compatible bit widths); affjit does not lower those.
bool requireSameElementType(LoweringContext &lc, Operation &op, Type vector,
                            Value *memref) {
  if (vector.getElementType() != memref->getType().getElementType())
    return lc.emitError(op, "transfers between different element types are "
                            "not supported");
  return true;
}

bool lowerTransferRead(LoweringContext &lc, Operation &op) {
  Type vt = op.getResult(0)->getType();
  if (!requireSameElementType(lc, op, vt, op.getOperand(0)))
    return false;
  auto transfer = cast<TransferReadOp>(&op);
  std::vector<int64_t> seg = transfer.segments();
  Value *memref = op.getOperand(0);
  Values idx = lc.lookup(op.getOperands(1, (unsigned)seg[1]));
  llvm::Value *pad = lc.lookup(op.getOperand(1 + (unsigned)seg[1]));
  llvm::Value *userMask =
      seg[3] ? lc.lookup(op.getOperand(2 + (unsigned)seg[1])) : nullptr;
  if (userMask && vt.getRank() > 1 && !isMinorIdentityND(op))
    return lc.emitError(op, "masks of permuted n-D transfers are not "
                            "supported");
  AffineMap perm = transfer.getPermutationMap();
  llvm::Value *result = llvm::UndefValue::get(lc.convertType(vt));
  for (const auto &row : rowsOf(vt)) {
    TransferRow r = transferRow(lc, op, memref, idx, perm, row, userMask);
    result =
        setRow(lc.builder(), result, readRow(lc, op, memref, r, pad, vt), row);
  }
  lc.map(op.getResult(0), result);
  return true;
}

bool lowerTransferWrite(LoweringContext &lc, Operation &op) {
  Type vt = op.getOperand(0)->getType();
  if (!requireSameElementType(lc, op, vt, op.getOperand(1)))
    return false;
  auto transfer = cast<TransferWriteOp>(&op);
  std::vector<int64_t> seg = transfer.segments();
  llvm::Value *vec = lc.lookup(op.getOperand(0));
  Value *memref = op.getOperand(1);
  Values idx = lc.lookup(op.getOperands(2, (unsigned)seg[2]));
  llvm::Value *userMask =
      seg[3] ? lc.lookup(op.getOperand(2 + (unsigned)seg[2])) : nullptr;
  if (userMask && vt.getRank() > 1 && !isMinorIdentityND(op))
    return lc.emitError(op, "masks of permuted n-D transfers are not "
                            "supported");
  AffineMap perm = transfer.getPermutationMap();
  for (const auto &row : rowsOf(vt)) {
    TransferRow r = transferRow(lc, op, memref, idx, perm, row, userMask);
    writeRow(lc, op, memref, r, getRow(lc.builder(), vec, row), vt);
  }
  return true;
}

/// `#vector.kind<add>` → "add"; an op without the attribute combines with
/// add (outerproduct's default; reductions require the attribute).
std::string combiningKind(Attribute attr) {
  if (!attr)
    return "add";
  const std::string &text = attr.getString();
  size_t lt = text.find('<'), gt = text.rfind('>');
  return lt == std::string::npos ? text : text.substr(lt + 1, gt - lt - 1);
}

bool hasReassoc(Operation &op) {
  Attribute fm = cast<ReductionOp>(&op).getFastmathAttr();
  if (!fm)
    return false;
  return fastMathAttrHas(fm.getString(), "reassoc");
}

bool lowerReduction(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  if (!require1D(lc, op, op.getOperand(0)->getType()))
    return false;
  llvm::Value *v = lc.lookup(op.getOperand(0));
  llvm::Value *acc =
      op.getNumOperands() > 1 ? lc.lookup(op.getOperand(1)) : nullptr;
  std::string kind = combiningKind(cast<ReductionOp>(&op).getKindAttr());
  bool isFloat = op.getResult(0)->getType().isFloat();
  llvm::Value *r = nullptr;
  if (kind == "add" && isFloat) {
    llvm::Value *start =
        acc ? acc : llvm::ConstantFP::get(v->getType()->getScalarType(), 0.0);
    llvm::FastMathFlags fmf = lc.fastMathFlags(op);
    fmf.setAllowReassoc(fmf.allowReassoc() || hasReassoc(op));
    llvm::IRBuilder<>::FastMathFlagGuard guard(b);
    b.setFastMathFlags(fmf);
    lc.map(op.getResult(0), b.CreateFAddReduce(start, v));
    return true;
  }
  if (kind == "mul" && isFloat) {
    llvm::Value *start =
        acc ? acc : llvm::ConstantFP::get(v->getType()->getScalarType(), 1.0);
    llvm::FastMathFlags fmf = lc.fastMathFlags(op);
    fmf.setAllowReassoc(fmf.allowReassoc() || hasReassoc(op));
    llvm::IRBuilder<>::FastMathFlagGuard guard(b);
    b.setFastMathFlags(fmf);
    lc.map(op.getResult(0), b.CreateFMulReduce(start, v));
    return true;
  }
  using I = llvm::Intrinsic::ID;
  I combineId = llvm::Intrinsic::not_intrinsic;
  // Float min/max: the op's flags (all of them under --fast-math); with
  // nnan LLVM reduces without the NaN checks maximumf otherwise needs.
  llvm::IRBuilder<>::FastMathFlagGuard guard(b);
  if (isFloat)
    b.setFastMathFlags(lc.fastMathFlags(op));
  if (kind == "add")
    r = b.CreateAddReduce(v);
  else if (kind == "mul")
    r = b.CreateMulReduce(v);
  else if (kind == "and")
    r = b.CreateAndReduce(v);
  else if (kind == "or")
    r = b.CreateOrReduce(v);
  else if (kind == "xor")
    r = b.CreateXorReduce(v);
  else if (kind == "minsi")
    r = b.CreateIntMinReduce(v, true), combineId = llvm::Intrinsic::smin;
  else if (kind == "maxsi")
    r = b.CreateIntMaxReduce(v, true), combineId = llvm::Intrinsic::smax;
  else if (kind == "minui")
    r = b.CreateIntMinReduce(v, false), combineId = llvm::Intrinsic::umin;
  else if (kind == "maxui")
    r = b.CreateIntMaxReduce(v, false), combineId = llvm::Intrinsic::umax;
  else if (kind == "minnumf" || kind == "minf")
    r = b.CreateFPMinReduce(v), combineId = llvm::Intrinsic::minnum;
  else if (kind == "maxnumf" || kind == "maxf")
    r = b.CreateFPMaxReduce(v), combineId = llvm::Intrinsic::maxnum;
  else if (kind == "minimumf")
    r = b.CreateFPMinimumReduce(v), combineId = llvm::Intrinsic::minimum;
  else if (kind == "maximumf")
    r = b.CreateFPMaximumReduce(v), combineId = llvm::Intrinsic::maximum;
  else
    return lc.emitError(op, "unsupported reduction kind '" + kind + "'");
  if (acc) {
    if (kind == "add")
      r = b.CreateAdd(r, acc);
    else if (kind == "mul")
      r = b.CreateMul(r, acc);
    else if (kind == "and")
      r = b.CreateAnd(r, acc);
    else if (kind == "or")
      r = b.CreateOr(r, acc);
    else if (kind == "xor")
      r = b.CreateXor(r, acc);
    else
      r = b.CreateBinaryIntrinsic(combineId, r, acc);
  }
  lc.map(op.getResult(0), r);
  return true;
}

/// Broadcast (and splat) with numpy rules: each destination row reads the
/// source row at the same trailing indices (size-1 source dims read 0), and
/// a one-lane or scalar source fills the whole row.
bool lowerBroadcast(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  Type to = op.getResult(0)->getType(), from = op.getOperand(0)->getType();
  llvm::Value *in = lc.lookup(op.getOperand(0));
  unsigned lanes = lanesOf(to);
  llvm::Value *result = llvm::UndefValue::get(lc.convertType(to));
  size_t skip = to.getRank() - (from.isVector() ? from.getRank() : 0);
  for (const auto &row : rowsOf(to)) {
    llvm::Value *rowValue;
    if (!from.isVector()) {
      rowValue = b.CreateVectorSplat(lanes, in);
    } else {
      std::vector<unsigned> srcRow;
      for (size_t i = skip; i < row.size(); ++i)
        srcRow.push_back(from.getDimSize((unsigned)(i - skip)) == 1 ? 0
                                                                    : row[i]);
      rowValue = getRow(b, in, srcRow);
      if (lanesOf(from) != lanes)
        rowValue = b.CreateVectorSplat(
            lanes, b.CreateExtractElement(rowValue, (uint64_t)0));
    }
    result = setRow(b, result, rowValue, row);
  }
  lc.map(op.getResult(0), result);
  return true;
}

bool lowerFma(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  Type t = op.getResult(0)->getType();
  Values args = lc.lookup(op.getOperands());
  llvm::Function *fn = llvm::Intrinsic::getDeclaration(
      &lc.llvmModule(), llvm::Intrinsic::fma, {rowType(lc, t)});
  llvm::Value *result = llvm::UndefValue::get(lc.convertType(t));
  for (const auto &row : rowsOf(t)) {
    Values rowArgs;
    for (llvm::Value *a : args)
      rowArgs.push_back(getRow(b, a, row));
    result = setRow(b, result, b.CreateCall(fn, rowArgs), row);
  }
  lc.map(op.getResult(0), result);
  return true;
}

/// Splits the static positions `pos` into the static leading ones (into
/// the nested arrays) and the innermost lane position when all dims are
/// addressed; dynamic positions are supported in the innermost dimension
/// only.
bool splitPositions(LoweringContext &lc, Operation &op,
                    const std::vector<int64_t> &pos, Type vector,
                    unsigned firstDynamic, std::vector<unsigned> &leading,
                    llvm::Value *&lane) {
  bool full = (int64_t)pos.size() == vector.getRank();
  lane = nullptr;
  for (size_t i = 0; i < pos.size(); ++i) {
    bool isLane = full && i + 1 == pos.size();
    if (pos[i] == kDynamic && !isLane)
      return lc.emitError(op, "dynamic positions are supported in the "
                              "innermost dimension only");
    if (isLane)
      lane = pos[i] == kDynamic ? lc.lookup(op.getOperand(firstDynamic))
                                : lc.builder().getInt64(pos[i]);
    else
      leading.push_back((unsigned)pos[i]);
  }
  return true;
}

bool lowerExtract(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  std::vector<unsigned> leading;
  llvm::Value *lane;
  if (!splitPositions(lc, op, cast<VectorExtractOp>(&op).getStaticPosition(),
                      op.getOperand(0)->getType(), 1, leading, lane))
    return false;
  llvm::Value *v = getRow(b, lc.lookup(op.getOperand(0)), leading);
  lc.map(op.getResult(0), lane ? b.CreateExtractElement(v, lane) : v);
  return true;
}

bool lowerInsert(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  std::vector<unsigned> leading;
  llvm::Value *lane;
  if (!splitPositions(lc, op, cast<VectorInsertOp>(&op).getStaticPosition(),
                      op.getOperand(1)->getType(), 2, leading, lane))
    return false;
  llvm::Value *dest = lc.lookup(op.getOperand(1));
  llvm::Value *src = lc.lookup(op.getOperand(0));
  if (lane)
    src = b.CreateInsertElement(getRow(b, dest, leading), src, lane);
  lc.map(op.getResult(0), setRow(b, dest, src, leading));
  return true;
}

bool lowerVectorLoad(LoweringContext &lc, Operation &op) {
  Type vt = op.getResult(0)->getType();
  if (!require1D(lc, op, vt))
    return false;
  Values idx = lc.lookup(op.getOperands(1, op.getNumOperands() - 1));
  llvm::Value *ptr = lc.elementPtr(op.getOperand(0), idx, op.getLoc());
  lc.map(op.getResult(0), lc.builder().CreateAlignedLoad(lc.convertType(vt),
                                                         ptr, llvm::Align(1)));
  return true;
}

bool lowerVectorStore(LoweringContext &lc, Operation &op) {
  if (!require1D(lc, op, op.getOperand(0)->getType()))
    return false;
  Values idx = lc.lookup(op.getOperands(2, op.getNumOperands() - 2));
  llvm::Value *ptr = lc.elementPtr(op.getOperand(1), idx, op.getLoc());
  lc.builder().CreateAlignedStore(lc.lookup(op.getOperand(0)), ptr,
                                  llvm::Align(1));
  return true;
}

//===-- vector.print
//--------------------------------------------------------===//

void callPrint(LoweringContext &lc, const char *name, llvm::Value *arg) {
  Builder &b = lc.builder();
  std::vector<llvm::Type *> params;
  std::vector<llvm::Value *> args;
  if (arg) {
    params.push_back(arg->getType());
    args.push_back(arg);
  }
  auto *fty = llvm::FunctionType::get(b.getVoidTy(), params, false);
  b.CreateCall(lc.runtimeFunction(name, fty), args);
}

/// Prints one scalar with the runner-utils function for its type.
void printScalar(LoweringContext &lc, Type t, llvm::Value *v) {
  Builder &b = lc.builder();
  if (t.isIndex())
    return callPrint(lc, "printU64", v);
  // `uiN` prints unsigned (MLIR's printU64 after a zero extension).
  if (t.isInteger() && t.getSignedness() == Signedness::Unsigned)
    return callPrint(lc, "printU64", b.CreateZExt(v, b.getInt64Ty()));
  if (t.isInteger()) {
    llvm::Value *w = t.getWidth() == 1 ? b.CreateZExt(v, b.getInt64Ty())
                                       : b.CreateSExtOrTrunc(v, b.getInt64Ty());
    return callPrint(lc, "printI64", w);
  }
  if (t.getKind() == TypeKind::F64)
    return callPrint(lc, "printF64", v);
  if (t.getKind() != TypeKind::F32)
    v = b.CreateFPExt(v, b.getFloatTy());
  callPrint(lc, "printF32", v);
}

/// `( ( 1, 2 ), ( 3, 4 ) )`: nested parentheses per dimension, as the
/// runner utilities print vectors.
void printVector(LoweringContext &lc, Type t, llvm::Value *v,
                 std::vector<unsigned> prefix) {
  Builder &b = lc.builder();
  callPrint(lc, "printOpen", nullptr);
  int64_t n = t.getShape()[prefix.size()];
  bool innermost = prefix.size() + 1 == t.getShape().size();
  for (int64_t i = 0; i < n; ++i) {
    if (i)
      callPrint(lc, "printComma", nullptr);
    if (innermost) {
      printScalar(lc, t.getElementType(),
                  b.CreateExtractElement(getRow(b, v, prefix), i));
    } else {
      prefix.push_back((unsigned)i);
      printVector(lc, t, v, prefix);
      prefix.pop_back();
    }
  }
  callPrint(lc, "printClose", nullptr);
}

/// The punctuation after a print: newline (default), comma, or none.
void printPunctuation(LoweringContext &lc, Operation &op) {
  Attribute punct = cast<VectorPrintOp>(&op).getPunctuationAttr();
  std::string p = punct ? punct.getString() : "newline";
  if (p.find("newline") != std::string::npos)
    callPrint(lc, "printNewline", nullptr);
  else if (p.find("comma") != std::string::npos)
    callPrint(lc, "printComma", nullptr);
  else if (p.find("open") != std::string::npos)
    callPrint(lc, "printOpen", nullptr);
  else if (p.find("close") != std::string::npos)
    callPrint(lc, "printClose", nullptr);
}

bool lowerPrint(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  if (op.getNumOperands() == 0) {
    // A string prints exactly its text (MLIR adds no punctuation to it).
    if (Attribute s = cast<VectorPrintOp>(&op).getStringLiteralAttr()) {
      callPrint(lc, "printString", b.CreateGlobalStringPtr(s.getString()));
      return true;
    }
    printPunctuation(lc, op);
    return true;
  }
  Type t = op.getOperand(0)->getType();
  llvm::Value *v = lc.lookup(op.getOperand(0));
  if (!t.isVector()) {
    printScalar(lc, t, v);
  } else if (t.getRank() == 0) {
    // A 0-D vector prints like a one-element 1-D vector: `( 42 )`.
    callPrint(lc, "printOpen", nullptr);
    printScalar(lc, t.getElementType(), b.CreateExtractElement(v, (uint64_t)0));
    callPrint(lc, "printClose", nullptr);
  } else {
    printVector(lc, t, v, {});
  }
  printPunctuation(lc, op);
  return true;
}

//===-- element-wise helpers for shape ops -------------------------------===//

/// Every index tuple of `shape` in row-major order (one empty tuple for a
/// 0-D shape).
std::vector<std::vector<int64_t>> indicesOf(const std::vector<int64_t> &shape) {
  std::vector<std::vector<int64_t>> out(1);
  for (int64_t n : shape) {
    std::vector<std::vector<int64_t>> next;
    for (auto &prefix : out)
      for (int64_t i = 0; i < n; ++i) {
        next.push_back(prefix);
        next.back().push_back(i);
      }
    out = std::move(next);
  }
  return out;
}

/// Splits an element index into the nested-array path and the lane.
std::vector<unsigned> rowPath(const std::vector<int64_t> &idx) {
  std::vector<unsigned> row;
  for (size_t i = 0; i + 1 < idx.size(); ++i)
    row.push_back((unsigned)idx[i]);
  return row;
}
uint64_t laneOf(const std::vector<int64_t> &idx) {
  return idx.empty() ? 0 : (uint64_t)idx.back();
}

/// The scalar elements of vector value `v` of type `t`, row-major. The
/// shape ops below rearrange these; LLVM folds the extract/insert chains
/// into shuffles.
Values elementsOf(Builder &b, llvm::Value *v, Type t) {
  Values out;
  for (const auto &idx : indicesOf(t.getShape()))
    out.push_back(
        b.CreateExtractElement(getRow(b, v, rowPath(idx)), laneOf(idx)));
  return out;
}

/// A vector value of type `t` from its row-major scalar elements.
llvm::Value *vectorFromElements(LoweringContext &lc, Type t,
                                const Values &elems) {
  Builder &b = lc.builder();
  llvm::Value *result = llvm::UndefValue::get(lc.convertType(t));
  unsigned lanes = lanesOf(t);
  size_t k = 0;
  for (const auto &row : rowsOf(t)) {
    llvm::Value *rowValue = llvm::UndefValue::get(rowType(lc, t));
    for (unsigned l = 0; l < lanes; ++l)
      rowValue = b.CreateInsertElement(rowValue, elems[k++], (uint64_t)l);
    result = setRow(b, result, rowValue, row);
  }
  return result;
}

/// The row-major position of `idx` in `shape`.
size_t linearIndex(const std::vector<int64_t> &idx,
                   const std::vector<int64_t> &shape) {
  size_t k = 0;
  for (size_t i = 0; i < idx.size(); ++i)
    k = k * (size_t)shape[i] + (size_t)idx[i];
  return k;
}

//===-- extract_strided_slice / insert_strided_slice ---------------------===//

/// Result element r reads source element offsets + r * strides in the
/// sliced dims and r in the others.
bool lowerExtractStridedSlice(LoweringContext &lc, Operation &op) {
  Type src = op.getOperand(0)->getType(), res = op.getResult(0)->getType();
  auto slice = cast<VectorExtractStridedSliceOp>(&op);
  std::vector<int64_t> offsets = slice.getOffsets();
  std::vector<int64_t> strides = slice.getStrides();
  Values in = elementsOf(lc.builder(), lc.lookup(op.getOperand(0)), src);
  Values out;
  for (auto idx : indicesOf(res.getShape())) {
    for (size_t i = 0; i < offsets.size(); ++i)
      idx[i] = offsets[i] + idx[i] * strides[i];
    out.push_back(in[linearIndex(idx, src.getShape())]);
  }
  lc.map(op.getResult(0), vectorFromElements(lc, res, out));
  return true;
}

/// Source element s overwrites destination element offsets + s * strides
/// (the leading destination dims take their offsets).
bool lowerInsertStridedSlice(LoweringContext &lc, Operation &op) {
  Type src = op.getOperand(0)->getType(), dest = op.getOperand(1)->getType();
  auto slice = cast<VectorInsertStridedSliceOp>(&op);
  std::vector<int64_t> offsets = slice.getOffsets();
  std::vector<int64_t> strides = slice.getStrides();
  Builder &b = lc.builder();
  Values in = elementsOf(b, lc.lookup(op.getOperand(0)), src);
  Values out = elementsOf(b, lc.lookup(op.getOperand(1)), dest);
  size_t lead = (size_t)(dest.getRank() - src.getRank());
  size_t k = 0;
  for (const auto &s : indicesOf(src.getShape())) {
    std::vector<int64_t> d(offsets.begin(), offsets.end());
    for (size_t j = 0; j < s.size(); ++j)
      d[lead + j] += s[j] * strides[j];
    out[linearIndex(d, dest.getShape())] = in[k++];
  }
  lc.map(op.getResult(0), vectorFromElements(lc, dest, out));
  return true;
}

//===-- extractelement / insertelement -----------------------------------===//

/// The lane of a 1-D vector (the only one of a 0-D vector).
llvm::Value *elementPosition(LoweringContext &lc, Operation &op,
                             unsigned posIndex) {
  if (op.getNumOperands() <= posIndex)
    return lc.builder().getInt64(0);
  return lc.lookup(op.getOperand(posIndex));
}

bool lowerExtractElement(LoweringContext &lc, Operation &op) {
  lc.map(op.getResult(0),
         lc.builder().CreateExtractElement(lc.lookup(op.getOperand(0)),
                                           elementPosition(lc, op, 1)));
  return true;
}

bool lowerInsertElement(LoweringContext &lc, Operation &op) {
  lc.map(op.getResult(0),
         lc.builder().CreateInsertElement(lc.lookup(op.getOperand(1)),
                                          lc.lookup(op.getOperand(0)),
                                          elementPosition(lc, op, 2)));
  return true;
}

//===-- shuffle / transpose ----------------------------------------------===//

/// Result slice i (along the leading dim) is slice mask[i] of the two
/// operands concatenated along their leading dim (a 0-D operand is one
/// element).
bool lowerShuffle(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  Type v1 = op.getOperand(0)->getType(), v2 = op.getOperand(1)->getType();
  Type res = op.getResult(0)->getType();
  Values all = elementsOf(b, lc.lookup(op.getOperand(0)), v1);
  Values second = elementsOf(b, lc.lookup(op.getOperand(1)), v2);
  all.insert(all.end(), second.begin(), second.end());
  size_t slice = (size_t)(res.getNumElements() / res.getDimSize(0));
  Values out;
  for (int64_t m : cast<VectorShuffleOp>(&op).getMask())
    for (size_t e = 0; e < slice; ++e)
      out.push_back(all[(size_t)m * slice + e]);
  lc.map(op.getResult(0), vectorFromElements(lc, res, out));
  return true;
}

/// Result dim i is source dim permutation[i].
bool lowerTranspose(LoweringContext &lc, Operation &op) {
  Type src = op.getOperand(0)->getType(), res = op.getResult(0)->getType();
  std::vector<int64_t> perm = cast<VectorTransposeOp>(&op).getPermutation();
  Values in = elementsOf(lc.builder(), lc.lookup(op.getOperand(0)), src);
  Values out;
  for (const auto &r : indicesOf(res.getShape())) {
    std::vector<int64_t> s(r.size());
    for (size_t i = 0; i < r.size(); ++i)
      s[(size_t)perm[i]] = r[i];
    out.push_back(in[linearIndex(s, src.getShape())]);
  }
  lc.map(op.getResult(0), vectorFromElements(lc, res, out));
  return true;
}

//===-- outerproduct -----------------------------------------------------===//

/// MLIR's makeArithReduction: combines the product with the accumulator
/// by the combining kind.
llvm::Value *combineByKind(LoweringContext &lc, Operation &op,
                           const std::string &kind, llvm::Value *a,
                           llvm::Value *acc, bool isFloat) {
  Builder &b = lc.builder();
  using I = llvm::Intrinsic::ID;
  static const std::pair<const char *, I> intrinsics[] = {
      {"minui", llvm::Intrinsic::umin},
      {"minsi", llvm::Intrinsic::smin},
      {"maxui", llvm::Intrinsic::umax},
      {"maxsi", llvm::Intrinsic::smax},
      {"minnumf", llvm::Intrinsic::minnum},
      {"maxnumf", llvm::Intrinsic::maxnum},
      {"minimumf", llvm::Intrinsic::minimum},
      {"maximumf", llvm::Intrinsic::maximum}};
  for (const auto &[name, id] : intrinsics)
    if (kind == name)
      return b.CreateBinaryIntrinsic(id, a, acc);
  llvm::IRBuilder<>::FastMathFlagGuard guard(b);
  if (isFloat)
    b.setFastMathFlags(lc.fastMathFlags(op));
  if (kind == "add")
    return isFloat ? b.CreateFAdd(a, acc) : b.CreateAdd(a, acc);
  if (kind == "mul")
    return isFloat ? b.CreateFMul(a, acc) : b.CreateMul(a, acc);
  if (kind == "and")
    return b.CreateAnd(a, acc);
  if (kind == "or")
    return b.CreateOr(a, acc);
  return b.CreateXor(a, acc);
}

/// One row of an outer product: lhsRow * rhsRow, combined with the
/// accumulator row. A float `add` with an accumulator is one fused
/// multiply-add, as MLIR lowers it (to vector.fma).
llvm::Value *outerRow(LoweringContext &lc, Operation &op,
                      const std::string &kind, llvm::Value *l, llvm::Value *r,
                      llvm::Value *acc, bool isFloat) {
  Builder &b = lc.builder();
  if (acc && isFloat && kind == "add") {
    llvm::Function *fma = llvm::Intrinsic::getDeclaration(
        &lc.llvmModule(), llvm::Intrinsic::fma, {l->getType()});
    return b.CreateCall(fma, {l, r, acc});
  }
  llvm::Value *mul;
  {
    llvm::IRBuilder<>::FastMathFlagGuard guard(b);
    if (isFloat)
      b.setFastMathFlags(lc.fastMathFlags(op));
    mul = isFloat ? b.CreateFMul(l, r) : b.CreateMul(l, r);
  }
  return acc ? combineByKind(lc, op, kind, mul, acc, isFloat) : mul;
}

/// 2-D: row i is splat(lhs[i]) * rhs (+ acc[i]); AXPY (scalar rhs):
/// lhs * splat(rhs) (+ acc).
bool lowerOuterProduct(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  Type res = op.getResult(0)->getType();
  std::string kind =
      combiningKind(cast<VectorOuterProductOp>(&op).getKindAttr());
  bool isFloat = res.getElementType().isFloat();
  llvm::Value *lhs = lc.lookup(op.getOperand(0));
  llvm::Value *rhs = lc.lookup(op.getOperand(1));
  llvm::Value *acc =
      op.getNumOperands() > 2 ? lc.lookup(op.getOperand(2)) : nullptr;
  unsigned lanes = lanesOf(res);
  if (!op.getOperand(1)->getType().isVector()) {
    lc.map(op.getResult(0),
           outerRow(lc, op, kind, lhs, b.CreateVectorSplat(lanes, rhs), acc,
                    isFloat));
    return true;
  }
  llvm::Value *result = llvm::UndefValue::get(lc.convertType(res));
  for (unsigned i = 0; i < (unsigned)res.getDimSize(0); ++i) {
    llvm::Value *l =
        b.CreateVectorSplat(lanes, b.CreateExtractElement(lhs, (uint64_t)i));
    llvm::Value *a = acc ? b.CreateExtractValue(acc, {i}) : nullptr;
    result = b.CreateInsertValue(
        result, outerRow(lc, op, kind, l, rhs, a, isFloat), {i});
  }
  lc.map(op.getResult(0), result);
  return true;
}

//===-- bitcast / shape_cast ---------------------------------------------===//

/// Leading dims agree, so each innermost row is bitcast on its own.
bool lowerBitCast(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  Type res = op.getResult(0)->getType();
  llvm::Value *in = lc.lookup(op.getOperand(0));
  llvm::Value *result = llvm::UndefValue::get(lc.convertType(res));
  for (const auto &row : rowsOf(res))
    result = setRow(b, result,
                    b.CreateBitCast(getRow(b, in, row), rowType(lc, res)), row);
  lc.map(op.getResult(0), result);
  return true;
}

/// The same elements in the same row-major order, in another shape.
bool lowerShapeCast(LoweringContext &lc, Operation &op) {
  Type src = op.getOperand(0)->getType(), res = op.getResult(0)->getType();
  lc.map(
      op.getResult(0),
      vectorFromElements(
          lc, res, elementsOf(lc.builder(), lc.lookup(op.getOperand(0)), src)));
  return true;
}

//===-- constant_mask / create_mask --------------------------------------===//

/// Element (i0, .., in) is set when every ik < mask_dim_sizes[k].
bool lowerConstantMask(LoweringContext &lc, Operation &op) {
  Type t = op.getResult(0)->getType();
  std::vector<int64_t> sizes =
      cast<VectorConstantMaskOp>(&op).getMaskDimSizes();
  Values elems;
  for (const auto &idx : indicesOf(t.getShape())) {
    bool set = t.getRank() == 0 ? sizes[0] == 1 : true;
    for (size_t k = 0; k < idx.size(); ++k)
      set &= idx[k] < sizes[k];
    elems.push_back(lc.builder().getInt1(set));
  }
  lc.map(op.getResult(0), vectorFromElements(lc, t, elems));
  return true;
}

/// Element (i0, .., in) is set when every ik < operand k (signed, so
/// negative bounds clear the mask and bounds past a dim fill it). A 0-D
/// mask is set when its operand is positive.
bool lowerCreateMask(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  Type t = op.getResult(0)->getType();
  Values bounds = lc.lookup(op.getOperands());
  unsigned lanes = lanesOf(t);
  llvm::Value *result = llvm::UndefValue::get(lc.convertType(t));
  std::vector<llvm::Constant *> laneIds;
  for (unsigned l = 0; l < lanes; ++l)
    laneIds.push_back(b.getInt64(t.getRank() == 0 ? 0 : l));
  llvm::Value *ids = llvm::ConstantVector::get(laneIds);
  for (const auto &row : rowsOf(t)) {
    llvm::Value *m =
        b.CreateICmpSLT(ids, b.CreateVectorSplat(lanes, bounds.back()));
    for (size_t k = 0; k < row.size(); ++k) {
      llvm::Value *ok = b.CreateICmpSLT(b.getInt64(row[k]), bounds[k]);
      m = b.CreateAnd(m, b.CreateVectorSplat(lanes, ok));
    }
    result = setRow(b, result, m, row);
  }
  lc.map(op.getResult(0), result);
  return true;
}

} // namespace

void registerVectorOpLowerings(OpLoweringRegistry &r) {
  r.add("vector.transfer_read", lowerTransferRead);
  r.add("vector.transfer_write", lowerTransferWrite);
  r.add("vector.reduction", lowerReduction);
  r.add("vector.broadcast", lowerBroadcast);
  r.add("vector.splat", lowerBroadcast);
  r.add("vector.fma", lowerFma);
  r.add("vector.extract", lowerExtract);
  r.add("vector.insert", lowerInsert);
  r.add("vector.load", lowerVectorLoad);
  r.add("vector.store", lowerVectorStore);
  r.add("vector.print", lowerPrint);
  r.add("vector.extract_strided_slice", lowerExtractStridedSlice);
  r.add("vector.insert_strided_slice", lowerInsertStridedSlice);
  r.add("vector.extractelement", lowerExtractElement);
  r.add("vector.insertelement", lowerInsertElement);
  r.add("vector.shuffle", lowerShuffle);
  r.add("vector.transpose", lowerTranspose);
  r.add("vector.outerproduct", lowerOuterProduct);
  r.add("vector.bitcast", lowerBitCast);
  r.add("vector.shape_cast", lowerShapeCast);
  r.add("vector.constant_mask", lowerConstantMask);
  r.add("vector.create_mask", lowerCreateMask);
}

} // namespace affjit
