// func.func definitions, declarations and their C-interface wrappers.
#include "frontend/lower/FunctionLowering.h"

#include "frontend/lower/FunctionSignature.h"
#include "frontend/lower/NestTracing.h"

namespace affjit {

std::string cInterfaceName(const std::string &name) {
  return "_mlir_ciface_" + name;
}

static Type functionType(Operation &func) {
  return func.getAttr("function_type").getType();
}

static const std::string &functionName(Operation &func) {
  return func.getAttr("sym_name").getString();
}

static bool isDeclaration(Operation &func) { return func.getRegion(0).empty(); }

static bool wantsCInterface(Operation &func) {
  return (bool)func.getAttr("llvm.emit_c_interface");
}

/// Emits `_mlir_ciface_<name>`: loads descriptors from pointers, calls the
/// function, and stores struct results through the leading pointer.
static void emitCInterfaceWrapper(LoweringContext &lc, Operation &func,
                                  llvm::Function *target) {
  Type fnType = functionType(func);
  llvm::FunctionType *wty = convertCInterfaceType(lc, fnType);
  llvm::Function *w = llvm::Function::Create(
      wty, llvm::Function::ExternalLinkage, cInterfaceName(functionName(func)),
      lc.llvmModule());
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
static void emitPackedWrapper(LoweringContext &lc, Operation &func,
                              llvm::Function *target) {
  Type fnType = functionType(func);
  llvm::IRBuilder<> &b = lc.builder();
  auto *wty = llvm::FunctionType::get(b.getVoidTy(), {b.getPtrTy()}, false);
  llvm::Function *w = llvm::Function::Create(
      wty, llvm::Function::ExternalLinkage,
      packedInterfaceName(functionName(func)), lc.llvmModule());
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
  Type fnType = functionType(func);
  const std::string &name = functionName(func);
  llvm::Function *f = llvm::Function::Create(convertFunctionType(lc, fnType),
                                             llvm::Function::ExternalLinkage,
                                             name, lc.llvmModule());
  // Definitions always get a C-interface wrapper: the engine calls through
  // it. Declarations call the external `_mlir_ciface_` only when asked.
  if (!isDeclaration(func)) {
    emitCInterfaceWrapper(lc, func, f);
    emitPackedWrapper(lc, func, f);
  }
}

bool lowerFunctionBody(LoweringContext &lc, Operation &func) {
  if (isDeclaration(func))
    return true;
  Type fnType = functionType(func);
  llvm::Function *f = lc.llvmModule().getFunction(functionName(func));
  llvm::IRBuilder<> &b = lc.builder();
  b.SetInsertPoint(llvm::BasicBlock::Create(lc.ctx(), "entry", f));
  Block &entry = func.getRegion(0).front();
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
  return isDeclaration(callee) && wantsCInterface(callee);
}

} // namespace affjit
