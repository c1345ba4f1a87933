// Verifiers of the affine dialect (seed 000): maps' dim/symbol counts
// against operands, memref rank against map results, element types of
// loads and stores, dimension/symbol validity of every map operand
// ("Restrictions on Dimensions and Symbols"), positive steps, iter_args and
// yield agreement, affine.parallel reductions, prefetch hints and DMA
// operand types (including seed 004's equal element types).
#include "frontend/ir/AffineOps.h"
#include "frontend/ir/ArithOpTable.h"
#include "frontend/verify/OpVerifiers.h"

namespace affjit {

namespace {

/// The affine map attribute `name`, or an error.
bool getMap(Operation &op, VerifyContext &ctx, const char *name,
            AffineMap &map) {
  Attribute a = op.getAttr(name);
  if (!a || !a.isa(AttrKind::AffineMap))
    return ctx.emitOpError(op, std::string("requires attribute '") + name +
                                   "' of an affine map");
  map = a.getAffineMap();
  return true;
}

/// Seed 000: operands bound to dims must be valid dims, those bound to
/// symbols valid symbols, and all of them of index type.
bool checkDimsAndSymbols(Operation &op, VerifyContext &ctx,
                         const std::vector<Value *> &ops, unsigned numDims) {
  for (unsigned i = 0; i < ops.size(); ++i) {
    if (!ops[i]->getType().isIndex())
      return ctx.emitOpError(op, "operand #" + std::to_string(i) +
                                     " must be index, but got " +
                                     quoted(ops[i]->getType()));
    if (i < numDims && !isValidAffineDim(ops[i], &op))
      return ctx.emitOpError(op, "operand cannot be used as a dimension id");
    if (i >= numDims && !isValidAffineSymbol(ops[i], &op))
      return ctx.emitOpError(op, "operand cannot be used as a symbol");
  }
  return true;
}

bool checkMapOperands(Operation &op, VerifyContext &ctx, const AffineMap &map,
                      const std::vector<Value *> &ops) {
  if (ops.size() != map.getNumInputs())
    return ctx.emitOpError(op, "operand count and affine map dimension and "
                               "symbol count must match");
  return checkDimsAndSymbols(op, ctx, ops, map.getNumDims());
}

bool verifyApply(Operation &op, VerifyContext &ctx) {
  AffineMap map;
  if (!getMap(op, ctx, attrname::affine::Map, map) ||
      !checkMapOperands(op, ctx, map, op.getOperands()))
    return false;
  if (map.getNumResults() != 1)
    return ctx.emitOpError(op, "mapping must produce one value");
  if (op.getNumResults() != 1 || !op.getResult(0)->getType().isIndex())
    return ctx.emitOpError(op, "requires a single index result");
  return true;
}

bool verifyMinMax(Operation &op, VerifyContext &ctx) {
  AffineMap map;
  if (!getMap(op, ctx, attrname::affine::Map, map) ||
      !checkMapOperands(op, ctx, map, op.getOperands()))
    return false;
  if (map.getNumResults() == 0)
    return ctx.emitOpError(op, "affine map expect at least one result");
  if (op.getNumResults() != 1 || !op.getResult(0)->getType().isIndex())
    return ctx.emitOpError(op, "requires a single index result");
  return true;
}

/// The memref at `memrefIdx` accessed through `map` with the following
/// `map.getNumInputs()` operands.
bool checkAccess(Operation &op, VerifyContext &ctx, unsigned memrefIdx,
                 const AffineMap &map, const char *memrefRole = "memref") {
  if (memrefIdx >= op.getNumOperands())
    return ctx.emitOpError(op, "expects a memref operand");
  Type t = op.getOperand(memrefIdx)->getType();
  if (!t.isMemRef())
    return ctx.emitOpError(op, std::string("expects ") + memrefRole +
                                   " to be a ranked memref, but got " +
                                   quoted(t));
  if ((int64_t)map.getNumResults() != t.getRank())
    return ctx.emitOpError(op, "affine map num results must equal memref "
                               "rank");
  unsigned first = memrefIdx + 1;
  if (first + map.getNumInputs() > op.getNumOperands())
    return ctx.emitOpError(op, "expects as many subscripts as affine map "
                               "inputs");
  std::vector<Value *> idx = op.getOperands(first, map.getNumInputs());
  for (Value *v : idx)
    if (!v->getType().isIndex())
      return ctx.emitOpError(op, "index to load must have 'index' type");
  for (unsigned i = 0; i < idx.size(); ++i)
    if (!isValidAffineDim(idx[i], &op) && !isValidAffineSymbol(idx[i], &op))
      return ctx.emitOpError(op, "index must be a dimension or symbol "
                                 "identifier");
  return checkDimsAndSymbols(op, ctx, idx, map.getNumDims());
}

bool checkSubscriptCount(Operation &op, VerifyContext &ctx,
                         const AffineMap &map, unsigned fixedOperands) {
  if (op.getNumOperands() != fixedOperands + map.getNumInputs())
    return ctx.emitOpError(op, "expects as many subscripts as affine map "
                               "inputs");
  return true;
}

bool verifyLoad(Operation &op, VerifyContext &ctx) {
  AffineMap map;
  if (!getMap(op, ctx, attrname::affine::Map, map) ||
      !checkAccess(op, ctx, 0, map) || !checkSubscriptCount(op, ctx, map, 1))
    return false;
  Type elem = op.getOperand(0)->getType().getElementType();
  Type result = op.getResult(0)->getType();
  if (op.isa("affine.load") && result != elem)
    return ctx.emitOpError(op, "result type must match element type of "
                               "memref");
  if (op.isa("affine.vector_load") &&
      (!result.isVector() || result.getElementType() != elem))
    return ctx.emitOpError(op, "requires memref and vector types of the "
                               "same elemental type");
  return true;
}

bool verifyStore(Operation &op, VerifyContext &ctx) {
  AffineMap map;
  if (!getMap(op, ctx, attrname::affine::Map, map) ||
      !checkAccess(op, ctx, 1, map) || !checkSubscriptCount(op, ctx, map, 2))
    return false;
  Type elem = op.getOperand(1)->getType().getElementType();
  Type value = op.getOperand(0)->getType();
  if (op.isa("affine.store") && value != elem)
    return ctx.emitOpError(op, "value to store must have the same type as "
                               "memref element type");
  if (op.isa("affine.vector_store") &&
      (!value.isVector() || value.getElementType() != elem))
    return ctx.emitOpError(op, "requires memref and vector types of the "
                               "same elemental type");
  return true;
}

/// Loop bodies: one block whose arguments are `ivTypes` then `iterTypes`.
bool checkBodyArguments(Operation &op, VerifyContext &ctx, unsigned numIvs,
                        const std::vector<Type> &iterTypes) {
  if (op.getNumRegions() != 1 || op.getRegion(0).empty())
    return ctx.emitOpError(op, "requires one region with a body block");
  Block &body = op.getRegion(0).front();
  if (body.getNumArguments() != numIvs + iterTypes.size())
    return ctx.emitOpError(op, "expected body to have " +
                                   std::to_string(numIvs + iterTypes.size()) +
                                   " arguments");
  for (unsigned i = 0; i < body.getNumArguments(); ++i) {
    Type want = i < numIvs ? Type::index() : iterTypes[i - numIvs];
    if (body.getArgument(i)->getType() != want)
      return ctx.emitOpError(op, "expected body argument #" +
                                     std::to_string(i) + " of type " +
                                     quoted(want));
  }
  return true;
}

bool verifyFor(Operation &op, VerifyContext &ctx) {
  AffineForOp forOp(&op);
  AffineMap lb, ub;
  Attribute seg = forOp.getOperandSegmentSizesAttr();
  Attribute step = forOp.getStepAttr();
  if (!getMap(op, ctx, attrname::affine::LowerBoundMap, lb) ||
      !getMap(op, ctx, attrname::affine::UpperBoundMap, ub))
    return false;
  if (!seg || !seg.isa(AttrKind::DenseArray) || seg.getInts().size() != 3)
    return ctx.emitOpError(op, "requires 'operandSegmentSizes' with 3 "
                               "entries");
  if (!step || !step.isa(AttrKind::Integer))
    return ctx.emitOpError(op, "requires an integer 'step' attribute");
  if (step.getInt() <= 0)
    return ctx.emitOpError(op, "expected step to be representable as a "
                               "positive signed integer");
  // affjit's own hint; a typo in its value must not be silently ignored.
  if (Attribute unroll = op.getAttr(AffineForOp::kUnrollAttrName);
      unroll && !unroll.isa(AttrKind::Bool))
    return ctx.emitOpError(op, std::string("attribute '") +
                                   AffineForOp::kUnrollAttrName +
                                   "' must be true or false");
  std::vector<int64_t> n = seg.getInts();
  if (n[0] < 0 || n[1] < 0 || n[2] < 0 ||
      n[0] + n[1] + n[2] != (int64_t)op.getNumOperands())
    return ctx.emitOpError(op, "operand segments do not add up to the "
                               "operand count");
  if (n[0] != lb.getNumInputs() || n[1] != ub.getNumInputs())
    return ctx.emitOpError(op, "operand count must match affine map dimension "
                               "and symbol count");
  if (lb.getNumResults() == 0 || ub.getNumResults() == 0)
    return ctx.emitOpError(op, "expected lower and upper bound maps to have "
                               "at least one result");
  if (!checkDimsAndSymbols(op, ctx, op.getOperands(0, (unsigned)n[0]),
                           lb.getNumDims()) ||
      !checkDimsAndSymbols(op, ctx,
                           op.getOperands((unsigned)n[0], (unsigned)n[1]),
                           ub.getNumDims()))
    return false;
  if (n[2] != (int64_t)op.getNumResults())
    return ctx.emitOpError(op, "mismatch between the number of loop-carried "
                               "values and results");
  std::vector<Type> iterTypes = op.getResultTypes();
  for (unsigned i = 0; i < iterTypes.size(); ++i)
    if (op.getOperand((unsigned)(n[0] + n[1]) + i)->getType() != iterTypes[i])
      return ctx.emitOpError(op, "types mismatch between iter operands and "
                                 "defined values");
  return checkBodyArguments(op, ctx, 1, iterTypes);
}

/// MLIR's NoRegionArguments: the blocks of `op`'s regions take no
/// arguments (a block header such as `^bb0(%a: i32):` would declare some).
bool checkNoRegionArguments(Operation &op, VerifyContext &ctx) {
  for (unsigned r = 0; r < op.getNumRegions(); ++r)
    if (!op.getRegion(r).empty() &&
        !op.getRegion(r).front().getArguments().empty())
      return ctx.emitOpError(op, "region #" + std::to_string(r) +
                                     " should have no arguments");
  return true;
}

/// One index result per basis element (MLIR 19 does not require a basis).
bool verifyDelinearizeIndex(Operation &op, VerifyContext &ctx) {
  for (Value *v : op.getOperands())
    if (!v->getType().isIndex())
      return ctx.emitOpError(op, "operands must be of type index");
  for (Value *r : op.getResults())
    if (!r->getType().isIndex())
      return ctx.emitOpError(op, "results must be of type index");
  if (op.getNumOperands() == 0 || op.getNumResults() != op.getNumOperands() - 1)
    return ctx.emitOpError(op, "should return an index for each basis "
                               "element");
  return true;
}

bool verifyIf(Operation &op, VerifyContext &ctx) {
  if (!checkNoRegionArguments(op, ctx))
    return false;
  Attribute cond = AffineIfOp(&op).getConditionAttr();
  if (!cond || !cond.isa(AttrKind::IntegerSet))
    return ctx.emitOpError(op, "requires an integer set attribute named "
                               "'condition'");
  IntegerSet set = cond.getIntegerSet();
  if (op.getNumOperands() != set.getNumInputs())
    return ctx.emitOpError(op, "operand count and condition integer set "
                               "dimension and symbol count must match");
  if (!checkDimsAndSymbols(op, ctx, op.getOperands(), set.getNumDims()))
    return false;
  if (op.getNumRegions() != 2 || op.getRegion(0).empty())
    return ctx.emitOpError(op, "requires a then region with one block");
  if (op.getNumResults() != 0 && op.getRegion(1).empty())
    return ctx.emitOpError(op, "source has 0 operands, but target successor "
                               "needs " +
                                   std::to_string(op.getNumResults()));
  return true;
}

/// MLIR's isResultTypeMatchAtomicRMWKind: signed/unsigned kinds need
/// signed/unsigned integer types, which signless iN are not.
bool reductionMatchesType(int64_t kind, Type t) {
  std::string_view k = kAtomicRMWKinds[kind];
  if (k == "addf" || k == "mulf" || k == "maximumf" || k == "minimumf")
    return t.isFloat();
  if (k == "addi" || k == "muli" || k == "ori" || k == "andi")
    return t.isInteger();
  return k == "assign";
}

/// A bound group attribute: one positive group size per induction
/// variable, adding up to the bound map's results (a splat repeats).
bool checkBoundGroups(Operation &op, VerifyContext &ctx, Attribute groups,
                      const AffineMap &map, size_t numIvs, const char *which) {
  std::vector<int64_t> sizes = groups.getInts();
  if (groups.isSplat() && !sizes.empty())
    sizes.assign(numIvs, sizes[0]);
  int64_t total = 0;
  for (int64_t g : sizes) {
    if (g <= 0)
      return ctx.emitOpError(op, std::string("expected ") + which +
                                     " bound map to have at least one "
                                     "result per group");
    total += g;
  }
  if (sizes.size() != numIvs || total != (int64_t)map.getNumResults())
    return ctx.emitOpError(op, std::string("the number of ") + which +
                                   " bound groups and their sizes must match "
                                   "the induction variables and the bound "
                                   "map's results");
  return true;
}

bool verifyParallel(Operation &op, VerifyContext &ctx) {
  AffineParallelOp parallel(&op);
  AffineMap lb, ub;
  if (!getMap(op, ctx, attrname::affine::LowerBoundsMap, lb) ||
      !getMap(op, ctx, attrname::affine::UpperBoundsMap, ub))
    return false;
  Attribute steps = parallel.getStepsAttr(),
            reds = parallel.getReductionsAttr();
  Attribute lbg = parallel.getLowerBoundsGroupsAttr(),
            ubg = parallel.getUpperBoundsGroupsAttr();
  if (!steps || !steps.isa(AttrKind::Array) || !reds ||
      !reds.isa(AttrKind::Array) || !lbg || !lbg.isa(AttrKind::DenseElements) ||
      !ubg || !ubg.isa(AttrKind::DenseElements))
    return ctx.emitOpError(op, "requires 'steps', 'reductions' and bound "
                               "group attributes");
  size_t numIvs = steps.getArray().size();
  if (!checkBoundGroups(op, ctx, lbg, lb, numIvs, "lower") ||
      !checkBoundGroups(op, ctx, ubg, ub, numIvs, "upper"))
    return false;
  if (lb.getNumInputs() + ub.getNumInputs() != op.getNumOperands())
    return ctx.emitOpError(op, "operand count must match the bound maps' "
                               "inputs");
  for (const Attribute &s : steps.getArray())
    if (!s.isa(AttrKind::Integer) || s.getInt() <= 0)
      return ctx.emitOpError(op, "steps must be positive integers");
  if (reds.getArray().size() != op.getNumResults())
    return ctx.emitOpError(op, "a reduction must be specified for each "
                               "output");
  for (unsigned i = 0; i < op.getNumResults(); ++i) {
    Attribute k = reds.getArray()[i];
    if (!k.isa(AttrKind::Integer) || k.getInt() < 0 ||
        k.getInt() >= kNumAtomicRMWKinds)
      return ctx.emitOpError(op, "invalid reduction attribute");
    if (!reductionMatchesType(k.getInt(), op.getResult(i)->getType()))
      return ctx.emitOpError(op, "result type cannot match reduction "
                                 "attribute");
  }
  if (!checkDimsAndSymbols(op, ctx, op.getOperands(0, lb.getNumInputs()),
                           lb.getNumDims()) ||
      !checkDimsAndSymbols(op, ctx,
                           op.getOperands(lb.getNumInputs(), ub.getNumInputs()),
                           ub.getNumDims()))
    return false;
  return checkBodyArguments(op, ctx, (unsigned)numIvs, {});
}

bool verifyYield(Operation &op, VerifyContext &ctx) {
  Operation *parent = op.getParentOp();
  if (!parent || parent->getDialect() != "affine")
    return ctx.emitOpError(op, "expects parent op to be one of "
                               "'affine.for, affine.if, affine.parallel'");
  if (parent->getNumResults() != op.getNumOperands())
    return ctx.emitOpError(op, "parent of yield must have same number of "
                               "results as the yield operands");
  for (unsigned i = 0; i < op.getNumOperands(); ++i)
    if (parent->getResult(i)->getType() != op.getOperand(i)->getType())
      return ctx.emitOpError(op, "types mismatch between yield op and its "
                                 "parent");
  return true;
}

bool verifyPrefetch(Operation &op, VerifyContext &ctx) {
  AffinePrefetchOp prefetch(&op);
  AffineMap map;
  if (!getMap(op, ctx, attrname::affine::Map, map) ||
      !checkAccess(op, ctx, 0, map) || !checkSubscriptCount(op, ctx, map, 1))
    return false;
  Attribute hint = prefetch.getLocalityHintAttr();
  if (!hint || !hint.isa(AttrKind::Integer) || hint.getInt() < 0 ||
      hint.getInt() > 3)
    return ctx.emitOpError(op, "locality hint must be between 0 and 3");
  if (!prefetch.getIsWriteAttr() || !prefetch.getIsDataCacheAttr())
    return ctx.emitOpError(op, "requires 'isWrite' and 'isDataCache'");
  return true;
}

bool verifyDmaStart(Operation &op, VerifyContext &ctx) {
  AffineMap srcMap, dstMap, tagMap;
  if (!getMap(op, ctx, attrname::affine::SrcMap, srcMap) ||
      !getMap(op, ctx, attrname::affine::DstMap, dstMap) ||
      !getMap(op, ctx, attrname::affine::TagMap, tagMap))
    return false;
  unsigned dst = 1 + srcMap.getNumInputs();
  unsigned tag = dst + 1 + dstMap.getNumInputs();
  unsigned rest = tag + 1 + tagMap.getNumInputs();
  if (rest + 1 != op.getNumOperands() && rest + 3 != op.getNumOperands())
    return ctx.emitOpError(op, "expected two stride related operands");
  if (!checkAccess(op, ctx, 0, srcMap, "source") ||
      !checkAccess(op, ctx, dst, dstMap, "destination") ||
      !checkAccess(op, ctx, tag, tagMap, "tag"))
    return false;
  for (unsigned i = rest; i < op.getNumOperands(); ++i)
    if (!op.getOperand(i)->getType().isIndex())
      return ctx.emitOpError(op, "expected the number of elements and "
                                 "strides to be of index type");
  Type srcT = op.getOperand(0)->getType(), dstT = op.getOperand(dst)->getType();
  if (srcT.getElementType() != dstT.getElementType())
    return ctx.emitError(op, "source and destination memrefs must have the "
                             "same elemental type");
  if (!op.getOperand(tag)->getType().getElementType().isInteger())
    return ctx.emitOpError(op, "expected tag to be a memref of integers");
  return true;
}

bool verifyDmaWait(Operation &op, VerifyContext &ctx) {
  AffineMap tagMap;
  if (!getMap(op, ctx, attrname::affine::TagMap, tagMap) ||
      !checkAccess(op, ctx, 0, tagMap, "tag") ||
      !checkSubscriptCount(op, ctx, tagMap, 2))
    return false;
  if (!op.getOperand(op.getNumOperands() - 1)->getType().isIndex())
    return ctx.emitOpError(op, "expected the number of elements to be of "
                               "index type");
  return true;
}

} // namespace

void registerAffineOpVerifiers(OpVerifierRegistry &r) {
  r.add("affine.apply", verifyApply);
  r.add("affine.delinearize_index", verifyDelinearizeIndex);
  r.add("affine.min", verifyMinMax);
  r.add("affine.max", verifyMinMax);
  r.add("affine.load", verifyLoad);
  r.add("affine.vector_load", verifyLoad);
  r.add("affine.store", verifyStore);
  r.add("affine.vector_store", verifyStore);
  r.add("affine.for", verifyFor);
  r.add("affine.if", verifyIf);
  r.add("affine.parallel", verifyParallel);
  r.add("affine.yield", verifyYield);
  r.add("affine.prefetch", verifyPrefetch);
  r.add("affine.dma_start", verifyDmaStart);
  r.add("affine.dma_wait", verifyDmaWait);
}

} // namespace affjit
