// Lowering of the vector subset to LLVM vector IR: transfer_read/write
// (contiguous loads and stores, masked for out-of-bounds lanes, scalarized
// for other permutation maps), horizontal reductions via
// llvm.vector.reduce.*, broadcast/splat, fma, extract/insert, load/store and
// vector.print with the runner-utils print functions. 1-D vectors only.
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

bool allInBounds(Operation &op) {
  Attribute a = op.getAttr("in_bounds");
  if (!a)
    return false;
  for (const Attribute &e : a.getArray())
    if (!e.getBool())
      return false;
  return true;
}

/// Lane indices: the memref indices of lane `lane` under `perm` (results
/// of the permutation map are memref dims or the constant 0 broadcast).
Values laneIndices(Builder &b, const Values &base, const AffineMap &perm,
                   unsigned lane) {
  Values idx = base;
  const AffineExpr &e = perm.getResult(0);
  if (e.getKind() == AffineExprKind::Dim)
    idx[e.getPosition()] = b.CreateAdd(idx[e.getPosition()], b.getInt64(lane));
  return idx;
}

bool isMinorIdentity(const AffineMap &perm) {
  return perm.getNumResults() == 1 &&
         perm.getResult(0).getKind() == AffineExprKind::Dim &&
         perm.getResult(0).getPosition() + 1 == perm.getNumDims();
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

bool lowerTransferRead(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  Type vt = op.getResult(0)->getType();
  if (!require1D(lc, op, vt))
    return false;
  std::vector<int64_t> seg = segmentSizes(op);
  Value *memref = op.getOperand(0);
  Type mt = memref->getType();
  Values idx = lc.lookup(op.getOperands(1, (unsigned)seg[1]));
  llvm::Value *pad = lc.lookup(op.getOperand(1 + (unsigned)seg[1]));
  llvm::Value *userMask =
      seg[3] ? lc.lookup(op.getOperand(2 + (unsigned)seg[1])) : nullptr;
  AffineMap perm = op.getAttr("permutation_map").getAffineMap();
  unsigned lanes = (unsigned)vt.getShape()[0];
  llvm::Type *vty = lc.convertType(vt);
  llvm::Value *desc = lc.lookup(memref);
  llvm::Align align = lc.llvmModule().getDataLayout().getABITypeAlign(
      lc.convertType(mt.getElementType()));
  if (isMinorIdentity(perm)) {
    unsigned last = (unsigned)mt.getRank() - 1;
    llvm::Value *ptr = lc.elementPtr(memref, idx, op.getLoc());
    llvm::Value *mask = userMask;
    if (!allInBounds(op)) {
      llvm::Value *inb =
          boundsMask(lc, idx[last], lc.size(desc, mt, last), lanes);
      mask = mask ? b.CreateAnd(mask, inb) : inb;
    }
    if (!mask) {
      lc.map(op.getResult(0), b.CreateAlignedLoad(vty, ptr, align));
      return true;
    }
    llvm::Value *passthru = b.CreateVectorSplat(lanes, pad);
    lc.map(op.getResult(0),
           b.CreateMaskedLoad(vty, ptr, align, mask, passthru));
    return true;
  }
  // Broadcast or strided permutation: one guarded scalar load per lane.
  llvm::Function *fn = lc.currentFunction();
  llvm::Value *result = b.CreateVectorSplat(lanes, pad);
  for (unsigned lane = 0; lane < lanes; ++lane) {
    Values li = laneIndices(b, idx, perm, lane);
    llvm::Value *ok = b.getTrue();
    for (unsigned d = 0; d < li.size(); ++d)
      ok = b.CreateAnd(ok, b.CreateICmpULT(li[d], lc.size(desc, mt, d)));
    if (userMask)
      ok = b.CreateAnd(ok, b.CreateExtractElement(userMask, lane));
    llvm::BasicBlock *from = b.GetInsertBlock();
    llvm::BasicBlock *loadBB = llvm::BasicBlock::Create(lc.ctx(), "lane", fn);
    llvm::BasicBlock *join = llvm::BasicBlock::Create(lc.ctx(), "lane.end", fn);
    b.CreateCondBr(ok, loadBB, join);
    b.SetInsertPoint(loadBB);
    llvm::Value *v = b.CreateLoad(lc.convertType(mt.getElementType()),
                                  lc.elementPtr(memref, li, op.getLoc()));
    llvm::Value *updated = b.CreateInsertElement(result, v, lane);
    b.CreateBr(join);
    b.SetInsertPoint(join);
    llvm::PHINode *phi = b.CreatePHI(vty, 2);
    phi->addIncoming(result, from);
    phi->addIncoming(updated, loadBB);
    result = phi;
  }
  lc.map(op.getResult(0), result);
  return true;
}

bool lowerTransferWrite(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  Type vt = op.getOperand(0)->getType();
  if (!require1D(lc, op, vt))
    return false;
  std::vector<int64_t> seg = segmentSizes(op);
  llvm::Value *vec = lc.lookup(op.getOperand(0));
  Value *memref = op.getOperand(1);
  Type mt = memref->getType();
  Values idx = lc.lookup(op.getOperands(2, (unsigned)seg[2]));
  llvm::Value *userMask =
      seg[3] ? lc.lookup(op.getOperand(2 + (unsigned)seg[2])) : nullptr;
  AffineMap perm = op.getAttr("permutation_map").getAffineMap();
  unsigned lanes = (unsigned)vt.getShape()[0];
  llvm::Value *desc = lc.lookup(memref);
  llvm::Align align = lc.llvmModule().getDataLayout().getABITypeAlign(
      lc.convertType(mt.getElementType()));
  if (isMinorIdentity(perm)) {
    unsigned last = (unsigned)mt.getRank() - 1;
    llvm::Value *ptr = lc.elementPtr(memref, idx, op.getLoc());
    llvm::Value *mask = userMask;
    if (!allInBounds(op)) {
      llvm::Value *inb =
          boundsMask(lc, idx[last], lc.size(desc, mt, last), lanes);
      mask = mask ? b.CreateAnd(mask, inb) : inb;
    }
    if (mask)
      b.CreateMaskedStore(vec, ptr, align, mask);
    else
      b.CreateAlignedStore(vec, ptr, align);
    return true;
  }
  llvm::Function *fn = lc.currentFunction();
  for (unsigned lane = 0; lane < lanes; ++lane) {
    Values li = laneIndices(b, idx, perm, lane);
    llvm::Value *ok = b.getTrue();
    for (unsigned d = 0; d < li.size(); ++d)
      ok = b.CreateAnd(ok, b.CreateICmpULT(li[d], lc.size(desc, mt, d)));
    if (userMask)
      ok = b.CreateAnd(ok, b.CreateExtractElement(userMask, lane));
    llvm::BasicBlock *storeBB = llvm::BasicBlock::Create(lc.ctx(), "lane", fn);
    llvm::BasicBlock *join = llvm::BasicBlock::Create(lc.ctx(), "lane.end", fn);
    b.CreateCondBr(ok, storeBB, join);
    b.SetInsertPoint(storeBB);
    b.CreateStore(b.CreateExtractElement(vec, lane),
                  lc.elementPtr(memref, li, op.getLoc()));
    b.CreateBr(join);
    b.SetInsertPoint(join);
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
  const std::string &t = fm.getString();
  return t.find("reassoc") != std::string::npos ||
         t.find("fast") != std::string::npos;
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
    llvm::FastMathFlags fmf;
    fmf.setAllowReassoc(hasReassoc(op));
    llvm::IRBuilder<>::FastMathFlagGuard guard(b);
    b.setFastMathFlags(fmf);
    lc.map(op.getResult(0), b.CreateFAddReduce(start, v));
    return true;
  }
  if (kind == "mul" && isFloat) {
    llvm::Value *start =
        acc ? acc : llvm::ConstantFP::get(v->getType()->getScalarType(), 1.0);
    llvm::FastMathFlags fmf;
    fmf.setAllowReassoc(hasReassoc(op));
    llvm::IRBuilder<>::FastMathFlagGuard guard(b);
    b.setFastMathFlags(fmf);
    lc.map(op.getResult(0), b.CreateFMulReduce(start, v));
    return true;
  }
  using I = llvm::Intrinsic::ID;
  I combineId = llvm::Intrinsic::not_intrinsic;
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

bool lowerBroadcast(LoweringContext &lc, Operation &op) {
  Type to = op.getResult(0)->getType();
  if (!require1D(lc, op, to))
    return false;
  llvm::Value *in = lc.lookup(op.getOperand(0));
  if (in->getType()->isVectorTy()) {
    auto *vt = llvm::cast<llvm::FixedVectorType>(in->getType());
    if (vt->getNumElements() == (unsigned)to.getShape()[0]) {
      lc.map(op.getResult(0), in);
      return true;
    }
    in = lc.builder().CreateExtractElement(in, (uint64_t)0);
  }
  lc.map(op.getResult(0),
         lc.builder().CreateVectorSplat((unsigned)to.getShape()[0], in));
  return true;
}

bool lowerFma(LoweringContext &lc, Operation &op) {
  if (!require1D(lc, op, op.getResult(0)->getType()))
    return false;
  Values args = lc.lookup(op.getOperands());
  llvm::Function *fn = llvm::Intrinsic::getDeclaration(
      &lc.llvmModule(), llvm::Intrinsic::fma, {args[0]->getType()});
  lc.map(op.getResult(0), lc.builder().CreateCall(fn, args));
  return true;
}

/// The single position of a 1-D extract/insert (static or dynamic).
llvm::Value *position(LoweringContext &lc, Operation &op, unsigned dynAt) {
  int64_t p = op.getAttr("static_position").getInts().at(0);
  return p == kDynamic ? lc.lookup(op.getOperand(dynAt))
                       : lc.builder().getInt64(p);
}

bool lowerExtract(LoweringContext &lc, Operation &op) {
  Type src = op.getOperand(0)->getType();
  if (!require1D(lc, op, src) ||
      op.getAttr("static_position").getInts().size() != 1)
    return lc.emitError(op, "only scalar extraction from 1-D vectors");
  lc.map(op.getResult(0),
         lc.builder().CreateExtractElement(lc.lookup(op.getOperand(0)),
                                           position(lc, op, 1)));
  return true;
}

bool lowerInsert(LoweringContext &lc, Operation &op) {
  Type dst = op.getOperand(1)->getType();
  if (!require1D(lc, op, dst) ||
      op.getAttr("static_position").getInts().size() != 1)
    return lc.emitError(op, "only scalar insertion into 1-D vectors");
  lc.map(op.getResult(0),
         lc.builder().CreateInsertElement(lc.lookup(op.getOperand(1)),
                                          lc.lookup(op.getOperand(0)),
                                          position(lc, op, 2)));
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

bool lowerPrint(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  if (op.getNumOperands() == 0) {
    if (Attribute s = op.getAttr("stringLiteral")) {
      callPrint(lc, "printString",
                b.CreateGlobalStringPtr(s.getString().substr(0)));
    }
    callPrint(lc, "printNewline", nullptr);
    return true;
  }
  Type t = op.getOperand(0)->getType();
  llvm::Value *v = lc.lookup(op.getOperand(0));
  if (!t.isVector()) {
    printScalar(lc, t, v);
  } else {
    if (!require1D(lc, op, t))
      return false;
    callPrint(lc, "printOpen", nullptr);
    for (int64_t i = 0; i < t.getShape()[0]; ++i) {
      if (i)
        callPrint(lc, "printComma", nullptr);
      printScalar(lc, t.getElementType(), b.CreateExtractElement(v, i));
    }
    callPrint(lc, "printClose", nullptr);
  }
  Attribute punct = op.getAttr("punctuation");
  if (!punct || punct.getString().find("newline") != std::string::npos)
    callPrint(lc, "printNewline", nullptr);
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
