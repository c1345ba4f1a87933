// Collecting memref accesses from ops and building their access relations,
// after MLIR's MemRefAccess::getAccessMap / getAccessRelation.
#include "frontend/analysis/MemRefAccess.h"

namespace affjit {

namespace {

MemRefAccess affineAccess(Operation *op, unsigned memrefAt, const char *mapName,
                          bool isWrite) {
  MemRefAccess a;
  a.op = op;
  a.memref = op->getOperand(memrefAt);
  a.isWrite = isWrite;
  a.indices.map = op->getAttr(mapName).getAffineMap();
  a.indices.operands =
      op->getOperands(memrefAt + 1, a.indices.map.getNumInputs());
  return a;
}

/// memref.load/store: indices are used as they are (identity map).
MemRefAccess plainAccess(Operation *op, unsigned memrefAt, bool isWrite) {
  MemRefAccess a;
  a.op = op;
  a.memref = op->getOperand(memrefAt);
  a.isWrite = isWrite;
  unsigned rank = op->getNumOperands() - memrefAt - 1;
  a.indices.map = AffineMap::getMultiDimIdentity(rank);
  a.indices.operands = op->getOperands(memrefAt + 1, rank);
  return a;
}

std::vector<MemRefAccess> dmaAccesses(Operation *op) {
  AffineMap srcMap = op->getAttr("src_map").getAffineMap();
  unsigned dstAt = 1 + srcMap.getNumInputs();
  return {affineAccess(op, 0, "src_map", false),
          affineAccess(op, dstAt, "dst_map", true)};
}

} // namespace

bool isAffineLoadOrStore(const Operation *op) {
  return op->isa("affine.load") || op->isa("affine.store");
}

std::vector<MemRefAccess> getMemRefAccesses(Operation *op) {
  const std::string &n = op->getName();
  if (n == "affine.load" || n == "affine.vector_load")
    return {affineAccess(op, 0, "map", false)};
  if (n == "affine.store" || n == "affine.vector_store")
    return {affineAccess(op, 1, "map", true)};
  if (n == "memref.load")
    return {plainAccess(op, 0, false)};
  if (n == "memref.store")
    return {plainAccess(op, 1, true)};
  if (n == "affine.dma_start")
    return dmaAccesses(op);
  return {};
}

/// A non-induction-variable operand defined inside the loop nest varies
/// between iterations: it cannot be a symbol.
static bool isLoopInvariantOperand(Value *v, Operation *access) {
  if (getInductionVarOwner(v))
    return true;
  Block *defBlock = v->getParentBlock();
  Operation *defParent = defBlock ? defBlock->getParentOp() : nullptr;
  return !defParent || defParent->isa("func.func") ||
         defParent->isa("builtin.module");
}

std::optional<AccessRelation> getAccessRelation(const MemRefAccess &access,
                                                const DomainOptions &options) {
  std::optional<ConstraintSystem> domain =
      getIterationDomain(access.op, options);
  if (!domain)
    return std::nullopt;
  AccessRelation rel{std::move(*domain), {}};
  try {
    AffineValueMap avm = composeAffineValueMap(access.indices);
    for (Value *v : avm.operands)
      if (!isLoopInvariantOperand(v, access.op))
        return std::nullopt;
    if (!flattenValueMap(rel.domain, avm, rel.subscripts))
      return std::nullopt;
  } catch (const CoefficientOverflow &) {
    return std::nullopt;
  }
  return rel;
}

} // namespace affjit
