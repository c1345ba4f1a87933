// Accessors and builders of the affine dialect's typed views.
#include "frontend/ir/AffineOps.h"

namespace affjit {

namespace {

Attribute mapAttr(const AffineMap &m) { return Attribute::affineMap(m); }

Attribute segmentsAttr(const std::vector<int64_t> &sizes) {
  return Attribute::denseArray(Type::integer(32), sizes);
}

/// `dense<[...]> : tensor<Nxi32>`, affine.parallel's bound groups.
Attribute groupsAttr(const std::vector<int64_t> &groups) {
  return Attribute::denseInts(
      Type::tensor({(int64_t)groups.size()}, Type::integer(32)), groups);
}

Attribute i64ArrayAttr(const std::vector<int64_t> &values) {
  std::vector<Attribute> out;
  for (int64_t v : values)
    out.push_back(Attribute::integer(v, Type::integer(64)));
  return Attribute::array(std::move(out));
}

std::vector<int64_t> i64Array(Attribute a) {
  std::vector<int64_t> out;
  for (const Attribute &e : a.getArray())
    out.push_back(e.getInt());
  return out;
}

/// The constant of a single-result constant map, if it is one.
std::optional<int64_t> constantOf(const AffineMap &map) {
  if (!map.isSingleConstant())
    return std::nullopt;
  return map.getSingleConstantResult();
}

/// The results of `map` in [begin, begin + count) as a map of their own.
AffineMap subMap(const AffineMap &map, size_t begin, size_t count) {
  const auto &all = map.getResults();
  return AffineMap::get(map.getNumDims(), map.getNumSymbols(),
                        {all.begin() + begin, all.begin() + begin + count});
}

AffineMap groupMap(const AffineMap &map, const std::vector<int64_t> &groups,
                   unsigned dim) {
  size_t begin = 0;
  for (unsigned d = 0; d < dim; ++d)
    begin += (size_t)groups[d];
  return subMap(map, begin, (size_t)groups[dim]);
}

/// One map holding the results of `maps` in order (all over the same
/// inputs), and how many results each contributed.
AffineMap concatMaps(const std::vector<AffineMap> &maps,
                     std::vector<int64_t> &groups) {
  std::vector<AffineExpr> results;
  unsigned numDims = 0, numSymbols = 0;
  for (const AffineMap &m : maps) {
    numDims = m.getNumDims();
    numSymbols = m.getNumSymbols();
    results.insert(results.end(), m.getResults().begin(), m.getResults().end());
    groups.push_back(m.getNumResults());
  }
  return AffineMap::get(numDims, numSymbols, std::move(results));
}

/// A map operation (apply/min/max) with one index result.
Operation *createMapOp(OpBuilder &b, const char *name, AffineMap map,
                       std::vector<Value *> operands) {
  OperationState state(name, b.getLoc());
  state.operands = std::move(operands);
  state.addAttr(attrname::affine::Map, mapAttr(map));
  state.types.push_back(Type::index());
  return b.create(state);
}

/// An affine access: optional stored value, memref, then map operands.
Operation *createAccess(OpBuilder &b, const char *name, Value *stored,
                        Value *memref, AffineMap map,
                        std::vector<Value *> mapOperands, Type resultType) {
  OperationState state(name, b.getLoc());
  if (stored)
    state.operands.push_back(stored);
  state.operands.push_back(memref);
  state.addOperands(mapOperands);
  state.addAttr(attrname::affine::Map, mapAttr(map));
  if (resultType)
    state.types.push_back(resultType);
  return b.create(state);
}

} // namespace

//===-- affine.yield ------------------------------------------------------===//

AffineYieldOp AffineYieldOp::create(OpBuilder &b, std::vector<Value *> values) {
  OperationState state(opname::AffineYield, b.getLoc());
  state.operands = std::move(values);
  return AffineYieldOp(b.create(state));
}

//===-- affine.for --------------------------------------------------------===//

AffineForOp AffineForOp::create(OpBuilder &b, AffineMap lbMap,
                                std::vector<Value *> lbOperands,
                                AffineMap ubMap,
                                std::vector<Value *> ubOperands, int64_t step,
                                std::vector<Value *> inits) {
  OperationState state(opname::AffineFor, b.getLoc());
  state.addAttr(attrname::affine::LowerBoundMap, mapAttr(lbMap));
  state.addAttr(attrname::affine::UpperBoundMap, mapAttr(ubMap));
  state.addAttr(attrname::affine::Step, Attribute::index(step));
  state.addAttr(
      attrname::OperandSegmentSizes,
      segmentsAttr({(int64_t)lbOperands.size(), (int64_t)ubOperands.size(),
                    (int64_t)inits.size()}));
  state.addOperands(lbOperands);
  state.addOperands(ubOperands);
  state.addOperands(inits);
  Block *body = state.addRegion()->addBlock();
  body->addArgument(Type::index());
  std::vector<Value *> carried;
  for (Value *init : inits) {
    state.types.push_back(init->getType());
    carried.push_back(body->addArgument(init->getType()));
  }
  OpBuilder inBody(body, b.getLoc());
  AffineYieldOp::create(inBody, carried);
  return AffineForOp(b.create(state));
}

AffineForOp AffineForOp::create(OpBuilder &b, int64_t lb, int64_t ub,
                                int64_t step, std::vector<Value *> inits) {
  return create(b, AffineMap::getConstant(lb), {}, AffineMap::getConstant(ub),
                {}, step, std::move(inits));
}

std::vector<int64_t> AffineForOp::segments() const {
  return getOperandSegmentSizesAttr().getInts();
}

Attribute AffineForOp::getOperandSegmentSizesAttr() const {
  return op->getAttr(attrname::OperandSegmentSizes);
}

AffineMap AffineForOp::getLowerBoundMap() const {
  return op->getAttr(attrname::affine::LowerBoundMap).getAffineMap();
}

AffineMap AffineForOp::getUpperBoundMap() const {
  return op->getAttr(attrname::affine::UpperBoundMap).getAffineMap();
}

std::vector<Value *> AffineForOp::getLowerBoundOperands() const {
  return op->getOperands(0, (unsigned)segments()[0]);
}

std::vector<Value *> AffineForOp::getUpperBoundOperands() const {
  auto s = segments();
  return op->getOperands((unsigned)s[0], (unsigned)s[1]);
}

std::vector<Value *> AffineForOp::getInits() const {
  auto s = segments();
  return op->getOperands((unsigned)(s[0] + s[1]), (unsigned)s[2]);
}

void AffineForOp::setBound(unsigned which, const char *attr, AffineMap map,
                           std::vector<Value *> operands) {
  std::vector<int64_t> s = segments();
  unsigned begin = which == 0 ? 0 : (unsigned)s[0];
  op->replaceOperands(begin, (unsigned)s[which], operands);
  s[which] = (int64_t)operands.size();
  op->setAttr(attrname::OperandSegmentSizes, segmentsAttr(s));
  op->setAttr(attr, mapAttr(map));
}

void AffineForOp::setLowerBound(AffineMap map, std::vector<Value *> operands) {
  setBound(0, attrname::affine::LowerBoundMap, map, std::move(operands));
}

void AffineForOp::setUpperBound(AffineMap map, std::vector<Value *> operands) {
  setBound(1, attrname::affine::UpperBoundMap, map, std::move(operands));
}

std::optional<int64_t> AffineForOp::getConstantLowerBound() const {
  return constantOf(getLowerBoundMap());
}

std::optional<int64_t> AffineForOp::getConstantUpperBound() const {
  return constantOf(getUpperBoundMap());
}

int64_t AffineForOp::getStep() const { return getStepAttr().getInt(); }

void AffineForOp::setStep(int64_t step) {
  op->setAttr(attrname::affine::Step, Attribute::index(step));
}

Attribute AffineForOp::getStepAttr() const {
  return op->getAttr(attrname::affine::Step);
}

bool AffineForOp::isUnrollDisabled() const {
  Attribute a = op->getAttr(kUnrollAttrName);
  return a.isa(AttrKind::Bool) && !a.getBool();
}

void AffineForOp::disableUnroll() {
  op->setAttr(kUnrollAttrName, Attribute::boolean(false));
}

Block *AffineForOp::getBody() const { return &op->getRegion(0).front(); }

Value *AffineForOp::getInductionVar() const {
  return getBody()->getArgument(0);
}

unsigned AffineForOp::getNumIterArgs() const { return op->getNumResults(); }

std::vector<Value *> AffineForOp::getRegionIterArgs() const {
  std::vector<Value *> args = getBody()->getArguments();
  return {args.begin() + 1, args.end()};
}

AffineYieldOp AffineForOp::getYield() const {
  return dyn_cast<AffineYieldOp>(getBody()->getTerminator());
}

//===-- affine.if ---------------------------------------------------------===//

AffineIfOp AffineIfOp::create(OpBuilder &b, IntegerSet set,
                              std::vector<Value *> operands,
                              std::vector<Type> resultTypes, bool withElse) {
  OperationState state(opname::AffineIf, b.getLoc());
  state.operands = std::move(operands);
  state.types = std::move(resultTypes);
  state.addAttr(attrname::affine::Condition, Attribute::integerSet(set));
  for (int r = 0; r < 2; ++r) {
    Region *region = state.addRegion();
    if (r == 1 && !withElse)
      continue;
    Block *block = region->addBlock();
    if (state.types.empty()) {
      OpBuilder inBlock(block, b.getLoc());
      AffineYieldOp::create(inBlock);
    }
  }
  return AffineIfOp(b.create(state));
}

IntegerSet AffineIfOp::getCondition() const {
  return getConditionAttr().getIntegerSet();
}

Attribute AffineIfOp::getConditionAttr() const {
  return op->getAttr(attrname::affine::Condition);
}

void AffineIfOp::setCondition(IntegerSet set, std::vector<Value *> operands) {
  op->setAttr(attrname::affine::Condition, Attribute::integerSet(set));
  op->setOperands(std::move(operands));
}

Block *AffineIfOp::getThenBlock() const { return &op->getRegion(0).front(); }

bool AffineIfOp::hasElse() const { return !op->getRegion(1).empty(); }

Block *AffineIfOp::getElseBlock() const {
  return hasElse() ? &op->getRegion(1).front() : nullptr;
}

//===-- affine.parallel ---------------------------------------------------===//

AffineParallelOp AffineParallelOp::create(
    OpBuilder &b, std::vector<Type> resultTypes,
    std::vector<int64_t> reductions, std::vector<AffineMap> lbMaps,
    std::vector<Value *> lbOperands, std::vector<AffineMap> ubMaps,
    std::vector<Value *> ubOperands, std::vector<int64_t> steps) {
  OperationState state(opname::AffineParallel, b.getLoc());
  std::vector<int64_t> lbGroups, ubGroups;
  state.addAttr(attrname::affine::LowerBoundsMap,
                mapAttr(concatMaps(lbMaps, lbGroups)));
  state.addAttr(attrname::affine::LowerBoundsGroups, groupsAttr(lbGroups));
  state.addAttr(attrname::affine::UpperBoundsMap,
                mapAttr(concatMaps(ubMaps, ubGroups)));
  state.addAttr(attrname::affine::UpperBoundsGroups, groupsAttr(ubGroups));
  state.addAttr(attrname::affine::Steps, i64ArrayAttr(steps));
  state.addAttr(attrname::affine::Reductions, i64ArrayAttr(reductions));
  state.addOperands(lbOperands);
  state.addOperands(ubOperands);
  state.types = std::move(resultTypes);
  Block *body = state.addRegion()->addBlock();
  for (size_t i = 0; i < steps.size(); ++i)
    body->addArgument(Type::index());
  if (state.types.empty()) {
    OpBuilder inBody(body, b.getLoc());
    AffineYieldOp::create(inBody);
  }
  return AffineParallelOp(b.create(state));
}

unsigned AffineParallelOp::getNumDims() const {
  return (unsigned)getStepsAttr().getArray().size();
}

std::vector<Value *> AffineParallelOp::getIVs() const {
  return getBody()->getArguments();
}

Block *AffineParallelOp::getBody() const { return &op->getRegion(0).front(); }

AffineMap AffineParallelOp::getLowerBoundsMap() const {
  return op->getAttr(attrname::affine::LowerBoundsMap).getAffineMap();
}

AffineMap AffineParallelOp::getUpperBoundsMap() const {
  return op->getAttr(attrname::affine::UpperBoundsMap).getAffineMap();
}

std::vector<int64_t> AffineParallelOp::getLowerBoundsGroups() const {
  return getLowerBoundsGroupsAttr().getIntsExpanded(getNumDims());
}

std::vector<int64_t> AffineParallelOp::getUpperBoundsGroups() const {
  return getUpperBoundsGroupsAttr().getIntsExpanded(getNumDims());
}

Attribute AffineParallelOp::getLowerBoundsGroupsAttr() const {
  return op->getAttr(attrname::affine::LowerBoundsGroups);
}

Attribute AffineParallelOp::getUpperBoundsGroupsAttr() const {
  return op->getAttr(attrname::affine::UpperBoundsGroups);
}

AffineMap AffineParallelOp::getLowerBoundMap(unsigned dim) const {
  return groupMap(getLowerBoundsMap(), getLowerBoundsGroups(), dim);
}

AffineMap AffineParallelOp::getUpperBoundMap(unsigned dim) const {
  return groupMap(getUpperBoundsMap(), getUpperBoundsGroups(), dim);
}

std::vector<Value *> AffineParallelOp::getLowerBoundsOperands() const {
  return op->getOperands(0, getLowerBoundsMap().getNumInputs());
}

std::vector<Value *> AffineParallelOp::getUpperBoundsOperands() const {
  unsigned begin = getLowerBoundsMap().getNumInputs();
  return op->getOperands(begin, op->getNumOperands() - begin);
}

std::vector<int64_t> AffineParallelOp::getSteps() const {
  return i64Array(getStepsAttr());
}

void AffineParallelOp::setSteps(const std::vector<int64_t> &steps) {
  op->setAttr(attrname::affine::Steps, i64ArrayAttr(steps));
}

Attribute AffineParallelOp::getStepsAttr() const {
  return op->getAttr(attrname::affine::Steps);
}

std::vector<int64_t> AffineParallelOp::getReductions() const {
  return i64Array(getReductionsAttr());
}

Attribute AffineParallelOp::getReductionsAttr() const {
  return op->getAttr(attrname::affine::Reductions);
}

//===-- accesses ----------------------------------------------------------===//

AffineLoadOp AffineLoadOp::create(OpBuilder &b, Value *memref, AffineMap map,
                                  std::vector<Value *> mapOperands) {
  return AffineLoadOp(createAccess(b, opname::AffineLoad, nullptr, memref, map,
                                   std::move(mapOperands),
                                   memref->getType().getElementType()));
}

AffineLoadOp AffineLoadOp::create(OpBuilder &b, Value *memref,
                                  std::vector<Value *> indices) {
  auto map = AffineMap::getMultiDimIdentity((unsigned)indices.size());
  return create(b, memref, map, std::move(indices));
}

AffineStoreOp AffineStoreOp::create(OpBuilder &b, Value *value, Value *memref,
                                    AffineMap map,
                                    std::vector<Value *> mapOperands) {
  return AffineStoreOp(createAccess(b, opname::AffineStore, value, memref, map,
                                    std::move(mapOperands), Type()));
}

AffineStoreOp AffineStoreOp::create(OpBuilder &b, Value *value, Value *memref,
                                    std::vector<Value *> indices) {
  auto map = AffineMap::getMultiDimIdentity((unsigned)indices.size());
  return create(b, value, memref, map, std::move(indices));
}

AffineVectorLoadOp
AffineVectorLoadOp::create(OpBuilder &b, Type vectorType, Value *memref,
                           AffineMap map, std::vector<Value *> mapOperands) {
  return AffineVectorLoadOp(createAccess(b, opname::AffineVectorLoad, nullptr,
                                         memref, map, std::move(mapOperands),
                                         vectorType));
}

AffineVectorStoreOp
AffineVectorStoreOp::create(OpBuilder &b, Value *vector, Value *memref,
                            AffineMap map, std::vector<Value *> mapOperands) {
  return AffineVectorStoreOp(createAccess(b, opname::AffineVectorStore, vector,
                                          memref, map, std::move(mapOperands),
                                          Type()));
}

//===-- apply / min / max -------------------------------------------------===//

AffineApplyOp AffineApplyOp::create(OpBuilder &b, AffineMap map,
                                    std::vector<Value *> operands) {
  return AffineApplyOp(
      createMapOp(b, opname::AffineApply, map, std::move(operands)));
}

AffineMinOp AffineMinOp::create(OpBuilder &b, AffineMap map,
                                std::vector<Value *> operands) {
  return AffineMinOp(
      createMapOp(b, opname::AffineMin, map, std::move(operands)));
}

AffineMaxOp AffineMaxOp::create(OpBuilder &b, AffineMap map,
                                std::vector<Value *> operands) {
  return AffineMaxOp(
      createMapOp(b, opname::AffineMax, map, std::move(operands)));
}

} // namespace affjit
