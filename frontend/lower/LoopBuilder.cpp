// Counted loops with phis for the IV and loop-carried values.
#include "frontend/lower/LoopBuilder.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Metadata.h>

#include <vector>

namespace affjit {

namespace {

/// LLVM's loop vectorizer turns a loop of a few iterations (a 3x3 filter's
/// taps, once fast math allows reordering the sum) into masked gathers
/// that run slower than the scalar loop; such loops are left to full
/// unrolling and SLP, and longer ones to affjit's own `vectorize`.
bool isShortConstantLoop(llvm::Value *lb, llvm::Value *ub, llvm::Value *step) {
  auto *l = llvm::dyn_cast<llvm::ConstantInt>(lb);
  auto *u = llvm::dyn_cast<llvm::ConstantInt>(ub);
  auto *s = llvm::dyn_cast<llvm::ConstantInt>(step);
  return l && u && s &&
         isShortLoop(l->getSExtValue(), u->getSExtValue(), s->getSExtValue());
}

/// `!llvm.loop !{self, properties...}` on the loop's back edge: what
/// LLVM's loop passes may not do with it.
void setLoopProperties(llvm::BranchInst *backEdge, bool vectorize,
                       bool unroll) {
  llvm::LLVMContext &ctx = backEdge->getContext();
  llvm::TempMDTuple self = llvm::MDNode::getTemporary(ctx, {});
  std::vector<llvm::Metadata *> ops{self.get()};
  if (!vectorize) {
    llvm::Metadata *off[] = {
        llvm::MDString::get(ctx, "llvm.loop.vectorize.enable"),
        llvm::ConstantAsMetadata::get(llvm::ConstantInt::getFalse(ctx))};
    ops.push_back(llvm::MDNode::get(ctx, off));
  }
  if (!unroll)
    ops.push_back(llvm::MDNode::get(
        ctx, {llvm::MDString::get(ctx, "llvm.loop.unroll.disable")}));
  if (ops.size() == 1)
    return;
  llvm::MDNode *loopID = llvm::MDNode::getDistinct(ctx, ops);
  loopID->replaceOperandWith(0, loopID);
  backEdge->setMetadata(llvm::LLVMContext::MD_loop, loopID);
}

} // namespace

bool isShortLoop(int64_t lb, int64_t ub, int64_t step) {
  // 128-bit: bounds far apart must not overflow.
  return step > 0 && (__int128)ub - lb < (__int128)kShortLoopTrips * step;
}

bool emitCountedLoop(LoweringContext &lc, llvm::Value *lb, llvm::Value *ub,
                     llvm::Value *step, const std::vector<llvm::Value *> &init,
                     const LoopBodyFn &body,
                     std::vector<llvm::Value *> &results, LoopHints hints) {
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
  llvm::BranchInst *backEdge = b.CreateBr(header);
  setLoopProperties(backEdge, !isShortConstantLoop(lb, ub, step), hints.unroll);

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
