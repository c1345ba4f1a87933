// Lowering of the affine dialect (seed 000) to LLVM IR: affine.for with
// max/min bounds, steps and iter_args; affine.if with integer sets and
// results (affine.parallel is in LowerParallel.cpp); apply/min/max;
// load/store and their vector forms (lane by lane where the memref's
// innermost stride is not statically 1); prefetch; DMA start/wait through
// the runtime.
#include "frontend/ir/AffineOps.h"
#include "frontend/ir/MemRefLayout.h"
#include "frontend/lower/CheckedAccess.h"
#include "frontend/lower/LoopBuilder.h"
#include "frontend/lower/OpLowerings.h"

#include <llvm/IR/Intrinsics.h>

namespace affjit {

namespace {

using Builder = llvm::IRBuilder<>;

AffineMap mapAttr(Operation &op, const char *name) {
  return op.getAttr(name).getAffineMap();
}

/// max (or min) over the results of `map` on `operands`.
llvm::Value *emitBound(LoweringContext &lc, const AffineMap &map,
                       const std::vector<llvm::Value *> &operands, bool isMax) {
  std::vector<llvm::Value *> vals = lc.emitAffineMap(map, operands);
  llvm::Value *r = vals[0];
  for (size_t i = 1; i < vals.size(); ++i)
    r = isMax ? lc.builder().CreateBinaryIntrinsic(llvm::Intrinsic::smax, r,
                                                   vals[i])
              : lc.builder().CreateBinaryIntrinsic(llvm::Intrinsic::smin, r,
                                                   vals[i]);
  return r;
}

//===-- affine.for
//----------------------------------------------------------===//

/// True when a loop nested in `forOp` is not short (isShortLoop): of
/// unknown trip count or at least kShortLoopTrips iterations.
bool holdsLongLoop(AffineForOp forOp) {
  Operation *self = forOp.getOperation();
  return self
      ->walk([&](Operation *op) {
        auto inner = dyn_cast<AffineForOp>(op);
        if (!inner || op == self)
          return WalkResult::advance();
        std::optional<int64_t> lb = inner.getConstantLowerBound(),
                               ub = inner.getConstantUpperBound();
        return lb && ub && isShortLoop(*lb, *ub, inner.getStep())
                   ? WalkResult::advance()
                   : WalkResult::interrupt();
      })
      .wasInterrupted();
}

/// What LLVM may do with `forOp`'s loop. A loop around a long loop is not
/// unrolled: LLVM fully unrolls a loop of a few iterations even then (seed
/// 002's 4 column blocks around a 512-step reduction), which multiplies the
/// code it optimizes and compiles while the inner loop's trips dominate the
/// run time (seed 002: 10 of 60 ms compile time, same speed). Loops around
/// short loops (a 3x3 filter's taps) still unroll fully.
LoopHints hintsFor(AffineForOp forOp) {
  return LoopHints{!forOp.isUnrollDisabled() && !holdsLongLoop(forOp)};
}

bool lowerFor(LoweringContext &lc, Operation &op) {
  AffineForOp forOp(&op);
  llvm::Value *lb =
      emitBound(lc, forOp.getLowerBoundMap(),
                lc.lookup(forOp.getLowerBoundOperands()), /*isMax=*/true);
  llvm::Value *ub =
      emitBound(lc, forOp.getUpperBoundMap(),
                lc.lookup(forOp.getUpperBoundOperands()), /*isMax=*/false);
  llvm::Value *step = lc.indexConst(forOp.getStep());
  std::vector<llvm::Value *> inits = lc.lookup(forOp.getInits());
  Block &body = *forOp.getBody();
  std::vector<llvm::Value *> results;
  bool ok = emitCountedLoop(
      lc, lb, ub, step, inits,
      [&](llvm::Value *iv, const std::vector<llvm::Value *> &carried,
          std::vector<llvm::Value *> &next) {
        std::vector<llvm::Value *> args{iv};
        args.insert(args.end(), carried.begin(), carried.end());
        return lowerLoopBody(lc, body, args, next);
      },
      results, hintsFor(forOp));
  for (unsigned i = 0; ok && i < op.getNumResults(); ++i)
    lc.map(op.getResult(i), results[i]);
  return ok;
}

//===-- affine.if
//-----------------------------------------------------------===//

llvm::Value *emitSetCondition(LoweringContext &lc, const IntegerSet &set,
                              const std::vector<llvm::Value *> &operands) {
  Builder &b = lc.builder();
  std::vector<llvm::Value *> dims(operands.begin(),
                                  operands.begin() + set.getNumDims());
  std::vector<llvm::Value *> syms(operands.begin() + set.getNumDims(),
                                  operands.end());
  llvm::Value *cond = b.getTrue();
  for (unsigned i = 0; i < set.getNumConstraints(); ++i) {
    llvm::Value *v = lc.emitAffineExpr(set.getConstraint(i), dims, syms);
    llvm::Value *c = set.isEq(i) ? b.CreateICmpEQ(v, lc.indexConst(0))
                                 : b.CreateICmpSGE(v, lc.indexConst(0));
    cond = b.CreateAnd(cond, c);
  }
  return cond;
}

bool lowerIf(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  llvm::Function *fn = lc.currentFunction();
  llvm::Value *cond = emitSetCondition(lc, AffineIfOp(&op).getCondition(),
                                       lc.lookup(op.getOperands()));
  llvm::BasicBlock *thenBB = llvm::BasicBlock::Create(lc.ctx(), "then", fn);
  llvm::BasicBlock *elseBB = llvm::BasicBlock::Create(lc.ctx(), "else", fn);
  llvm::BasicBlock *merge = llvm::BasicBlock::Create(lc.ctx(), "endif", fn);
  b.CreateCondBr(cond, thenBB, elseBB);
  std::vector<std::pair<llvm::BasicBlock *, std::vector<llvm::Value *>>> arms;
  for (unsigned r = 0; r < 2; ++r) {
    b.SetInsertPoint(r == 0 ? thenBB : elseBB);
    std::vector<llvm::Value *> yielded;
    Region &region = op.getRegion(r);
    if (!region.empty() && !lowerLoopBody(lc, region.front(), {}, yielded))
      return false;
    arms.push_back({b.GetInsertBlock(), yielded});
    b.CreateBr(merge);
  }
  b.SetInsertPoint(merge);
  for (unsigned i = 0; i < op.getNumResults(); ++i) {
    llvm::PHINode *phi =
        b.CreatePHI(lc.convertType(op.getResult(i)->getType()), 2);
    for (auto &[bb, vals] : arms)
      phi->addIncoming(vals[i], bb);
    lc.map(op.getResult(i), phi);
  }
  return true;
}

//===-- apply / min / max
//---------------------------------------------------===//

bool lowerApply(LoweringContext &lc, Operation &op) {
  lc.map(op.getResult(0), lc.emitAffineMap(AffineApplyOp(&op).getMap(),
                                           lc.lookup(op.getOperands()))[0]);
  return true;
}

bool lowerMinMax(LoweringContext &lc, Operation &op) {
  lc.map(op.getResult(0),
         emitBound(lc, mapAttr(op, attrname::affine::Map),
                   lc.lookup(op.getOperands()), op.isa("affine.max")));
  return true;
}

//===-- memory access
//-------------------------------------------------------===//

/// Address of the element `map(indices)` of the memref operand at
/// `memrefIndex`, whose map operands follow it. In checked mode each of the
/// `lanes` elements the access covers along the innermost dimension is
/// checked, not only the first.
llvm::Value *accessPtr(LoweringContext &lc, Operation &op, unsigned memrefIndex,
                       const AffineMap &map, unsigned lanes = 1) {
  std::vector<Value *> idxOps =
      op.getOperands(memrefIndex + 1, map.getNumInputs());
  std::vector<llvm::Value *> idx = lc.emitAffineMap(map, lc.lookup(idxOps));
  Value *memref = op.getOperand(memrefIndex);
  if (lanes == 1 || idx.empty())
    return lc.elementPtr(memref, idx, op.getLoc());
  emitLaneChecks(lc, {memref, idx, (unsigned)idx.size() - 1, lanes, nullptr},
                 op.getLoc());
  return lc.elementAddress(memref, idx, /*insideBuffer=*/true);
}

/// How many elements of `memref` a load or store of `value` covers: a
/// vector's lanes, unless the elements are vectors themselves.
unsigned coveredElements(Type value, Type memref) {
  if (!value.isVector() || memref.getElementType().isVector())
    return 1;
  return (unsigned)value.getShape().back();
}

llvm::Align elementAlign(LoweringContext &lc, Type memrefType) {
  return lc.llvmModule().getDataLayout().getABITypeAlign(
      lc.convertType(memrefType.getElementType()));
}

/// The address of each lane of a 1-D vector access (the memref operand at
/// `memrefIndex`): lane l at the innermost index + l, through the memref's
/// strides. For memrefs whose innermost stride is not statically 1, where
/// the lanes are not one contiguous block.
std::vector<llvm::Value *> lanePtrs(LoweringContext &lc, Operation &op,
                                    unsigned memrefIndex, const AffineMap &map,
                                    unsigned lanes) {
  std::vector<Value *> idxOps =
      op.getOperands(memrefIndex + 1, map.getNumInputs());
  std::vector<llvm::Value *> idx = lc.emitAffineMap(map, lc.lookup(idxOps));
  llvm::Value *first = idx.back();
  std::vector<llvm::Value *> ptrs;
  for (unsigned l = 0; l < lanes; ++l) {
    idx.back() = lc.builder().CreateAdd(first, lc.indexConst(l));
    ptrs.push_back(lc.elementPtr(op.getOperand(memrefIndex), idx, op.getLoc()));
  }
  return ptrs;
}

/// Whether a vector access to `memref` must go lane by lane.
bool needsLaneAccesses(Type value, Type memref) {
  return value.isVector() && value.getRank() == 1 &&
         !memref.getElementType().isVector() && !hasUnitInnermostStride(memref);
}

bool lowerLoad(LoweringContext &lc, Operation &op) {
  Type memref = op.getOperand(0)->getType();
  Type result = op.getResult(0)->getType();
  llvm::Type *ty = lc.convertType(result);
  // An n-D vector element of a memref of vectors is one element.
  if (result.isVector() && result.getRank() > 1 &&
      !memref.getElementType().isVector())
    return lc.emitError(op, "n-D vector loads are not supported yet");
  Builder &b = lc.builder();
  llvm::Align align = elementAlign(lc, memref);
  if (needsLaneAccesses(result, memref)) {
    llvm::Type *elt = lc.convertType(result.getElementType());
    llvm::Value *v = llvm::UndefValue::get(ty);
    unsigned lanes = (unsigned)result.getShape()[0];
    std::vector<llvm::Value *> ptrs =
        lanePtrs(lc, op, 0, mapAttr(op, attrname::affine::Map), lanes);
    for (unsigned l = 0; l < lanes; ++l)
      v = b.CreateInsertElement(v, b.CreateAlignedLoad(elt, ptrs[l], align), l);
    lc.map(op.getResult(0), v);
    return true;
  }
  llvm::Value *ptr = accessPtr(lc, op, 0, mapAttr(op, attrname::affine::Map),
                               coveredElements(result, memref));
  lc.map(op.getResult(0), b.CreateAlignedLoad(ty, ptr, align));
  return true;
}

bool lowerStore(LoweringContext &lc, Operation &op) {
  Type memref = op.getOperand(1)->getType();
  Type value = op.getOperand(0)->getType();
  if (value.isVector() && value.getRank() > 1 &&
      !memref.getElementType().isVector())
    return lc.emitError(op, "n-D vector stores are not supported yet");
  Builder &b = lc.builder();
  llvm::Align align = elementAlign(lc, memref);
  llvm::Value *v = lc.lookup(op.getOperand(0));
  if (needsLaneAccesses(value, memref)) {
    unsigned lanes = (unsigned)value.getShape()[0];
    std::vector<llvm::Value *> ptrs =
        lanePtrs(lc, op, 1, mapAttr(op, attrname::affine::Map), lanes);
    for (unsigned l = 0; l < lanes; ++l)
      b.CreateAlignedStore(b.CreateExtractElement(v, l), ptrs[l], align);
    return true;
  }
  llvm::Value *ptr = accessPtr(lc, op, 1, mapAttr(op, attrname::affine::Map),
                               coveredElements(value, memref));
  b.CreateAlignedStore(v, ptr, align);
  return true;
}

bool lowerPrefetch(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  AffinePrefetchOp prefetch(&op);
  llvm::Value *ptr = accessPtr(lc, op, 0, prefetch.getMap());
  llvm::Function *fn = llvm::Intrinsic::getDeclaration(
      &lc.llvmModule(), llvm::Intrinsic::prefetch, {b.getPtrTy()});
  b.CreateCall(fn, {ptr, b.getInt32(prefetch.getIsWrite()),
                    b.getInt32((int32_t)prefetch.getLocalityHint()),
                    b.getInt32(prefetch.getIsDataCache())});
  return true;
}

//===-- DMA
//-----------------------------------------------------------------===//

/// affine.dma_start %src[...], %dst[...], %tag[...], %n [, %stride, %per]:
/// the runtime copies and records the transfer under the tag's address.
bool lowerDmaStart(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  AffineMap srcMap = mapAttr(op, attrname::affine::SrcMap);
  AffineMap dstMap = mapAttr(op, attrname::affine::DstMap);
  AffineMap tagMap = mapAttr(op, attrname::affine::TagMap);
  unsigned srcAt = 0;
  unsigned dstAt = srcAt + 1 + srcMap.getNumInputs();
  unsigned tagAt = dstAt + 1 + dstMap.getNumInputs();
  unsigned numAt = tagAt + 1 + tagMap.getNumInputs();
  llvm::Value *src = accessPtr(lc, op, srcAt, srcMap);
  llvm::Value *dst = accessPtr(lc, op, dstAt, dstMap);
  llvm::Value *tag = accessPtr(lc, op, tagAt, tagMap);
  llvm::Value *num = lc.lookup(op.getOperand(numAt));
  bool strided = op.getNumOperands() > numAt + 1;
  llvm::Value *stride =
      strided ? lc.lookup(op.getOperand(numAt + 1)) : lc.indexConst(0);
  llvm::Value *perStride =
      strided ? lc.lookup(op.getOperand(numAt + 2)) : lc.indexConst(0);
  Type srcType = op.getOperand(srcAt)->getType();
  Type dstType = op.getOperand(dstAt)->getType();
  int64_t eltBytes = lc.llvmModule().getDataLayout().getTypeAllocSize(
      lc.convertType(srcType.getElementType()));
  // The stride applies on the side in the slower (lower-numbered) space.
  bool strideOnSource = srcType.getMemorySpace() <= dstType.getMemorySpace();
  llvm::Type *i64 = b.getInt64Ty();
  auto *fty = llvm::FunctionType::get(b.getVoidTy(),
                                      {b.getPtrTy(), b.getPtrTy(), i64, i64,
                                       i64, i64, b.getInt1Ty(), b.getPtrTy()},
                                      false);
  b.CreateCall(lc.runtimeFunction("affjit_rt_dma_start", fty),
               {src, dst, num, b.getInt64(eltBytes), stride, perStride,
                b.getInt1(strideOnSource), tag});
  return true;
}

bool lowerDmaWait(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  AffineMap tagMap = mapAttr(op, attrname::affine::TagMap);
  llvm::Value *tag = accessPtr(lc, op, 0, tagMap);
  llvm::Value *num = lc.lookup(op.getOperand(1 + tagMap.getNumInputs()));
  auto *fty = llvm::FunctionType::get(b.getVoidTy(),
                                      {b.getPtrTy(), b.getInt64Ty()}, false);
  b.CreateCall(lc.runtimeFunction("affjit_rt_dma_wait", fty), {tag, num});
  return true;
}

} // namespace

/// Result k of delinearizing i over basis (b0, ..., bn-1) is
/// (i mod (bk * ... * bn-1)) floordiv (bk+1 * ... * bn-1), with the first
/// result not reduced (as MLIR 19 expands it).
bool lowerDelinearizeIndex(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  llvm::Value *index = lc.lookup(op.getOperand(0));
  std::vector<llvm::Value *> basis =
      lc.lookup(op.getOperands(1, op.getNumOperands() - 1));
  llvm::Value *inner = b.getInt64(1);
  for (size_t k = basis.size(); k-- > 0;) {
    llvm::Value *outer = b.CreateMul(inner, basis[k]);
    llvm::Value *within = k == 0 ? index : lc.emitMod(index, outer);
    lc.map(op.getResult((unsigned)k), lc.emitFloorDiv(within, inner));
    inner = outer;
  }
  return true;
}

void registerAffineOpLowerings(OpLoweringRegistry &r) {
  r.add("affine.delinearize_index", lowerDelinearizeIndex);
  r.add("affine.for", lowerFor);
  r.add("affine.if", lowerIf);
  r.add("affine.parallel", lowerAffineParallel);
  r.add("affine.apply", lowerApply);
  r.add("affine.min", lowerMinMax);
  r.add("affine.max", lowerMinMax);
  r.add("affine.load", lowerLoad);
  r.add("affine.store", lowerStore);
  r.add("affine.vector_load", lowerLoad);
  r.add("affine.vector_store", lowerStore);
  r.add("affine.prefetch", lowerPrefetch);
  r.add("affine.dma_start", lowerDmaStart);
  r.add("affine.dma_wait", lowerDmaWait);
}

} // namespace affjit
