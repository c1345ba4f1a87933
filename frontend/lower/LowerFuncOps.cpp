// Lowering of func.return and func.call (func.func itself is lowered by
// FunctionLowering.cpp).
#include "frontend/lower/FunctionLowering.h"
#include "frontend/lower/FunctionSignature.h"
#include "frontend/lower/OpLowerings.h"

namespace affjit {

static Operation *enclosingFunction(Operation &op) {
  Operation *p = op.getParentOp();
  while (p && !p->isa("func.func"))
    p = p->getParentOp();
  return p;
}

static bool lowerReturn(LoweringContext &lc, Operation &op) {
  Operation *func = enclosingFunction(op);
  Type fnType = func->getAttr("function_type").getType();
  llvm::Value *packed = packResults(lc, fnType, lc.lookup(op.getOperands()));
  if (packed)
    lc.builder().CreateRet(packed);
  else
    lc.builder().CreateRetVoid();
  return true;
}

/// Calls through `_mlir_ciface_` with descriptors spilled to the stack.
static llvm::Value *emitCInterfaceCall(LoweringContext &lc, Operation &callee,
                                       const std::vector<Value *> &args) {
  llvm::IRBuilder<> &b = lc.builder();
  Type fnType = callee.getAttr("function_type").getType();
  llvm::FunctionType *cty = convertCInterfaceType(lc, fnType);
  llvm::FunctionCallee fn = lc.runtimeFunction(
      cInterfaceName(callee.getAttr("sym_name").getString()), cty);
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
  const std::string &name = op.getAttr("callee").getString();
  Operation *callee = lc.sourceModule().lookupSymbol(name);
  if (!callee)
    return lc.emitError(op, "unknown callee @" + name);
  Type fnType = callee->getAttr("function_type").getType();
  llvm::Value *result;
  if (wantsExternalCInterface(*callee)) {
    result = emitCInterfaceCall(lc, *callee, op.getOperands());
  } else {
    std::vector<llvm::Value *> args;
    for (unsigned i = 0; i < op.getNumOperands(); ++i)
      expandArgument(lc, fnType.getInputs()[i], lc.lookup(op.getOperand(i)),
                     args);
    llvm::FunctionCallee fn =
        lc.runtimeFunction(name, convertFunctionType(lc, fnType));
    result = lc.builder().CreateCall(fn, args);
  }
  if (op.getNumResults() == 1)
    lc.map(op.getResult(0), result);
  for (unsigned i = 0; op.getNumResults() > 1 && i < op.getNumResults(); ++i)
    lc.map(op.getResult(i), lc.builder().CreateExtractValue(result, {i}));
  return true;
}

void registerFuncOpLowerings(OpLoweringRegistry &r) {
  r.add("func.return", lowerReturn);
  r.add("func.call", lowerCall);
}

} // namespace affjit
