// Lowering of cf.assert as MLIR's ControlFlowToLLVM lowers it for
// mlir-cpu-runner: when the condition is false, `puts` the message (it
// and a newline on stdout) and `abort`. Unlike there, stdout is flushed
// first, so the message and earlier prints reach a pipe or file too (abort
// drops buffered output).
#include "frontend/ir/ScfOps.h"
#include "frontend/lower/OpLowerings.h"

#include <llvm/IR/MDBuilder.h>

namespace affjit {

namespace {

/// The failure path: message, flush, abort. Ends in `unreachable`.
void emitAssertFailure(LoweringContext &lc, const std::string &msg) {
  llvm::IRBuilder<> &b = lc.builder();
  auto *putsTy = llvm::FunctionType::get(b.getInt32Ty(), {b.getPtrTy()}, false);
  b.CreateCall(lc.runtimeFunction("puts", putsTy),
               {b.CreateGlobalString(msg, "assert_msg")});
  // fflush(NULL) flushes every output stream.
  auto *flushTy =
      llvm::FunctionType::get(b.getInt32Ty(), {b.getPtrTy()}, false);
  b.CreateCall(lc.runtimeFunction("fflush", flushTy),
               {llvm::ConstantPointerNull::get(b.getPtrTy())});
  auto *abortTy = llvm::FunctionType::get(b.getVoidTy(), false);
  llvm::FunctionCallee abortFn = lc.runtimeFunction("abort", abortTy);
  if (auto *f = llvm::dyn_cast<llvm::Function>(abortFn.getCallee()))
    f->setDoesNotReturn();
  b.CreateCall(abortFn)->setDoesNotReturn();
  b.CreateUnreachable();
}

/// `cf.assert %cond, "msg"`: (cond) with the message in `msg`.
bool lowerAssert(LoweringContext &lc, Operation &op) {
  llvm::IRBuilder<> &b = lc.builder();
  llvm::Function *fn = lc.currentFunction();
  auto *fail = llvm::BasicBlock::Create(lc.ctx(), "assert.fail", fn);
  auto *cont = llvm::BasicBlock::Create(lc.ctx(), "assert.ok", fn);
  llvm::MDBuilder md(lc.ctx());
  b.CreateCondBr(lc.lookup(op.getOperand(0)), cont, fail,
                 md.createLikelyBranchWeights());
  b.SetInsertPoint(fail);
  emitAssertFailure(lc, CfAssertOp(&op).getMsg());
  b.SetInsertPoint(cont);
  return true;
}

} // namespace

void registerControlFlowOpLowerings(OpLoweringRegistry &r) {
  r.add("cf.assert", lowerAssert);
}

} // namespace affjit
