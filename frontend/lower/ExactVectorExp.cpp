// Exact vector exp for f32 (see ExactVectorExp.h).
#include "frontend/lower/ExactVectorExp.h"

#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/MDBuilder.h>

namespace affjit {

namespace {

/// glibc's expf (sysdeps/ieee754/flt-32/e_expf.c with e_exp2f_data.c, from
/// Arm's optimized-routines): exp(x) = 2^(k/32) * 2^(r/32) where
/// z = x * 32/ln2 = k + r. Its constants, and its table of 2^(i/32) with
/// i << 47 taken from the bits (adding k << 47 back gives 2^(k/32)).
constexpr double kInvLn2N = 0x1.71547652b82fep+5;
constexpr double kRoundShift = 0x1.8p+52;
constexpr double kC0 = 0x1.c6af84b912394p-20, kC1 = 0x1.ebfce50fac4f3p-13,
                 kC2 = 0x1.62e42ff0c52d6p-6;
constexpr uint64_t kTwoToIOver32[32] = {
    0x3ff0000000000000, 0x3fefd9b0d3158574, 0x3fefb5586cf9890f,
    0x3fef9301d0125b51, 0x3fef72b83c7d517b, 0x3fef54873168b9aa,
    0x3fef387a6e756238, 0x3fef1e9df51fdee1, 0x3fef06fe0a31b715,
    0x3feef1a7373aa9cb, 0x3feedea64c123422, 0x3feece086061892d,
    0x3feebfdad5362a27, 0x3feeb42b569d4f82, 0x3feeab07dd485429,
    0x3feea47eb03a5585, 0x3feea09e667f3bcd, 0x3fee9f75e8ec5f74,
    0x3feea11473eb0187, 0x3feea589994cce13, 0x3feeace5422aa0db,
    0x3feeb737b0cdc5e5, 0x3feec49182a3f090, 0x3feed503b23e255d,
    0x3feee89f995ad3ad, 0x3feeff76f2fb5e47, 0x3fef199bdd85529c,
    0x3fef3720dcef9069, 0x3fef5818dcfba487, 0x3fef7c97337b9b5f,
    0x3fefa4afa2a490da, 0x3fefd0765b6e4540};
/// Inputs whose exp is a normal f32 with room to spare.
constexpr float kLowestInput = -87.0f, kHighestInput = 88.0f;
/// Bits of a double's mantissa below an f32's, and the distance (in units
/// of the double's last place) from the f32 rounding midpoint under which a
/// lane goes to libm: 2^13 of 2^52 is 2^-39 of the binade, at least 2^-40
/// of the value.
constexpr unsigned kDroppedBits = 52 - 23;
constexpr uint64_t kMidpointGuard = uint64_t(1) << 13;

llvm::Value *splat(llvm::IRBuilder<> &b, unsigned lanes, llvm::Constant *c) {
  return b.CreateVectorSplat(lanes, c);
}

llvm::Value *fma(LoweringContext &lc, llvm::Value *a, llvm::Value *b,
                 llvm::Value *c) {
  llvm::Function *fn = llvm::Intrinsic::getDeclaration(
      &lc.llvmModule(), llvm::Intrinsic::fma, {a->getType()});
  return lc.builder().CreateCall(fn, {a, b, c});
}

/// The bits of 2^(k/32), given the bits of k + kRoundShift: the table
/// entry for k mod 32, gathered, plus k << 47.
llvm::Value *twoToKOver32(LoweringContext &lc, llvm::Value *k, unsigned lanes) {
  llvm::IRBuilder<> &b = lc.builder();
  llvm::Type *i64 = b.getInt64Ty();
  auto i64s = [&](uint64_t v) {
    return splat(b, lanes, llvm::ConstantInt::get(i64, v));
  };
  llvm::Module &m = lc.llvmModule();
  const char *name = "affjit.expf.table";
  llvm::GlobalVariable *table = m.getNamedGlobal(name);
  if (!table)
    table = new llvm::GlobalVariable(
        m, llvm::ArrayType::get(i64, 32), /*isConstant=*/true,
        llvm::GlobalValue::PrivateLinkage,
        llvm::ConstantDataArray::get(lc.ctx(),
                                     llvm::ArrayRef<uint64_t>(kTwoToIOver32)),
        name);
  llvm::Value *addresses = b.CreateGEP(i64, table, b.CreateAnd(k, i64s(31)));
  llvm::Value *entries = b.CreateMaskedGather(
      llvm::FixedVectorType::get(i64, lanes), addresses, llvm::Align(8));
  return b.CreateAdd(entries, b.CreateShl(k, i64s(47)));
}

/// glibc's expf on each lane, in double, before its rounding to f32: the
/// same operations, fused where its FMA build (the one x86-64 machines
/// with FMA run) fuses them.
llvm::Value *expBeforeRounding(LoweringContext &lc, llvm::Value *x,
                               unsigned lanes) {
  llvm::IRBuilder<> &b = lc.builder();
  auto f64s = [&](double v) {
    return splat(b, lanes, llvm::ConstantFP::get(b.getDoubleTy(), v));
  };
  auto *dty = llvm::FixedVectorType::get(b.getDoubleTy(), lanes);
  auto *ity = llvm::FixedVectorType::get(b.getInt64Ty(), lanes);
  llvm::Value *xd = b.CreateFPExt(x, dty);
  llvm::Value *shifted = fma(lc, xd, f64s(kInvLn2N), f64s(kRoundShift));
  llvm::Value *kd = b.CreateFSub(shifted, f64s(kRoundShift));
  llvm::Value *r = fma(lc, xd, f64s(kInvLn2N), b.CreateFNeg(kd));
  llvm::Value *s = b.CreateBitCast(
      twoToKOver32(lc, b.CreateBitCast(shifted, ity), lanes), dty);
  llvm::Value *z = fma(lc, r, f64s(kC0), f64s(kC1));
  llvm::Value *y = fma(lc, r, f64s(kC2), f64s(1.0));
  y = fma(lc, z, b.CreateFMul(r, r), y);
  return b.CreateFMul(y, s);
}

/// Lanes whose double result `y` lies too close to an f32 rounding midpoint,
/// or whose input `x` is out of the fast path's range (or NaN).
llvm::Value *lanesForLibm(llvm::IRBuilder<> &b, llvm::Value *x, llvm::Value *y,
                          unsigned lanes) {
  llvm::Type *i64 = b.getInt64Ty(), *f32 = b.getFloatTy();
  auto i64s = [&](uint64_t v) {
    return splat(b, lanes, llvm::ConstantInt::get(i64, v));
  };
  llvm::Value *bits =
      b.CreateBitCast(y, llvm::FixedVectorType::get(i64, lanes));
  llvm::Value *dropped =
      b.CreateAnd(bits, i64s((uint64_t(1) << kDroppedBits) - 1));
  llvm::Value *fromMid =
      b.CreateSub(dropped, i64s(uint64_t(1) << (kDroppedBits - 1)));
  llvm::Function *abs = llvm::Intrinsic::getDeclaration(
      b.GetInsertBlock()->getModule(), llvm::Intrinsic::abs,
      {fromMid->getType()});
  llvm::Value *distance = b.CreateCall(abs, {fromMid, b.getFalse()});
  llvm::Value *nearMid = b.CreateICmpULE(distance, i64s(kMidpointGuard));
  llvm::Value *inRange = b.CreateAnd(
      b.CreateFCmpOGE(
          x, splat(b, lanes, llvm::ConstantFP::get(f32, kLowestInput))),
      b.CreateFCmpOLE(
          x, splat(b, lanes, llvm::ConstantFP::get(f32, kHighestInput))));
  return b.CreateOr(nearMid, b.CreateNot(inRange));
}

/// `fast` with the lanes of `redo` replaced by libm's expf of `x`, in a
/// cold branch taken only when some lane needs it.
llvm::Value *redoLanesWithLibm(LoweringContext &lc, llvm::Value *x,
                               llvm::Value *fast, llvm::Value *redo,
                               unsigned lanes) {
  llvm::IRBuilder<> &b = lc.builder();
  llvm::LLVMContext &ctx = lc.ctx();
  llvm::Function *fn = lc.currentFunction();
  llvm::Function *expf = llvm::Intrinsic::getDeclaration(
      &lc.llvmModule(), llvm::Intrinsic::exp, {b.getFloatTy()});
  llvm::BasicBlock *entry = b.GetInsertBlock();
  auto *loop = llvm::BasicBlock::Create(ctx, "exp.redo", fn);
  auto *call = llvm::BasicBlock::Create(ctx, "exp.libm", fn);
  auto *next = llvm::BasicBlock::Create(ctx, "exp.next", fn);
  auto *join = llvm::BasicBlock::Create(ctx, "exp.done", fn);
  llvm::Value *mask = b.CreateBitCast(redo, b.getIntNTy(lanes));
  llvm::Value *any =
      b.CreateICmpNE(mask, llvm::ConstantInt::get(mask->getType(), 0));
  b.CreateCondBr(any, loop, join,
                 llvm::MDBuilder(ctx).createUnlikelyBranchWeights());

  b.SetInsertPoint(loop);
  llvm::PHINode *lane = b.CreatePHI(b.getInt32Ty(), 2, "lane");
  llvm::PHINode *acc = b.CreatePHI(fast->getType(), 2);
  lane->addIncoming(b.getInt32(0), entry);
  acc->addIncoming(fast, entry);
  b.CreateCondBr(b.CreateExtractElement(redo, lane), call, next);

  b.SetInsertPoint(call);
  llvm::Value *exact = b.CreateCall(expf, {b.CreateExtractElement(x, lane)});
  llvm::Value *patched = b.CreateInsertElement(acc, exact, lane);
  b.CreateBr(next);

  b.SetInsertPoint(next);
  llvm::PHINode *merged = b.CreatePHI(fast->getType(), 2);
  merged->addIncoming(acc, loop);
  merged->addIncoming(patched, call);
  llvm::Value *following = b.CreateAdd(lane, b.getInt32(1));
  lane->addIncoming(following, next);
  acc->addIncoming(merged, next);
  b.CreateCondBr(b.CreateICmpEQ(following, b.getInt32(lanes)), join, loop);

  b.SetInsertPoint(join);
  llvm::PHINode *result = b.CreatePHI(fast->getType(), 2);
  result->addIncoming(fast, entry);
  result->addIncoming(merged, next);
  return result;
}

} // namespace

bool lowerExactVectorExp(LoweringContext &lc, Operation &op) {
  if (op.getName() != "math.exp")
    return false;
  llvm::Value *x = lc.lookup(op.getOperand(0));
  auto *vty = llvm::dyn_cast<llvm::FixedVectorType>(x->getType());
  if (!vty || !vty->getElementType()->isFloatTy())
    return false;
  unsigned lanes = vty->getNumElements();
  llvm::IRBuilder<> &b = lc.builder();
  // Reassociation would fold the rounding shift away: no flags here.
  llvm::IRBuilder<>::FastMathFlagGuard guard(b);
  b.setFastMathFlags(llvm::FastMathFlags());
  llvm::Value *y = expBeforeRounding(lc, x, lanes);
  llvm::Value *fast = b.CreateFPTrunc(y, vty);
  llvm::Value *redo = lanesForLibm(b, x, y, lanes);
  lc.map(op.getResult(0), redoLanesWithLibm(lc, x, fast, redo, lanes));
  return true;
}

} // namespace affjit
