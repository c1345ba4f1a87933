// The traced nests and their hooks (see NestTracing.h).
#include "frontend/lower/NestTracing.h"

#include "frontend/ir/FuncOps.h"

namespace affjit {

bool isTracedNest(const Operation &op) {
  const Operation *func = op.getParentOp();
  return op.isa("affine.for") &&
         !(func && isAliasGuardVersion(func, "as_written"));
}

std::vector<TracedNest> tracedNests(Module &module) {
  std::vector<TracedNest> nests;
  for (auto &func : module.getBody().getOperations()) {
    if (!func->isa("func.func") || func->getRegion(0).empty())
      continue;
    for (auto &op : func->getRegion(0).front().getOperations())
      if (isTracedNest(*op))
        nests.push_back({FuncOp(func.get()).getName(), op->getLoc()});
  }
  return nests;
}

bool lowerTracedNest(LoweringContext &lc, Operation &loop, int64_t id) {
  llvm::IRBuilder<> &b = lc.builder();
  auto *hookType =
      llvm::FunctionType::get(b.getVoidTy(), {b.getInt64Ty()}, false);
  b.CreateCall(lc.runtimeFunction("affjit_rt_trace_nest_begin", hookType),
               {b.getInt64(id)});
  if (!lc.lowerOp(loop))
    return false;
  b.CreateCall(lc.runtimeFunction("affjit_rt_trace_nest_end", hookType),
               {b.getInt64(id)});
  return true;
}

} // namespace affjit
