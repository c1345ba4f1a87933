// The module-level driver of the LLVM lowering: globals first, then every
// function is declared (so calls can refer to any of them), then bodies are
// lowered op by op through the dialect lowerings.
#include "frontend/lower/LowerToLLVM.h"

#include "frontend/ir/FuncOps.h"
#include "frontend/lower/FunctionLowering.h"
#include "frontend/lower/OpLowerings.h"

#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include <optional>

namespace affjit {

namespace {

/// Whether values of type `t` have a run-time representation here: tensors
/// (which need bufferization) and function values do not.
bool hasLowering(Type t) {
  if (t.isTensor() || t.isFunction())
    return false;
  if (t.isVector() || t.isAnyMemRef())
    return hasLowering(t.getElementType());
  return true;
}

/// The first type among `types` without a lowering.
std::optional<Type> firstUnlowerable(const std::vector<Type> &types) {
  for (Type t : types)
    if (!hasLowering(t))
      return t;
  return std::nullopt;
}

std::vector<Type> typesOf(const std::vector<Value *> &values) {
  std::vector<Type> out;
  for (Value *v : values)
    out.push_back(v->getType());
  return out;
}

/// The types `op` defines or takes, its signature for a function.
std::vector<Type> typesAt(Operation &op) {
  std::vector<Type> types = typesOf(op.getOperands());
  for (Type t : typesOf(op.getResults()))
    types.push_back(t);
  for (unsigned r = 0; r < op.getNumRegions(); ++r)
    for (const auto &block : op.getRegion(r).getBlocks())
      for (Type t : typesOf(block->getArguments()))
        types.push_back(t);
  if (op.isa("func.func")) {
    Type fn = FuncOp(&op).getFunctionType();
    types.insert(types.end(), fn.getInputs().begin(), fn.getInputs().end());
    types.insert(types.end(), fn.getResults().begin(), fn.getResults().end());
  }
  return types;
}

/// Reports the first op of `fn` that defines or takes a value no code can
/// hold (a verified program may still contain tensors).
bool checkLowerableTypes(LoweringContext &lc, Operation &fn) {
  bool ok = true;
  fn.walk<WalkOrder::PreOrder>([&](Operation *op) {
    std::optional<Type> bad = firstUnlowerable(typesAt(*op));
    if (!bad)
      return WalkResult::advance();
    std::string what = "cannot compile a value of type '" + bad->str() + "'";
    if (bad->isTensor())
      what += ": affjit runs programs on memrefs; bufferize tensors first "
              "(mlir-opt --one-shot-bufferize=bufferize-function-boundaries)";
    lc.emitError(*op, what);
    ok = false;
    return WalkResult::interrupt();
  });
  return ok;
}

} // namespace

std::unique_ptr<llvm::Module> lowerToLLVM(Module &module,
                                          llvm::LLVMContext &context,
                                          DiagnosticEngine &diag,
                                          const LowerOptions &options) {
  auto llvmModule = std::make_unique<llvm::Module>("affjit", context);
  LoweringContext lc(*llvmModule, diag, options, module);
  // Module-level ops that are not functions (memref.global) lower first.
  // Anything else there would need code outside any function to run.
  for (auto &op : module.getBody().getOperations()) {
    if (op->isa("func.func"))
      continue;
    // An empty nested module (what mlir-opt leaves of a transform script)
    // holds nothing to run.
    if (op->isa("builtin.module") && op->getRegion(0).front().empty())
      continue;
    if (!op->isa("memref.global")) {
      lc.emitError(*op, "only functions and memref.global can be compiled "
                        "at module level");
      return nullptr;
    }
    if (!lc.lowerOp(*op))
      return nullptr;
  }
  for (auto &op : module.getBody().getOperations())
    if (op->isa("func.func") && !checkLowerableTypes(lc, *op))
      return nullptr;
  for (auto &op : module.getBody().getOperations())
    if (op->isa("func.func"))
      declareFunction(lc, *op);
  for (auto &op : module.getBody().getOperations())
    if (op->isa("func.func") && !lowerFunctionBody(lc, *op))
      return nullptr;
  std::string err;
  llvm::raw_string_ostream os(err);
  if (llvm::verifyModule(*llvmModule, &os)) {
    diag.error(Location(),
               "internal error: invalid LLVM IR generated: " + os.str());
    return nullptr;
  }
  return llvmModule;
}

} // namespace affjit
