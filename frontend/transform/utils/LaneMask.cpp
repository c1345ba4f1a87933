// Masks of lane-dependent conditions (see LaneMask.h).
#include "frontend/transform/utils/LaneMask.h"

namespace affjit {

namespace {

Value *createOp(OpBuilder &b, const char *name, std::vector<Value *> operands,
                Type type, std::vector<NamedAttribute> attrs = {}) {
  OperationState state(name, b.getLoc());
  state.operands = std::move(operands);
  state.types.push_back(type);
  state.attrs = std::move(attrs);
  return b.create(state)->getResult(0);
}

Value *constantVector(OpBuilder &b, Type type, std::vector<int64_t> values) {
  return ConstantOp::create(b, Attribute::denseInts(type, std::move(values)))
      .getResult();
}

/// `e(lane) >= 0` (or `== 0`) for each lane.
Value *constraintMask(OpBuilder &b, AffineMap expr,
                      const std::vector<Value *> &operands, int64_t step,
                      bool isEq, unsigned lanes) {
  Type i64 = Type::integer(64);
  Type vecTy = Type::vector({(int64_t)lanes}, i64);
  Value *first = AffineApplyOp::create(b, expr, operands).getResult();
  Value *first64 = createOp(b, "arith.index_cast", {first}, i64);
  Value *base = createOp(b, "vector.broadcast", {first64}, vecTy);
  std::vector<int64_t> offsets;
  for (unsigned k = 0; k < lanes; ++k)
    offsets.push_back(step * (int64_t)k);
  Value *values = createOp(b, "arith.addi",
                           {base, constantVector(b, vecTy, offsets)}, vecTy);
  // kCmpIPredicates: eq = 0, sge = 5.
  Attribute pred = Attribute::integer(isEq ? 0 : 5, Type::integer(64));
  return createOp(b, "arith.cmpi", {values, constantVector(b, vecTy, {0})},
                  Type::vector({(int64_t)lanes}, Type::integer(1)),
                  {{"predicate", pred}});
}

} // namespace

Value *andMasks(OpBuilder &b, Value *a, Value *c) {
  return createOp(b, "arith.andi", {a, c}, a->getType());
}

Value *invertMask(OpBuilder &b, Value *mask) {
  return createOp(b, "arith.xori",
                  {mask, constantVector(b, mask->getType(), {1})},
                  mask->getType());
}

Value *buildConditionMask(OpBuilder &b, const IntegerSet &set,
                          const std::vector<Value *> &operands,
                          const std::vector<int64_t> &laneSteps,
                          unsigned lanes) {
  Value *mask = nullptr;
  for (unsigned k = 0; k < set.getNumConstraints(); ++k) {
    AffineMap expr = AffineMap::get(set.getNumDims(), set.getNumSymbols(),
                                    {set.getConstraint(k)});
    Value *m =
        constraintMask(b, expr, operands, laneSteps[k], set.isEq(k), lanes);
    mask = mask ? andMasks(b, mask, m) : m;
  }
  if (!mask) // an empty set holds everywhere
    mask = constantVector(b, Type::vector({(int64_t)lanes}, Type::integer(1)),
                          {1});
  return mask;
}

} // namespace affjit
