// Custom-syntax printers of the affine dialect (seed 000), the inverse of
// AffineOpsParser.cpp, following MLIR 19's choices: constant and
// single-symbol loop bounds print bare, other bounds as map applications;
// unit steps and operand-less yields are omitted.
#include "frontend/ir/AffineOps.h"
#include "frontend/ir/ArithOpTable.h"
#include "frontend/print/OpPrinters.h"

namespace affjit {

namespace {

AffineMap mapOf(Operation &op, const char *name) {
  return op.getAttr(name).getAffineMap();
}

/// `(%d0, %d1)[%s0]`
void printDimAndSymbolList(Printer &p, const std::vector<Value *> &ops,
                           unsigned numDims) {
  p.os() << '(';
  p.printOperands(std::vector<Value *>(ops.begin(), ops.begin() + numDims));
  p.os() << ')';
  if (ops.size() > numDims) {
    p.os() << '[';
    p.printOperands(std::vector<Value *>(ops.begin() + numDims, ops.end()));
    p.os() << ']';
  }
}

void printDelinearizeIndex(Printer &p, Operation &op) {
  p.printOpName(op);
  p.os() << ' ';
  p.printOperands({op.getOperand(0)});
  p.os() << " into (";
  p.printOperands(op.getOperands(1, op.getNumOperands() - 1));
  p.os() << ')';
  p.printOptionalAttrDict(op.getAttrs());
  p.os() << " : ";
  std::vector<Type> types;
  for (Value *r : op.getResults())
    types.push_back(r->getType());
  p.printTypes(types);
}

void printMapApplication(Printer &p, Operation &op) {
  p.printOpName(op);
  p.os() << ' ';
  AffineMap map = mapOf(op, attrname::affine::Map);
  p.printAffineMap(map);
  printDimAndSymbolList(p, op.getOperands(), map.getNumDims());
  p.printOptionalAttrDict(op.getAttrs(), {attrname::affine::Map});
}

/// `%m[%i + 1, symbol(%n)]` for the memref at operand `memrefIdx`.
void printAccess(Printer &p, Operation &op, unsigned memrefIdx,
                 unsigned numIndices, const AffineMap &map) {
  p.printOperand(op.getOperand(memrefIdx));
  p.os() << '[';
  p.printAffineMapOfSSAIds(map, op.getOperands(memrefIdx + 1, numIndices));
  p.os() << ']';
}

void printLoadLike(Printer &p, Operation &op) {
  p.printOpName(op);
  p.os() << ' ';
  printAccess(p, op, 0, op.getNumOperands() - 1,
              mapOf(op, attrname::affine::Map));
  p.printOptionalAttrDict(op.getAttrs(), {attrname::affine::Map});
  p.os() << " : ";
  p.printType(op.getOperand(0)->getType());
  if (op.isa("affine.vector_load")) {
    p.os() << ", ";
    p.printType(op.getResult(0)->getType());
  }
}

void printStoreLike(Printer &p, Operation &op) {
  p.printOpName(op);
  p.os() << ' ';
  p.printOperand(op.getOperand(0));
  p.os() << ", ";
  printAccess(p, op, 1, op.getNumOperands() - 2,
              mapOf(op, attrname::affine::Map));
  p.printOptionalAttrDict(op.getAttrs(), {attrname::affine::Map});
  p.os() << " : ";
  p.printType(op.getOperand(1)->getType());
  if (op.isa("affine.vector_store")) {
    p.os() << ", ";
    p.printType(op.getOperand(0)->getType());
  }
}

/// A loop bound: a constant, a lone symbol, or `[max|min] map(...)[...]`.
void printForBound(Printer &p, const AffineMap &map,
                   const std::vector<Value *> &ops, const char *prefix) {
  if (map.getNumResults() == 1) {
    if (map.getNumInputs() == 0 && map.isSingleConstant()) {
      p.os() << map.getSingleConstantResult();
      return;
    }
    if (map.isSymbolIdentity()) {
      p.printOperand(ops[0]);
      return;
    }
  } else {
    p.os() << prefix << ' ';
  }
  p.printAffineMap(map);
  printDimAndSymbolList(p, ops, map.getNumDims());
}

void printFor(Printer &p, Operation &op) {
  AffineForOp forOp(&op);
  p.printOpName(op);
  p.os() << ' ';
  p.printBlockArgName(forOp.getInductionVar());
  p.os() << " = ";
  printForBound(p, forOp.getLowerBoundMap(), forOp.getLowerBoundOperands(),
                "max");
  p.os() << " to ";
  printForBound(p, forOp.getUpperBoundMap(), forOp.getUpperBoundOperands(),
                "min");
  if (forOp.getStep() != 1)
    p.os() << " step " << forOp.getStep();
  if (forOp.getNumIterArgs() != 0) {
    std::vector<Value *> args = forOp.getRegionIterArgs();
    std::vector<Value *> inits = forOp.getInits();
    p.os() << " iter_args(";
    for (size_t i = 0; i < args.size(); ++i) {
      if (i)
        p.os() << ", ";
      p.printBlockArgName(args[i]);
      p.os() << " = ";
      p.printOperand(inits[i]);
    }
    p.os() << ") -> (";
    p.printTypes(op.getResultTypes());
    p.os() << ')';
  }
  p.os() << ' ';
  p.printRegion(op.getRegion(0), false, op.getNumResults() != 0);
  p.printOptionalAttrDict(op.getAttrs(), {attrname::affine::LowerBoundMap,
                                          attrname::affine::UpperBoundMap,
                                          attrname::affine::Step,
                                          attrname::OperandSegmentSizes});
}

void printIf(Printer &p, Operation &op) {
  p.printOpName(op);
  p.os() << ' ';
  IntegerSet set = AffineIfOp(&op).getCondition();
  p.os() << "affine_set<";
  set.print(p.os());
  p.os() << '>';
  printDimAndSymbolList(p, op.getOperands(), set.getNumDims());
  if (op.getNumResults() != 0) {
    p.os() << " -> (";
    p.printTypes(op.getResultTypes());
    p.os() << ')';
  }
  bool printYields = op.getNumResults() != 0;
  p.os() << ' ';
  p.printRegion(op.getRegion(0), false, printYields);
  if (!op.getRegion(1).empty()) {
    p.os() << " else ";
    p.printRegion(op.getRegion(1), false, printYields);
  }
  p.printOptionalAttrDict(op.getAttrs(), {attrname::affine::Condition});
}

/// `(e0, max(e1, e2))`: each group of a parallel bound map.
void printBoundGroups(Printer &p, const AffineMap &map,
                      const std::vector<int64_t> &groups,
                      const std::vector<Value *> &ops, const char *minMax) {
  p.os() << '(';
  unsigned next = 0;
  for (size_t g = 0; g < groups.size(); ++g) {
    if (g)
      p.os() << ", ";
    std::vector<AffineExpr> exprs(map.getResults().begin() + next,
                                  map.getResults().begin() + next + groups[g]);
    next += (unsigned)groups[g];
    AffineMap sub =
        AffineMap::get(map.getNumDims(), map.getNumSymbols(), exprs);
    if (exprs.size() > 1)
      p.os() << minMax << '(';
    p.printAffineMapOfSSAIds(sub, ops);
    if (exprs.size() > 1)
      p.os() << ')';
  }
  p.os() << ')';
}

void printParallelStepsAndReductions(Printer &p, AffineParallelOp op) {
  std::vector<int64_t> steps = op.getSteps();
  bool allOne = true;
  for (int64_t s : steps)
    allOne &= s == 1;
  if (!allOne) {
    p.os() << " step (";
    for (size_t i = 0; i < steps.size(); ++i)
      p.os() << (i ? ", " : "") << steps[i];
    p.os() << ')';
  }
  if (op->getNumResults() == 0)
    return;
  p.os() << " reduce (";
  std::vector<int64_t> kinds = op.getReductions();
  for (size_t i = 0; i < kinds.size(); ++i) {
    int64_t k = kinds[i];
    p.os() << (i ? ", " : "") << '"'
           << (k >= 0 && k < kNumAtomicRMWKinds ? kAtomicRMWKinds[k] : "?")
           << '"';
  }
  p.os() << ") -> (";
  p.printTypes(op->getResultTypes());
  p.os() << ')';
}

void printParallel(Printer &p, Operation &op) {
  p.printOpName(op);
  Block &body = op.getRegion(0).front();
  size_t numIvs = body.getNumArguments();
  p.os() << " (";
  p.printOperands(body.getArguments());
  p.os() << ") = ";
  AffineParallelOp parallel(&op);
  AffineMap lb = parallel.getLowerBoundsMap(),
            ub = parallel.getUpperBoundsMap();
  unsigned nLb = lb.getNumInputs();
  printBoundGroups(p, lb,
                   parallel.getLowerBoundsGroupsAttr().getIntsExpanded(numIvs),
                   op.getOperands(0, nLb), "max");
  p.os() << " to ";
  printBoundGroups(p, ub,
                   parallel.getUpperBoundsGroupsAttr().getIntsExpanded(numIvs),
                   op.getOperands(nLb, ub.getNumInputs()), "min");
  printParallelStepsAndReductions(p, parallel);
  p.os() << ' ';
  p.printRegion(op.getRegion(0), false, op.getNumResults() != 0);
  p.printOptionalAttrDict(
      op.getAttrs(),
      {attrname::affine::LowerBoundsMap, attrname::affine::LowerBoundsGroups,
       attrname::affine::UpperBoundsMap, attrname::affine::UpperBoundsGroups,
       attrname::affine::Steps, attrname::affine::Reductions});
}

void printPrefetch(Printer &p, Operation &op) {
  p.printOpName(op);
  p.os() << ' ';
  AffinePrefetchOp prefetch(&op);
  printAccess(p, op, 0, op.getNumOperands() - 1, prefetch.getMap());
  p.os() << ", " << (prefetch.getIsWrite() ? "write" : "read") << ", locality<"
         << prefetch.getLocalityHint() << ">, "
         << (prefetch.getIsDataCache() ? "data" : "instr");
  p.printOptionalAttrDict(op.getAttrs(),
                          {attrname::affine::Map, attrname::prefetch::IsWrite,
                           attrname::prefetch::LocalityHint,
                           attrname::prefetch::IsDataCache});
  p.os() << " : ";
  p.printType(op.getOperand(0)->getType());
}

/// Operand layout of affine.dma_start: src, srcIdx, dst, dstIdx, tag,
/// tagIdx, numElements[, stride, elementsPerStride].
void printDmaStart(Printer &p, Operation &op) {
  p.printOpName(op);
  p.os() << ' ';
  AffineMap srcMap = mapOf(op, attrname::affine::SrcMap),
            dstMap = mapOf(op, attrname::affine::DstMap),
            tagMap = mapOf(op, attrname::affine::TagMap);
  unsigned src = 0, dst = src + 1 + srcMap.getNumInputs();
  unsigned tag = dst + 1 + dstMap.getNumInputs();
  unsigned rest = tag + 1 + tagMap.getNumInputs();
  printAccess(p, op, src, srcMap.getNumInputs(), srcMap);
  p.os() << ", ";
  printAccess(p, op, dst, dstMap.getNumInputs(), dstMap);
  p.os() << ", ";
  printAccess(p, op, tag, tagMap.getNumInputs(), tagMap);
  p.os() << ", ";
  p.printOperands(op.getOperands(rest, op.getNumOperands() - rest));
  p.printOptionalAttrDict(op.getAttrs(),
                          {attrname::affine::SrcMap, attrname::affine::DstMap,
                           attrname::affine::TagMap});
  p.os() << " : ";
  p.printTypes({op.getOperand(src)->getType(), op.getOperand(dst)->getType(),
                op.getOperand(tag)->getType()});
}

void printDmaWait(Printer &p, Operation &op) {
  p.printOpName(op);
  p.os() << ' ';
  AffineMap tagMap = mapOf(op, attrname::affine::TagMap);
  printAccess(p, op, 0, tagMap.getNumInputs(), tagMap);
  p.os() << ", ";
  p.printOperand(op.getOperand(op.getNumOperands() - 1));
  p.printOptionalAttrDict(op.getAttrs(), {attrname::affine::TagMap});
  p.os() << " : ";
  p.printType(op.getOperand(0)->getType());
}

} // namespace

void registerAffineOpPrinters(OpPrinterRegistry &r) {
  r.add("affine.apply", printMapApplication);
  r.add("affine.delinearize_index", printDelinearizeIndex);
  r.add("affine.min", printMapApplication);
  r.add("affine.max", printMapApplication);
  r.add("affine.load", printLoadLike);
  r.add("affine.vector_load", printLoadLike);
  r.add("affine.store", printStoreLike);
  r.add("affine.vector_store", printStoreLike);
  r.add("affine.for", printFor);
  r.add("affine.if", printIf);
  r.add("affine.parallel", printParallel);
  r.add("affine.yield", printReturnLikeOp);
  r.add("affine.prefetch", printPrefetch);
  r.add("affine.dma_start", printDmaStart);
  r.add("affine.dma_wait", printDmaWait);
}

} // namespace affjit
