// func.func definitions, declarations and their C-interface wrappers.
#include "frontend/lower/FunctionLowering.h"

#include "frontend/ir/FuncOps.h"
#include "frontend/lower/FunctionSignature.h"
#include "frontend/lower/NestTracing.h"

namespace affjit {

std::string cInterfaceName(const std::string &name) {
  return "_mlir_ciface_" + name;
}

/// Emits `_mlir_ciface_<name>`: loads descriptors from pointers, calls the
/// function, and stores struct results through the leading pointer.
static void emitCInterfaceWrapper(LoweringContext &lc, FuncOp func,
                                  llvm::Function *target) {
  Type fnType = func.getFunctionType();
  llvm::FunctionType *wty = convertCInterfaceType(lc, fnType);
  llvm::Function *w =
      llvm::Function::Create(wty, llvm::Function::ExternalLinkage,
                             cInterfaceName(func.getName()), lc.llvmModule());
  llvm::IRBuilder<> &b = lc.builder();
  auto saved = b.saveIP();
  b.SetInsertPoint(llvm::BasicBlock::Create(lc.ctx(), "entry", w));
  auto arg = w->arg_begin();
  bool resultByPointer = wty->getNumParams() != fnType.getInputs().size();
  llvm::Value *resultPtr = resultByPointer ? &*arg++ : nullptr;
  std::vector<llvm::Value *> callArgs;
  for (Type t : fnType.getInputs()) {
    llvm::Value *v = &*arg++;
    if (isDescriptorType(t))
      v = b.CreateLoad(lc.convertType(t), v);
    expandArgument(lc, t, v, callArgs);
  }
  llvm::Value *result = b.CreateCall(target, callArgs);
  if (resultPtr) {
    b.CreateStore(result, resultPtr);
    b.CreateRetVoid();
  } else if (target->getReturnType()->isVoidTy()) {
    b.CreateRetVoid();
  } else {
    b.CreateRet(result);
  }
  b.restoreIP(saved);
}

std::string packedInterfaceName(const std::string &name) {
  return "__affjit_packed_" + name;
}

/// Emits `__affjit_packed_<name>(ptr args)`: args[i] points to argument i
/// (a memref argument points to its descriptor) and args[n] to the result
/// slot. One signature for every function lets the engine call any of them
/// after checking the argument types against the function type.
static void emitPackedWrapper(LoweringContext &lc, FuncOp func,
                              llvm::Function *target) {
  Type fnType = func.getFunctionType();
  llvm::IRBuilder<> &b = lc.builder();
  auto *wty = llvm::FunctionType::get(b.getVoidTy(), {b.getPtrTy()}, false);
  llvm::Function *w = llvm::Function::Create(
      wty, llvm::Function::ExternalLinkage, packedInterfaceName(func.getName()),
      lc.llvmModule());
  auto saved = b.saveIP();
  b.SetInsertPoint(llvm::BasicBlock::Create(lc.ctx(), "entry", w));
  llvm::Value *args = &*w->arg_begin();
  std::vector<llvm::Value *> callArgs;
  const auto &inputs = fnType.getInputs();
  for (unsigned i = 0; i < inputs.size(); ++i) {
    llvm::Value *slot =
        b.CreateLoad(b.getPtrTy(), b.CreateConstGEP1_64(b.getPtrTy(), args, i));
    llvm::Value *v = b.CreateLoad(lc.convertType(inputs[i]), slot);
    expandArgument(lc, inputs[i], v, callArgs);
  }
  llvm::Value *result = b.CreateCall(target, callArgs);
  if (!target->getReturnType()->isVoidTy()) {
    llvm::Value *slot = b.CreateLoad(
        b.getPtrTy(), b.CreateConstGEP1_64(b.getPtrTy(), args, inputs.size()));
    b.CreateStore(result, slot);
  }
  b.CreateRetVoid();
  b.restoreIP(saved);
}

void declareFunction(LoweringContext &lc, Operation &func) {
  FuncOp fn(&func);
  Type fnType = fn.getFunctionType();
  const std::string &name = fn.getName();
  llvm::Function *f = llvm::Function::Create(convertFunctionType(lc, fnType),
                                             llvm::Function::ExternalLinkage,
                                             name, lc.llvmModule());
  // Definitions always get a C-interface wrapper: the engine calls through
  // it. Declarations call the external `_mlir_ciface_` only when asked.
  if (!fn.isDeclaration()) {
    emitCInterfaceWrapper(lc, fn, f);
    emitPackedWrapper(lc, fn, f);
  }
}

bool lowerFunctionBody(LoweringContext &lc, Operation &func) {
  FuncOp fn(&func);
  if (fn.isDeclaration())
    return true;
  Type fnType = fn.getFunctionType();
  llvm::Function *f = lc.llvmModule().getFunction(fn.getName());
  llvm::IRBuilder<> &b = lc.builder();
  b.SetInsertPoint(llvm::BasicBlock::Create(lc.ctx(), "entry", f));
  Block &entry = *fn.getBody();
  auto it = f->arg_begin();
  for (unsigned i = 0; i < entry.getNumArguments(); ++i)
    lc.map(entry.getArgument(i),
           collapseArguments(lc, fnType.getInputs()[i], it));
  // The body ends in func.return, lowered like any op.
  bool tracing = lc.options().firstTracedNest.has_value();
  for (auto &op : entry.getOperations()) {
    bool lowered = tracing && isTracedNest(*op)
                       ? lowerTracedNest(lc, *op, lc.nextTracedNest())
                       : lc.lowerOp(*op);
    if (!lowered)
      return false;
  }
  return true;
}

/// Declared here for the func dialect lowerings (return, call).
bool wantsExternalCInterface(Operation &callee) {
  FuncOp fn(&callee);
  return fn.isDeclaration() && fn.hasEmitCInterface();
}

} // namespace affjit
