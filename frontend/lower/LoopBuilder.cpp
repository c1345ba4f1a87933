// Counted loops with phis for the IV and loop-carried values.
#include "frontend/lower/LoopBuilder.h"

namespace affjit {

bool emitCountedLoop(LoweringContext &lc, llvm::Value *lb, llvm::Value *ub,
                     llvm::Value *step, const std::vector<llvm::Value *> &init,
                     const LoopBodyFn &body,
                     std::vector<llvm::Value *> &results) {
  llvm::IRBuilder<> &b = lc.builder();
  llvm::Function *fn = lc.currentFunction();
  llvm::BasicBlock *pre = b.GetInsertBlock();
  llvm::BasicBlock *header = llvm::BasicBlock::Create(lc.ctx(), "loop", fn);
  llvm::BasicBlock *bodyBB = llvm::BasicBlock::Create(lc.ctx(), "body", fn);
  llvm::BasicBlock *exit = llvm::BasicBlock::Create(lc.ctx(), "endloop", fn);
  b.CreateBr(header);

  b.SetInsertPoint(header);
  llvm::PHINode *iv = b.CreatePHI(lb->getType(), 2, "iv");
  iv->addIncoming(lb, pre);
  std::vector<llvm::PHINode *> phis;
  std::vector<llvm::Value *> carried;
  for (llvm::Value *v : init) {
    llvm::PHINode *phi = b.CreatePHI(v->getType(), 2);
    phi->addIncoming(v, pre);
    phis.push_back(phi);
    carried.push_back(phi);
  }
  b.CreateCondBr(b.CreateICmpSLT(iv, ub), bodyBB, exit);

  b.SetInsertPoint(bodyBB);
  std::vector<llvm::Value *> next;
  if (!body(iv, carried, next))
    return false;
  llvm::BasicBlock *latch = b.GetInsertBlock();
  iv->addIncoming(b.CreateAdd(iv, step, "iv.next", /*HasNUW=*/false,
                              /*HasNSW=*/true),
                  latch);
  for (size_t i = 0; i < phis.size(); ++i)
    phis[i]->addIncoming(next[i], latch);
  b.CreateBr(header);

  b.SetInsertPoint(exit);
  results = carried;
  return true;
}

bool lowerLoopBody(LoweringContext &lc, Block &block,
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

} // namespace affjit
