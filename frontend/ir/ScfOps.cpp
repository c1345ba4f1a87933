// Typed views of the scf dialect (ScfOps.h).
#include "frontend/ir/ScfOps.h"

namespace affjit {

ScfYieldOp ScfYieldOp::create(OpBuilder &b, std::vector<Value *> values) {
  OperationState state(opname::ScfYield, b.getLoc());
  state.operands = std::move(values);
  return ScfYieldOp(b.create(state));
}

std::vector<Value *> ScfForOp::getRegionIterArgs() const {
  std::vector<Value *> args = getBody()->getArguments();
  args.erase(args.begin());
  return args;
}

std::vector<int64_t> ScfParallelOp::segments() const {
  return getOperandSegmentSizesAttr().getInts();
}

unsigned ScfParallelOp::getNumLoops() const { return (unsigned)segments()[0]; }

std::vector<Value *> ScfParallelOp::getLowerBounds() const {
  return op->getOperands(0, (unsigned)segments()[0]);
}

std::vector<Value *> ScfParallelOp::getUpperBounds() const {
  std::vector<int64_t> s = segments();
  return op->getOperands((unsigned)s[0], (unsigned)s[1]);
}

std::vector<Value *> ScfParallelOp::getSteps() const {
  std::vector<int64_t> s = segments();
  return op->getOperands((unsigned)(s[0] + s[1]), (unsigned)s[2]);
}

std::vector<Value *> ScfParallelOp::getInits() const {
  std::vector<int64_t> s = segments();
  return op->getOperands((unsigned)(s[0] + s[1] + s[2]), (unsigned)s[3]);
}

} // namespace affjit
