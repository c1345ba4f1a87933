// State shared by all op lowerings of one function: the IRBuilder, the map
// from affjit values to LLVM values, type conversion (MLIR's LLVM type
// conventions, so descriptors match MLIR's C ABI), memref descriptor access,
// affine expression emission and nested-region lowering.
#pragma once

#include "frontend/ir/Diagnostics.h"
#include "frontend/ir/IR.h"
#include "frontend/lower/LowerToLLVM.h"

#include <llvm/IR/IRBuilder.h>

#include <unordered_map>
#include <vector>

namespace affjit {

class LoweringContext {
public:
  LoweringContext(llvm::Module &m, DiagnosticEngine &d, const LowerOptions &o,
                  Module &source);

  llvm::LLVMContext &ctx() { return module.getContext(); }
  llvm::Module &llvmModule() { return module; }
  llvm::IRBuilder<> &builder() { return b; }
  const LowerOptions &options() const { return opts; }
  /// LLVM's flags for float op `op`: its `fastmath<...>` attribute, or all
  /// of them under LowerOptions::fastMath.
  llvm::FastMathFlags fastMathFlags(Operation &op) const;
  Module &sourceModule() { return source; }
  /// The id of the next traced nest (LowerOptions::firstTracedNest on).
  int64_t nextTracedNest() { return *opts.firstTracedNest + tracedNests++; }

  //===-- types -----------------------------------------------------------===//
  /// index → i64, iN, f16/bf16/f32/f64, vector<AxB> → [A x <B x T>] nests,
  /// memref → {ptr, ptr, i64, [r x i64], [r x i64]}, unranked → {i64, ptr}.
  llvm::Type *convertType(Type t);
  llvm::Type *indexType() { return b.getInt64Ty(); }
  llvm::Value *indexConst(int64_t v) { return b.getInt64(v); }

  //===-- values ----------------------------------------------------------===//
  llvm::Value *lookup(Value *v);
  std::vector<llvm::Value *> lookup(const std::vector<Value *> &vs);
  void map(Value *v, llvm::Value *lv) { values[v] = lv; }

  //===-- memref descriptors ----------------------------------------------===//
  llvm::Value *allocatedPtr(llvm::Value *desc);
  llvm::Value *alignedPtr(llvm::Value *desc);
  /// Offset, size and stride; constants where `type` knows them statically.
  llvm::Value *offset(llvm::Value *desc, Type type);
  llvm::Value *size(llvm::Value *desc, Type type, unsigned dim);
  llvm::Value *stride(llvm::Value *desc, Type type, unsigned dim);
  /// Builds a descriptor from its parts.
  llvm::Value *makeDescriptor(Type type, llvm::Value *allocated,
                              llvm::Value *aligned, llvm::Value *offset,
                              const std::vector<llvm::Value *> &sizes,
                              const std::vector<llvm::Value *> &strides);
  /// Address of element `indices` of memref value `memref` (with a bounds
  /// check in checked mode, reported at `loc`).
  llvm::Value *elementPtr(Value *memref, const std::vector<llvm::Value *> &idx,
                          const Location &loc);
  /// The same address, unchecked (vector accesses check their lanes with
  /// emitLaneChecks). `insideBuffer` false: the element need not exist (the
  /// first lane of a masked access may be a disabled lane outside the
  /// memref), so LLVM is not told the address lies in the buffer.
  llvm::Value *elementAddress(Value *memref,
                              const std::vector<llvm::Value *> &idx,
                              bool insideBuffer);

  //===-- affine ----------------------------------------------------------===//
  /// Emits `e` over index values; floordiv/ceildiv/mod round toward -inf as
  /// the affine dialect defines them.
  llvm::Value *emitAffineExpr(AffineExpr e,
                              const std::vector<llvm::Value *> &dims,
                              const std::vector<llvm::Value *> &syms);
  /// floor(a / d) and a mod d (in [0, d)) for index values, d > 0: the
  /// affine dialect's rounding.
  llvm::Value *emitFloorDiv(llvm::Value *a, llvm::Value *d);
  llvm::Value *emitMod(llvm::Value *a, llvm::Value *d);
  /// Emits all results of `map` applied to `operands` (dims then symbols).
  std::vector<llvm::Value *>
  emitAffineMap(const AffineMap &map,
                const std::vector<llvm::Value *> &operands);

  //===-- structure -------------------------------------------------------===//
  /// Lowers every op of `block` except its terminator, in order.
  bool lowerOpsExceptTerminator(Block &block);
  bool lowerOp(Operation &op);
  /// Reports "failed to lower '<op>'…" at op's location; always false.
  bool emitError(Operation &op, const std::string &msg);
  llvm::Function *currentFunction() { return b.GetInsertBlock()->getParent(); }
  /// Declares (once) an external function of the runtime or libm.
  llvm::FunctionCallee runtimeFunction(llvm::StringRef name,
                                       llvm::FunctionType *type);
  /// A stack slot in the current function's entry block, so slots created
  /// inside loops do not grow the stack.
  llvm::Value *entryAlloca(llvm::Type *type);
  /// True while lowering the outlined body of a parallel loop: loops
  /// inside it run sequentially (only the outermost level is parallel).
  bool inParallelRegion() const { return parallelDepth > 0; }
  void enterParallelRegion() { ++parallelDepth; }
  void exitParallelRegion() { --parallelDepth; }

private:
  llvm::Module &module;
  DiagnosticEngine &diag;
  const LowerOptions &opts;
  Module &source;
  llvm::IRBuilder<> b;
  std::unordered_map<Value *, llvm::Value *> values;
  unsigned parallelDepth = 0;
  int64_t tracedNests = 0;
};

} // namespace affjit
