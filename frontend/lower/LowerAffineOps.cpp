// Lowering of the affine dialect (seed 000) to LLVM IR: affine.for with
// max/min bounds, steps and iter_args; affine.if with integer sets and
// results; affine.parallel as a sequential loop nest whose reductions start
// from the identity of their kind; apply/min/max; load/store and their vector
// forms; prefetch; DMA start/wait through the runtime.
#include "frontend/ir/AffineOps.h"
#include "frontend/lower/LoopBuilder.h"
#include "frontend/lower/OpLowerings.h"

#include <llvm/IR/Intrinsics.h>

#include <cmath>
#include <limits>

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

/// Lowers the body block of a loop-like op: maps `blockArgs`, lowers the
/// ops, and returns the yielded values in `yielded`.
bool lowerBodyBlock(LoweringContext &lc, Block &block,
                    const std::vector<llvm::Value *> &blockArgs,
                    std::vector<llvm::Value *> &yielded) {
  for (unsigned i = 0; i < blockArgs.size(); ++i)
    lc.map(block.getArgument(i), blockArgs[i]);
  if (!lc.lowerOpsExceptTerminator(block))
    return false;
  Operation *term = block.getTerminator();
  yielded =
      term ? lc.lookup(term->getOperands()) : std::vector<llvm::Value *>();
  return true;
}

//===-- affine.for
//----------------------------------------------------------===//

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
        return lowerBodyBlock(lc, body, args, next);
      },
      results);
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
    if (!region.empty() && !lowerBodyBlock(lc, region.front(), {}, yielded))
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

//===-- affine.parallel
//-----------------------------------------------------===//

/// MLIR's arith::AtomicRMWKind numbering, as stored in `reductions`.
enum class ReductionKind : int64_t {
  AddF = 0,
  AddI = 1,
  Assign = 2,
  MaximumF = 3,
  MaxS = 4,
  MaxU = 5,
  MinimumF = 6,
  MinS = 7,
  MinU = 8,
  MulF = 9,
  MulI = 10,
  OrI = 11,
  AndI = 12,
  MaxNumF = 13,
  MinNumF = 14,
};

/// The identity of a reduction (seed 000: 0.0 for addf, 1.0 for mulf, ...).
llvm::Constant *reductionIdentity(ReductionKind k, llvm::Type *t) {
  double inf = std::numeric_limits<double>::infinity();
  unsigned w = t->isIntegerTy() ? t->getIntegerBitWidth() : 0;
  switch (k) {
  case ReductionKind::AddF:
    return llvm::ConstantFP::get(t, 0.0);
  case ReductionKind::MulF:
    return llvm::ConstantFP::get(t, 1.0);
  case ReductionKind::MaximumF:
  case ReductionKind::MaxNumF:
    return llvm::ConstantFP::get(t, -inf);
  case ReductionKind::MinimumF:
  case ReductionKind::MinNumF:
    return llvm::ConstantFP::get(t, inf);
  case ReductionKind::AddI:
  case ReductionKind::OrI:
  case ReductionKind::MaxU:
  case ReductionKind::Assign:
    return llvm::Constant::getNullValue(t);
  case ReductionKind::MulI:
    return llvm::ConstantInt::get(t, 1);
  case ReductionKind::AndI:
  case ReductionKind::MinU:
    return llvm::Constant::getAllOnesValue(t);
  case ReductionKind::MaxS:
    return llvm::ConstantInt::get(t, llvm::APInt::getSignedMinValue(w));
  case ReductionKind::MinS:
    return llvm::ConstantInt::get(t, llvm::APInt::getSignedMaxValue(w));
  }
  return nullptr;
}

llvm::Value *combine(Builder &b, ReductionKind k, llvm::Value *acc,
                     llvm::Value *v) {
  using I = llvm::Intrinsic::ID;
  switch (k) {
  case ReductionKind::AddF:
    return b.CreateFAdd(acc, v);
  case ReductionKind::MulF:
    return b.CreateFMul(acc, v);
  case ReductionKind::AddI:
    return b.CreateAdd(acc, v);
  case ReductionKind::MulI:
    return b.CreateMul(acc, v);
  case ReductionKind::OrI:
    return b.CreateOr(acc, v);
  case ReductionKind::AndI:
    return b.CreateAnd(acc, v);
  case ReductionKind::Assign:
    return v;
  case ReductionKind::MaximumF:
    return b.CreateBinaryIntrinsic((I)llvm::Intrinsic::maximum, acc, v);
  case ReductionKind::MinimumF:
    return b.CreateBinaryIntrinsic((I)llvm::Intrinsic::minimum, acc, v);
  case ReductionKind::MaxNumF:
    return b.CreateBinaryIntrinsic((I)llvm::Intrinsic::maxnum, acc, v);
  case ReductionKind::MinNumF:
    return b.CreateBinaryIntrinsic((I)llvm::Intrinsic::minnum, acc, v);
  case ReductionKind::MaxS:
    return b.CreateBinaryIntrinsic((I)llvm::Intrinsic::smax, acc, v);
  case ReductionKind::MinS:
    return b.CreateBinaryIntrinsic((I)llvm::Intrinsic::smin, acc, v);
  case ReductionKind::MaxU:
    return b.CreateBinaryIntrinsic((I)llvm::Intrinsic::umax, acc, v);
  case ReductionKind::MinU:
    return b.CreateBinaryIntrinsic((I)llvm::Intrinsic::umin, acc, v);
  }
  return v;
}

/// Per-dimension bounds of affine.parallel: max (lower) / min (upper) over
/// each group of map results.
std::vector<llvm::Value *>
emitGroupedBounds(LoweringContext &lc, const AffineMap &map,
                  const std::vector<int64_t> &groups,
                  const std::vector<llvm::Value *> &ops, bool isMax) {
  std::vector<llvm::Value *> vals = lc.emitAffineMap(map, ops);
  std::vector<llvm::Value *> out;
  size_t at = 0;
  for (int64_t g : groups) {
    llvm::Value *r = vals[at];
    for (int64_t k = 1; k < g; ++k)
      r = lc.builder().CreateBinaryIntrinsic(isMax ? llvm::Intrinsic::smax
                                                   : llvm::Intrinsic::smin,
                                             r, vals[at + k]);
    out.push_back(r);
    at += g;
  }
  return out;
}

bool lowerParallel(LoweringContext &lc, Operation &op) {
  AffineParallelOp par(&op);
  std::vector<int64_t> steps = par.getSteps();
  size_t rank = steps.size();
  std::vector<llvm::Value *> lbs = emitGroupedBounds(
      lc, par.getLowerBoundsMap(), par.getLowerBoundsGroups(),
      lc.lookup(par.getLowerBoundsOperands()), /*isMax=*/true);
  std::vector<llvm::Value *> ubs = emitGroupedBounds(
      lc, par.getUpperBoundsMap(), par.getUpperBoundsGroups(),
      lc.lookup(par.getUpperBoundsOperands()), /*isMax=*/false);
  std::vector<ReductionKind> kinds;
  std::vector<llvm::Value *> init;
  for (int64_t kind : par.getReductions()) {
    kinds.push_back((ReductionKind)kind);
    init.push_back(reductionIdentity(
        kinds.back(),
        lc.convertType(op.getResult((unsigned)init.size())->getType())));
  }
  Block &body = *par.getBody();
  std::vector<llvm::Value *> ivs(rank);
  // One counted loop per dimension, outermost first; accumulators carried.
  std::function<bool(size_t, const std::vector<llvm::Value *> &,
                     std::vector<llvm::Value *> &)>
      emitDim = [&](size_t d, const std::vector<llvm::Value *> &acc,
                    std::vector<llvm::Value *> &out) -> bool {
    if (d == rank) {
      std::vector<llvm::Value *> yielded;
      if (!lowerBodyBlock(lc, body, ivs, yielded))
        return false;
      out.clear();
      for (size_t i = 0; i < acc.size(); ++i)
        out.push_back(combine(lc.builder(), kinds[i], acc[i], yielded[i]));
      return true;
    }
    return emitCountedLoop(
        lc, lbs[d], ubs[d], lc.indexConst(steps[d]), acc,
        [&](llvm::Value *iv, const std::vector<llvm::Value *> &carried,
            std::vector<llvm::Value *> &next) {
          ivs[d] = iv;
          return emitDim(d + 1, carried, next);
        },
        out);
  };
  std::vector<llvm::Value *> results;
  if (!emitDim(0, init, results))
    return false;
  for (unsigned i = 0; i < op.getNumResults(); ++i)
    lc.map(op.getResult(i), results[i]);
  return true;
}

//===-- apply / min / max
//---------------------------------------------------===//

bool lowerApply(LoweringContext &lc, Operation &op) {
  lc.map(op.getResult(0),
         lc.emitAffineMap(mapAttr(op, "map"), lc.lookup(op.getOperands()))[0]);
  return true;
}

bool lowerMinMax(LoweringContext &lc, Operation &op) {
  lc.map(op.getResult(0),
         emitBound(lc, mapAttr(op, "map"), lc.lookup(op.getOperands()),
                   op.isa("affine.max")));
  return true;
}

//===-- memory access
//-------------------------------------------------------===//

/// Address of the element `map(indices)` of the memref operand at
/// `memrefIndex`, whose map operands follow it.
llvm::Value *accessPtr(LoweringContext &lc, Operation &op, unsigned memrefIndex,
                       const AffineMap &map) {
  std::vector<Value *> idxOps =
      op.getOperands(memrefIndex + 1, map.getNumInputs());
  std::vector<llvm::Value *> idx = lc.emitAffineMap(map, lc.lookup(idxOps));
  return lc.elementPtr(op.getOperand(memrefIndex), idx, op.getLoc());
}

llvm::Align elementAlign(LoweringContext &lc, Type memrefType) {
  return lc.llvmModule().getDataLayout().getABITypeAlign(
      lc.convertType(memrefType.getElementType()));
}

bool lowerLoad(LoweringContext &lc, Operation &op) {
  Type memref = op.getOperand(0)->getType();
  llvm::Value *ptr = accessPtr(lc, op, 0, mapAttr(op, "map"));
  llvm::Type *ty = lc.convertType(op.getResult(0)->getType());
  if (op.getResult(0)->getType().isVector() &&
      op.getResult(0)->getType().getRank() > 1)
    return lc.emitError(op, "n-D vector loads are not supported yet");
  lc.map(op.getResult(0),
         lc.builder().CreateAlignedLoad(ty, ptr, elementAlign(lc, memref)));
  return true;
}

bool lowerStore(LoweringContext &lc, Operation &op) {
  Type memref = op.getOperand(1)->getType();
  if (op.getOperand(0)->getType().isVector() &&
      op.getOperand(0)->getType().getRank() > 1)
    return lc.emitError(op, "n-D vector stores are not supported yet");
  llvm::Value *ptr = accessPtr(lc, op, 1, mapAttr(op, "map"));
  lc.builder().CreateAlignedStore(lc.lookup(op.getOperand(0)), ptr,
                                  elementAlign(lc, memref));
  return true;
}

bool lowerPrefetch(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  llvm::Value *ptr = accessPtr(lc, op, 0, mapAttr(op, "map"));
  llvm::Function *fn = llvm::Intrinsic::getDeclaration(
      &lc.llvmModule(), llvm::Intrinsic::prefetch, {b.getPtrTy()});
  b.CreateCall(fn, {ptr, b.getInt32(op.getAttr("isWrite").getBool()),
                    b.getInt32((int32_t)op.getAttr("localityHint").getInt()),
                    b.getInt32(op.getAttr("isDataCache").getBool())});
  return true;
}

//===-- DMA
//-----------------------------------------------------------------===//

/// affine.dma_start %src[...], %dst[...], %tag[...], %n [, %stride, %per]:
/// the runtime copies and records the transfer under the tag's address.
bool lowerDmaStart(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  AffineMap srcMap = mapAttr(op, "src_map");
  AffineMap dstMap = mapAttr(op, "dst_map");
  AffineMap tagMap = mapAttr(op, "tag_map");
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
  AffineMap tagMap = mapAttr(op, "tag_map");
  llvm::Value *tag = accessPtr(lc, op, 0, tagMap);
  llvm::Value *num = lc.lookup(op.getOperand(1 + tagMap.getNumInputs()));
  auto *fty = llvm::FunctionType::get(b.getVoidTy(),
                                      {b.getPtrTy(), b.getInt64Ty()}, false);
  b.CreateCall(lc.runtimeFunction("affjit_rt_dma_wait", fty), {tag, num});
  return true;
}

} // namespace

void registerAffineOpLowerings(OpLoweringRegistry &r) {
  r.add("affine.for", lowerFor);
  r.add("affine.if", lowerIf);
  r.add("affine.parallel", lowerParallel);
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
