// Lowering of the memref dialect's atomic ops. memref.atomic_rmw becomes
// one LLVM `atomicrmw ... acq_rel` where LLVM has the operation (as MLIR's
// MemRefToLLVM lowers it); the kinds LLVM 19 lacks (mulf, muli, and
// maximumf/minimumf, whose NaN and signed-zero rules LLVM's fmax/fmin do not
// follow) and memref.generic_atomic_rmw become a compare-and-swap loop, as
// MLIR lowers generic_atomic_rmw: load the element, compute the new value,
// `cmpxchg` it in and retry from the value found if another thread got
// there first. Both results are the element's value before the update.
#include "frontend/ir/MemRefOps.h"
#include "frontend/lower/OpLowerings.h"

#include <llvm/IR/Intrinsics.h>

#include <functional>
#include <optional>

namespace affjit {

namespace {

using Builder = llvm::IRBuilder<>;
using BinOp = llvm::AtomicRMWInst::BinOp;

/// arith::AtomicRMWKind numbering (the `kind` attribute).
enum Kind : int64_t {
  AddF = 0,
  AddI,
  Assign,
  MaximumF,
  MaxS,
  MaxU,
  MinimumF,
  MinS,
  MinU,
  MulF,
  MulI,
  OrI,
  AndI,
  MaxNumF,
  MinNumF,
};

/// The `atomicrmw` operation of `kind`, if LLVM has one with its meaning.
std::optional<BinOp> nativeOp(int64_t kind) {
  switch (kind) {
  case AddF:
    return BinOp::FAdd;
  case AddI:
    return BinOp::Add;
  case Assign:
    return BinOp::Xchg;
  case MaxS:
    return BinOp::Max;
  case MaxU:
    return BinOp::UMax;
  case MinS:
    return BinOp::Min;
  case MinU:
    return BinOp::UMin;
  case OrI:
    return BinOp::Or;
  case AndI:
    return BinOp::And;
  case MaxNumF: // llvm.maxnum semantics, as arith.maxnumf
    return BinOp::FMax;
  case MinNumF:
    return BinOp::FMin;
  default:
    return std::nullopt;
  }
}

/// The new value of a kind without a native operation.
llvm::Value *combine(Builder &b, int64_t kind, llvm::Value *current,
                     llvm::Value *operand) {
  switch (kind) {
  case MulF:
    return b.CreateFMul(current, operand);
  case MulI:
    return b.CreateMul(current, operand);
  case MaximumF:
    return b.CreateBinaryIntrinsic(llvm::Intrinsic::maximum, current, operand);
  case MinimumF:
    return b.CreateBinaryIntrinsic(llvm::Intrinsic::minimum, current, operand);
  default:
    return nullptr;
  }
}

/// LLVM's atomics take integers of a power-of-two byte width (and floats
/// of those widths): i1 or i24 elements have none.
bool hasAtomicWidth(llvm::Type *t) {
  unsigned bits = t->getPrimitiveSizeInBits();
  return bits >= 8 && (bits & (bits - 1)) == 0;
}

/// The address of the element the op updates: memref operand `at`, then
/// its subscripts; null (after an error) if they do not match its rank.
llvm::Value *atomicAddress(LoweringContext &lc, Operation &op, unsigned at) {
  Value *memref = op.getOperand(at);
  unsigned count = op.getNumOperands() - at - 1;
  if ((int64_t)count != memref->getType().getRank()) {
    lc.emitError(op, "expects as many subscripts as the memref's rank");
    return nullptr;
  }
  llvm::Type *elem = lc.convertType(memref->getType().getElementType());
  if (!hasAtomicWidth(elem)) {
    lc.emitError(op, "no atomic operation on " +
                         memref->getType().getElementType().str() +
                         " elements");
    return nullptr;
  }
  return lc.elementPtr(memref, lc.lookup(op.getOperands(at + 1, count)),
                       op.getLoc());
}

/// Natural alignment: memref elements are aligned to their size, and an
/// atomic aligned less (the data layout is not set yet while lowering, and
/// its default aligns i64 to 4) would become a libatomic call.
llvm::Align alignOf(LoweringContext &, llvm::Type *t) {
  return llvm::Align(t->getPrimitiveSizeInBits() / 8);
}

/// The compare-and-swap loop: `update` computes the new value from the
/// current one at the builder's insertion point (it may add blocks).
/// Returns the value the element held before the update that took.
llvm::Value *
emitCasLoop(LoweringContext &lc, llvm::Value *ptr, llvm::Type *elem,
            const std::function<llvm::Value *(llvm::Value *)> &update) {
  Builder &b = lc.builder();
  llvm::Function *fn = lc.currentFunction();
  llvm::Type *bits = b.getIntNTy(elem->getPrimitiveSizeInBits());
  llvm::Align align = alignOf(lc, elem);
  // An atomic first read: it races with other threads' updates by design.
  llvm::LoadInst *first = b.CreateAlignedLoad(bits, ptr, align);
  first->setAtomic(llvm::AtomicOrdering::Monotonic);
  llvm::BasicBlock *entry = b.GetInsertBlock();
  auto *loop = llvm::BasicBlock::Create(lc.ctx(), "atomic.loop", fn);
  auto *done = llvm::BasicBlock::Create(lc.ctx(), "atomic.done", fn);
  b.CreateBr(loop);
  b.SetInsertPoint(loop);
  llvm::PHINode *currentBits = b.CreatePHI(bits, 2);
  currentBits->addIncoming(first, entry);
  llvm::Value *current = b.CreateBitCast(currentBits, elem);
  llvm::Value *next = update(current);
  if (!next)
    return nullptr;
  llvm::AtomicCmpXchgInst *cas = b.CreateAtomicCmpXchg(
      ptr, currentBits, b.CreateBitCast(next, bits), align,
      llvm::AtomicOrdering::AcquireRelease, llvm::AtomicOrdering::Monotonic);
  llvm::Value *found = b.CreateExtractValue(cas, 0);
  currentBits->addIncoming(found, b.GetInsertBlock());
  b.CreateCondBr(b.CreateExtractValue(cas, 1), done, loop);
  b.SetInsertPoint(done);
  return current;
}

/// `memref.atomic_rmw KIND %v, %m[%i]`: (value, memref, indices...).
bool lowerAtomicRMW(LoweringContext &lc, Operation &op) {
  llvm::Value *ptr = atomicAddress(lc, op, 1);
  if (!ptr)
    return false;
  Builder &b = lc.builder();
  int64_t kind = AtomicRMWOp(&op).getKind();
  llvm::Value *operand = lc.lookup(op.getOperand(0));
  llvm::Type *elem = operand->getType();
  if (std::optional<BinOp> native = nativeOp(kind)) {
    bool floatOp = *native == BinOp::FAdd || *native == BinOp::FMax ||
                   *native == BinOp::FMin;
    // MLIR 19 accepts maxnumf/minnumf on integers; LLVM has no such op.
    if (floatOp != elem->isFloatingPointTy() && *native != BinOp::Xchg)
      return lc.emitError(op, "no atomic operation of this kind on " +
                                  op.getOperand(0)->getType().str());
    lc.map(op.getResult(0),
           b.CreateAtomicRMW(*native, ptr, operand, alignOf(lc, elem),
                             llvm::AtomicOrdering::AcquireRelease));
    return true;
  }
  llvm::Value *old = emitCasLoop(lc, ptr, elem, [&](llvm::Value *current) {
    return combine(b, kind, current, operand);
  });
  if (!old)
    return lc.emitError(op, "unknown atomic kind");
  lc.map(op.getResult(0), old);
  return true;
}

/// `memref.generic_atomic_rmw %m[%i] { ^bb0(%cur): ... atomic_yield %new }`:
/// the body runs inside the loop, once per attempt.
bool lowerGenericAtomicRMW(LoweringContext &lc, Operation &op) {
  llvm::Value *ptr = atomicAddress(lc, op, 0);
  if (!ptr)
    return false;
  Block &body = op.getRegion(0).front();
  llvm::Type *elem = lc.convertType(op.getResult(0)->getType());
  llvm::Value *old =
      emitCasLoop(lc, ptr, elem, [&](llvm::Value *current) -> llvm::Value * {
        lc.map(body.getArgument(0), current);
        if (!lc.lowerOpsExceptTerminator(body))
          return nullptr; // the failing op reported why
        return lc.lookup(body.getTerminator()->getOperand(0));
      });
  if (!old)
    return false;
  lc.map(op.getResult(0), old);
  return true;
}

} // namespace

void registerMemRefAtomicOpLowerings(OpLoweringRegistry &r) {
  r.add("memref.atomic_rmw", lowerAtomicRMW);
  r.add("memref.generic_atomic_rmw", lowerGenericAtomicRMW);
}

} // namespace affjit
