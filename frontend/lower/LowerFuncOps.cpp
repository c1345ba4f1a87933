// Lowering of func.return and func.call (func.func itself is lowered by
// FunctionLowering.cpp).
#include "frontend/ir/FuncOps.h"
#include "frontend/lower/FunctionLowering.h"
#include "frontend/lower/FunctionSignature.h"
#include "frontend/lower/OpLowerings.h"

#include <functional>

namespace affjit {

static FuncOp enclosingFunction(Operation &op) {
  Operation *p = op.getParentOp();
  while (p && !isa<FuncOp>(p))
    p = p->getParentOp();
  return FuncOp(p);
}

/// Bytes of the ranked descriptor an unranked memref of rank `rank` points
/// to: two pointers, the offset, then a size and a stride per dimension.
static llvm::Value *rankedDescriptorBytes(LoweringContext &lc,
                                          llvm::Value *rank) {
  llvm::IRBuilder<> &b = lc.builder();
  uint64_t ptrBytes = lc.llvmModule().getDataLayout().getPointerSize();
  return b.CreateAdd(b.getInt64(2 * ptrBytes + 8),
                     b.CreateMul(rank, b.getInt64(16)));
}

/// An unranked memref whose ranked descriptor is copied to `to` (bytes ->
/// pointer).
static llvm::Value *
withDescriptorCopy(LoweringContext &lc, llvm::Value *unranked,
                   const std::function<llvm::Value *(llvm::Value *)> &to) {
  llvm::IRBuilder<> &b = lc.builder();
  llvm::Value *bytes =
      rankedDescriptorBytes(lc, b.CreateExtractValue(unranked, {0}));
  llvm::Value *copy = to(bytes);
  b.CreateMemCpy(copy, llvm::MaybeAlign(8), b.CreateExtractValue(unranked, {1}),
                 llvm::MaybeAlign(8), bytes);
  return b.CreateInsertValue(unranked, copy, {1});
}

/// A returned unranked memref points to a descriptor on the callee's stack,
/// which the return pops: as MLIR does, the descriptor goes to the heap,
/// and the caller moves it to its own stack (calledWithUnrankedResults).
static llvm::Value *returnedUnranked(LoweringContext &lc,
                                     llvm::Value *unranked) {
  llvm::IRBuilder<> &b = lc.builder();
  auto *allocTy = llvm::FunctionType::get(
      b.getPtrTy(), {b.getInt64Ty(), b.getInt64Ty()}, false);
  llvm::FunctionCallee alloc =
      lc.runtimeFunction("affjit_rt_aligned_alloc", allocTy);
  return withDescriptorCopy(lc, unranked, [&](llvm::Value *bytes) {
    return b.CreateCall(alloc, {bytes, b.getInt64(16)});
  });
}

static bool lowerReturn(LoweringContext &lc, Operation &op) {
  Type fnType = enclosingFunction(op).getFunctionType();
  std::vector<llvm::Value *> results = lc.lookup(op.getOperands());
  for (unsigned i = 0; i < results.size(); ++i)
    if (fnType.getResults()[i].isUnrankedMemRef())
      results[i] = returnedUnranked(lc, results[i]);
  llvm::Value *packed = packResults(lc, fnType, results);
  if (packed)
    lc.builder().CreateRet(packed);
  else
    lc.builder().CreateRetVoid();
  return true;
}

/// The caller's side of returnedUnranked: the descriptor moves from the
/// heap to this function's stack.
static llvm::Value *receivedUnranked(LoweringContext &lc,
                                     llvm::Value *unranked) {
  llvm::IRBuilder<> &b = lc.builder();
  llvm::Value *heap = b.CreateExtractValue(unranked, {1});
  llvm::Value *moved =
      withDescriptorCopy(lc, unranked, [&](llvm::Value *bytes) {
        llvm::AllocaInst *slot = b.CreateAlloca(b.getInt8Ty(), bytes);
        slot->setAlignment(llvm::Align(16));
        return slot;
      });
  auto *freeTy = llvm::FunctionType::get(b.getVoidTy(), {b.getPtrTy()}, false);
  b.CreateCall(lc.runtimeFunction("affjit_rt_free", freeTy), {heap});
  return moved;
}

/// Calls through `_mlir_ciface_` with descriptors spilled to the stack.
static llvm::Value *emitCInterfaceCall(LoweringContext &lc, FuncOp callee,
                                       const std::vector<Value *> &args) {
  llvm::IRBuilder<> &b = lc.builder();
  Type fnType = callee.getFunctionType();
  llvm::FunctionType *cty = convertCInterfaceType(lc, fnType);
  llvm::FunctionCallee fn =
      lc.runtimeFunction(cInterfaceName(callee.getName()), cty);
  std::vector<llvm::Value *> callArgs;
  llvm::Value *resultSlot = nullptr;
  if (cty->getNumParams() != args.size()) {
    llvm::Type *rt = fnType.getResults().size() == 1
                         ? lc.convertType(fnType.getResults()[0])
                         : nullptr;
    if (!rt) {
      std::vector<llvm::Type *> fields;
      for (Type t : fnType.getResults())
        fields.push_back(lc.convertType(t));
      rt = llvm::StructType::get(lc.ctx(), fields);
    }
    resultSlot = lc.entryAlloca(rt);
    callArgs.push_back(resultSlot);
  }
  for (Value *a : args) {
    llvm::Value *v = lc.lookup(a);
    if (isDescriptorType(a->getType())) {
      llvm::Value *slot = lc.entryAlloca(v->getType());
      b.CreateStore(v, slot);
      v = slot;
    }
    callArgs.push_back(v);
  }
  llvm::Value *r = b.CreateCall(fn, callArgs);
  if (resultSlot)
    return b.CreateLoad(
        static_cast<llvm::AllocaInst *>(resultSlot)->getAllocatedType(),
        resultSlot);
  return r;
}

static bool lowerCall(LoweringContext &lc, Operation &op) {
  const std::string &name = CallOp(&op).getCallee();
  Operation *callee = lc.sourceModule().lookupSymbol(name);
  if (!callee)
    return lc.emitError(op, "unknown callee @" + name);
  Type fnType = FuncOp(callee).getFunctionType();
  llvm::Value *result;
  if (wantsExternalCInterface(*callee)) {
    result = emitCInterfaceCall(lc, FuncOp(callee), op.getOperands());
  } else {
    std::vector<llvm::Value *> args;
    for (unsigned i = 0; i < op.getNumOperands(); ++i)
      expandArgument(lc, fnType.getInputs()[i], lc.lookup(op.getOperand(i)),
                     args);
    llvm::FunctionCallee fn =
        lc.runtimeFunction(name, convertFunctionType(lc, fnType));
    result = lc.builder().CreateCall(fn, args);
  }
  for (unsigned i = 0; i < op.getNumResults(); ++i) {
    llvm::Value *r = op.getNumResults() == 1
                         ? result
                         : lc.builder().CreateExtractValue(result, {i});
    if (!wantsExternalCInterface(*callee) &&
        op.getResult(i)->getType().isUnrankedMemRef())
      r = receivedUnranked(lc, r);
    lc.map(op.getResult(i), r);
  }
  return true;
}

void registerFuncOpLowerings(OpLoweringRegistry &r) {
  r.add("func.return", lowerReturn);
  r.add("func.call", lowerCall);
}

} // namespace affjit
