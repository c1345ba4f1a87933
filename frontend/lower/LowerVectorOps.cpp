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
#include "frontend/lower/CheckedAccess.h"
#include "frontend/lower/OpLowerings.h"

#include <llvm/IR/Intrinsics.h>

namespace affjit {

namespace {

using Builder = llvm::IRBuilder<>;
using Values = std::vector<llvm::Value *>;

bool require1D(LoweringContext &lc, Operation &op, Type t) {
  if (t.isVector() && t.getRank() != 1)
    return lc.emitError(op, "only 1-D vectors are supported");
  return true;
}

std::vector<int64_t> segmentSizes(Operation &op) {
  return op.getAttr("operandSegmentSizes").getInts();
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

/// A 1-D LLVM vector type of the innermost dimension of `t`.
llvm::Type *rowType(LoweringContext &lc, Type t) {
  return llvm::FixedVectorType::get(lc.convertType(t.getElementType()),
                                    (unsigned)t.getShape().back());
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
  Attribute a = op.getAttr("in_bounds");
  return a && i < a.getArray().size() && a.getArray()[i].getBool();
}

/// A map whose results are the trailing memref dims in order (the mask of
/// such a transfer has the vector's own shape).
bool isMinorIdentityND(Operation &op) {
  AffineMap perm = op.getAttr("permutation_map").getAffineMap();
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
  std::vector<int64_t> seg = segmentSizes(op);
  Value *memref = op.getOperand(0);
  Values idx = lc.lookup(op.getOperands(1, (unsigned)seg[1]));
  llvm::Value *pad = lc.lookup(op.getOperand(1 + (unsigned)seg[1]));
  llvm::Value *userMask =
      seg[3] ? lc.lookup(op.getOperand(2 + (unsigned)seg[1])) : nullptr;
  if (userMask && vt.getRank() > 1 && !isMinorIdentityND(op))
    return lc.emitError(op, "masks of permuted n-D transfers are not "
                            "supported");
  AffineMap perm = op.getAttr("permutation_map").getAffineMap();
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
  std::vector<int64_t> seg = segmentSizes(op);
  llvm::Value *vec = lc.lookup(op.getOperand(0));
  Value *memref = op.getOperand(1);
  Values idx = lc.lookup(op.getOperands(2, (unsigned)seg[2]));
  llvm::Value *userMask =
      seg[3] ? lc.lookup(op.getOperand(2 + (unsigned)seg[2])) : nullptr;
  if (userMask && vt.getRank() > 1 && !isMinorIdentityND(op))
    return lc.emitError(op, "masks of permuted n-D transfers are not "
                            "supported");
  AffineMap perm = op.getAttr("permutation_map").getAffineMap();
  for (const auto &row : rowsOf(vt)) {
    TransferRow r = transferRow(lc, op, memref, idx, perm, row, userMask);
    writeRow(lc, op, memref, r, getRow(lc.builder(), vec, row), vt);
  }
  return true;
}

/// `#vector.kind<add>` → "add".
std::string reductionKind(Operation &op) {
  const std::string &text = op.getAttr("kind").getString();
  size_t lt = text.find('<'), gt = text.rfind('>');
  return lt == std::string::npos ? text : text.substr(lt + 1, gt - lt - 1);
}

bool hasReassoc(Operation &op) {
  Attribute fm = op.getAttr("fastmath");
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
  std::string kind = reductionKind(op);
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
  unsigned lanes = (unsigned)to.getShape().back();
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
      if (from.getShape().back() != (int64_t)lanes)
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

/// Splits positions into the static leading ones (into the nested arrays)
/// and the innermost lane position when all dims are addressed; dynamic
/// positions are supported in the innermost dimension only.
bool splitPositions(LoweringContext &lc, Operation &op, Type vector,
                    unsigned firstDynamic, std::vector<unsigned> &leading,
                    llvm::Value *&lane) {
  const std::vector<int64_t> &pos = op.getAttr("static_position").getInts();
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
  if (!splitPositions(lc, op, op.getOperand(0)->getType(), 1, leading, lane))
    return false;
  llvm::Value *v = getRow(b, lc.lookup(op.getOperand(0)), leading);
  lc.map(op.getResult(0), lane ? b.CreateExtractElement(v, lane) : v);
  return true;
}

bool lowerInsert(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  std::vector<unsigned> leading;
  llvm::Value *lane;
  if (!splitPositions(lc, op, op.getOperand(1)->getType(), 2, leading, lane))
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
  Attribute punct = op.getAttr("punctuation");
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
    if (Attribute s = op.getAttr("stringLiteral")) {
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
  } else {
    printVector(lc, t, v, {});
  }
  printPunctuation(lc, op);
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
}

} // namespace affjit
