// The registry of op lowerings, filled by one file per dialect
// (LowerAffineOps.cpp, LowerArithOps.cpp, ...). A lowering emits LLVM IR
// for one op at the builder's insertion point and maps its results.
// Region-holding ops (affine.for/if/parallel, alloca_scope) create their
// own blocks and lower their bodies through LoweringContext.
#pragma once

#include "frontend/lower/LoweringContext.h"

#include <string>
#include <string_view>
#include <unordered_map>

namespace affjit {

using OpLowerFn = bool (*)(LoweringContext &, Operation &);

class OpLoweringRegistry {
public:
  static const OpLoweringRegistry &get();
  OpLowerFn lookup(std::string_view name) const;
  void add(std::string name, OpLowerFn fn) { fns[std::move(name)] = fn; }
  /// Every op that compiles, sorted.
  std::vector<std::string> names() const { return sortedOpNames(fns); }

private:
  std::unordered_map<std::string, OpLowerFn> fns;
};

/// affine.parallel, sequential or on the threading runtime
/// (LowerParallel.cpp).
bool lowerAffineParallel(LoweringContext &lc, Operation &op);

void registerArithOpLowerings(OpLoweringRegistry &r);
void registerMathOpLowerings(OpLoweringRegistry &r);
void registerAffineOpLowerings(OpLoweringRegistry &r);
void registerMemRefOpLowerings(OpLoweringRegistry &r);
void registerVectorOpLowerings(OpLoweringRegistry &r);
void registerScfOpLowerings(OpLoweringRegistry &r);
void registerFuncOpLowerings(OpLoweringRegistry &r);
void registerMemRefAtomicOpLowerings(OpLoweringRegistry &r);
void registerControlFlowOpLowerings(OpLoweringRegistry &r);

} // namespace affjit
