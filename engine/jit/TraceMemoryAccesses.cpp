// The traffic measurement's instrumentation (see TraceMemoryAccesses.h).
#include "engine/jit/TraceMemoryAccesses.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>

#include <vector>

namespace affjit {

namespace {

class AccessTracer {
public:
  explicit AccessTracer(llvm::Module &m)
      : layout(m.getDataLayout()), i64(llvm::Type::getInt64Ty(m.getContext())) {
    llvm::Type *ptr = llvm::PointerType::getUnqual(m.getContext());
    trace = m.getOrInsertFunction(
        "affjit_rt_trace_access",
        llvm::FunctionType::get(llvm::Type::getVoidTy(m.getContext()),
                                {ptr, i64}, false));
  }

  void instrument(llvm::Instruction &inst) {
    llvm::IRBuilder<> b(&inst);
    if (auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst))
      return emit(b, load->getPointerOperand(), sizeOf(load->getType()));
    if (auto *store = llvm::dyn_cast<llvm::StoreInst>(&inst))
      return emit(b, store->getPointerOperand(),
                  sizeOf(store->getValueOperand()->getType()));
    if (auto *call = llvm::dyn_cast<llvm::IntrinsicInst>(&inst))
      instrumentIntrinsic(b, *call);
  }

private:
  llvm::Value *sizeOf(llvm::Type *type) const {
    return llvm::ConstantInt::get(i64, layout.getTypeStoreSize(type));
  }

  void emit(llvm::IRBuilder<> &b, llvm::Value *ptr, llvm::Value *bytes) {
    b.CreateCall(trace, {ptr, b.CreateZExtOrTrunc(bytes, i64)});
  }

  /// Each active lane of a gather or scatter (inactive lanes pass null).
  void emitLanes(llvm::IRBuilder<> &b, llvm::Value *ptrs, llvm::Value *mask,
                 llvm::Type *element) {
    auto *type = llvm::cast<llvm::FixedVectorType>(ptrs->getType());
    llvm::Value *null = llvm::ConstantPointerNull::get(
        llvm::cast<llvm::PointerType>(type->getElementType()));
    for (unsigned lane = 0; lane < type->getNumElements(); ++lane)
      emit(b,
           b.CreateSelect(b.CreateExtractElement(mask, lane),
                          b.CreateExtractElement(ptrs, lane), null),
           sizeOf(element));
  }

  void instrumentIntrinsic(llvm::IRBuilder<> &b, llvm::IntrinsicInst &call) {
    switch (call.getIntrinsicID()) {
    case llvm::Intrinsic::masked_load: // the whole vector's span
      return emit(b, call.getArgOperand(0), sizeOf(call.getType()));
    case llvm::Intrinsic::masked_store:
      return emit(b, call.getArgOperand(1),
                  sizeOf(call.getArgOperand(0)->getType()));
    case llvm::Intrinsic::masked_gather:
      if (llvm::isa<llvm::FixedVectorType>(call.getType()))
        emitLanes(b, call.getArgOperand(0), call.getArgOperand(2),
                  call.getType()->getScalarType());
      return;
    case llvm::Intrinsic::masked_scatter:
      if (llvm::isa<llvm::FixedVectorType>(call.getArgOperand(0)->getType()))
        emitLanes(b, call.getArgOperand(1), call.getArgOperand(3),
                  call.getArgOperand(0)->getType()->getScalarType());
      return;
    case llvm::Intrinsic::memcpy:
    case llvm::Intrinsic::memmove:
      emit(b, call.getArgOperand(1), call.getArgOperand(2));
      return emit(b, call.getArgOperand(0), call.getArgOperand(2));
    case llvm::Intrinsic::memset:
      return emit(b, call.getArgOperand(0), call.getArgOperand(2));
    default:
      return;
    }
  }

  const llvm::DataLayout &layout;
  llvm::Type *i64;
  llvm::FunctionCallee trace;
};

} // namespace

void traceMemoryAccesses(llvm::Module &module) {
  AccessTracer tracer(module);
  for (llvm::Function &f : module) {
    if (f.isDeclaration())
      continue;
    // Collected first: instrumenting inserts instructions.
    std::vector<llvm::Instruction *> accesses;
    for (llvm::Instruction &inst : llvm::instructions(f))
      if (inst.mayReadOrWriteMemory() && !llvm::isa<llvm::FenceInst>(inst))
        accesses.push_back(&inst);
    for (llvm::Instruction *inst : accesses)
      tracer.instrument(*inst);
  }
}

} // namespace affjit
