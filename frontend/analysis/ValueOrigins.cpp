// Value origins (see ValueOrigins.h).
#include "frontend/analysis/ValueOrigins.h"

namespace affjit {

namespace {
bool isComputedFromWithin(Value *v, Value *from, unsigned depth) {
  if (v == from)
    return true;
  Operation *def = v->getDefiningOp();
  if (!def || depth == 0)
    return false;
  for (Value *operand : def->getOperands())
    if (isComputedFromWithin(operand, from, depth - 1))
      return true;
  return false;
}
} // namespace

bool isComputedFrom(Value *v, Value *from) {
  return isComputedFromWithin(v, from, 16);
}

bool boundsDependOn(AffineForOp loop, Value *iv) {
  for (Value *v : loop.getLowerBoundOperands())
    if (isComputedFrom(v, iv))
      return true;
  for (Value *v : loop.getUpperBoundOperands())
    if (isComputedFrom(v, iv))
      return true;
  return false;
}

} // namespace affjit
