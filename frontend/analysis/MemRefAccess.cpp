// Collecting memref accesses from ops and building their access relations,
// after MLIR's MemRefAccess::getAccessMap / getAccessRelation.
#include "frontend/analysis/MemRefAccess.h"

#include "frontend/analysis/AffineFlattening.h"
#include "frontend/analysis/DivisionRepr.h"

namespace affjit {

namespace {

MemRefAccess fromAffineAccess(const AffineAccess &a) {
  return getMemRefAccess(a.getOp(),
                         {a.getMemRef(), a.getMemRefOperandIndex(), a.getMap(),
                          a.getMapOperands()},
                         a.isWrite());
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
  a.memrefOperandIndex = memrefAt;
  return a;
}

} // namespace

MemRefAccess getMemRefAccess(Operation *op, const AffineMemRefOperand &operand,
                             bool isWrite) {
  MemRefAccess a;
  a.op = op;
  a.memref = operand.memref;
  a.isWrite = isWrite;
  a.indices = {operand.map, operand.mapOperands};
  a.memrefOperandIndex = operand.operandIndex;
  return a;
}

std::vector<int64_t> getAccessExtent(const MemRefAccess &access) {
  std::optional<AffineAccess> affine = AffineAccess::get(access.op);
  if (!affine || !affine->isVector())
    return {};
  return affine->getVectorType().getShape();
}

bool isAffineLoadOrStore(const Operation *op) {
  return op->isa("affine.load") || op->isa("affine.store");
}

std::vector<MemRefAccess> getMemRefAccesses(Operation *op) {
  if (std::optional<AffineAccess> a = AffineAccess::get(op))
    return {fromAffineAccess(*a)};
  if (op->isa("memref.load"))
    return {plainAccess(op, 0, false)};
  if (op->isa("memref.store"))
    return {plainAccess(op, 1, true)};
  // The source is read and the destination written; the tag synchronises
  // and holds no data the analyses follow.
  std::optional<AffineDma> dma = AffineDma::get(op);
  if (dma && dma->isStart())
    return {getMemRefAccess(op, dma->getSrc(), false),
            getMemRefAccess(op, dma->getDst(), true)};
  return {};
}

std::vector<MemRefAccess> getMemRefAccessesIn(Operation *root) {
  std::vector<MemRefAccess> out;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    for (MemRefAccess &a : getMemRefAccesses(op))
      out.push_back(std::move(a));
  });
  return out;
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

/// The access's subscripts with affine.apply producers composed in, or
/// nullopt if one depends on a value that varies inside the loop nest.
static std::optional<AffineValueMap>
composedIndices(const MemRefAccess &access) {
  AffineValueMap avm = composeAffineValueMap(access.indices);
  for (Value *v : avm.operands)
    if (!isLoopInvariantOperand(v, access.op))
      return std::nullopt;
  return avm;
}

std::optional<AccessRelation> getAccessRelation(const MemRefAccess &access,
                                                const DomainOptions &options) {
  std::optional<ConstraintSystem> domain =
      getIterationDomain(access.op, options);
  if (!domain)
    return std::nullopt;
  AccessRelation rel{std::move(*domain), {}};
  try {
    std::optional<AffineValueMap> avm = composedIndices(access);
    if (!avm || !flattenValueMap(rel.domain, *avm, rel.subscripts))
      return std::nullopt;
  } catch (const CoefficientOverflow &) {
    return std::nullopt;
  }
  return rel;
}

namespace {

/// The subscripts as a relation: [map dims, one range dim per result],
/// map symbols, the divisions' locals (MLIR's getRelationFromMap). The last
/// `extent.size()` subscripts run over a vector's lanes: result = subscript
/// + t with 0 <= t < extent, t a local after the divisions' (MLIR's
/// relation has one element per access: its dependence checks miss what
/// lanes past the first touch).
std::optional<ConstraintSystem>
relationFromMap(const AffineValueMap &avm, std::span<const int64_t> extent) {
  const AffineMap &map = avm.map;
  FlatExprs flat;
  if (!flattenAffineExprs(map.getResults(), map.getNumDims(),
                          map.getNumSymbols(), flat))
    return std::nullopt;
  unsigned nd = map.getNumDims(), numResults = map.getNumResults();
  unsigned numLanes = (unsigned)extent.size();
  if (numLanes > numResults)
    return std::nullopt;
  ConstraintSystem rel(nd + numResults, map.getNumSymbols(),
                       flat.localCst.getNumLocals() + numLanes);
  for (unsigned i = 0; i < nd; ++i)
    rel.setValue(i, avm.operands[i]);
  for (unsigned i = 0; i < map.getNumSymbols(); ++i)
    rel.setValue(nd + numResults + i, avm.operands[nd + i]);
  auto widen = [&](std::span<const int64_t> row) {
    FlatRow out(row.begin(), row.end());
    out.insert(out.begin() + nd, numResults, 0);
    out.insert(out.end() - 1, numLanes, 0);
    return out;
  };
  for (unsigned r = 0; r < flat.localCst.getNumInequalities(); ++r)
    rel.addInequality(widen(flat.localCst.getInequality(r)));
  unsigned firstLane = rel.getNumCols() - 1 - numLanes;
  for (unsigned i = 0; i < numResults; ++i) {
    FlatRow eq = widen(flat.rows[i]);
    eq[nd + i] = -1;
    if (i + numLanes >= numResults)
      eq[firstLane + i + numLanes - numResults] = 1;
    rel.addEquality(eq);
  }
  for (unsigned j = 0; j < numLanes; ++j) {
    if (extent[j] <= 0)
      return std::nullopt;
    rel.addBound(BoundType::LB, firstLane + j, 0);
    rel.addBound(BoundType::UB, firstLane + j, extent[j] - 1);
  }
  return rel;
}

/// Permutes (or inserts) the leading dims of `rel` into the domain's order;
/// returns how many were inserted, or nullopt if the map uses a dim the
/// domain does not have.
std::optional<unsigned> alignDomainDims(ConstraintSystem &rel,
                                        const ConstraintSystem &domain,
                                        unsigned numMapDims) {
  unsigned inserts = 0;
  for (unsigned i = 0; i < domain.getNumDims(); ++i) {
    Value *v = domain.getValue(i);
    unsigned found = rel.getNumDims();
    for (unsigned k = i; k < rel.getNumDims(); ++k)
      if (rel.getValue(k) == v) {
        found = k;
        break;
      }
    if (found < rel.getNumDims()) {
      rel.swapVar(i, found);
    } else {
      rel.insertVar(VarKind::Dim, i);
      rel.setValue(i, v);
      ++inserts;
    }
  }
  if (numMapDims + inserts != domain.getNumDims())
    return std::nullopt;
  return inserts;
}

} // namespace

std::optional<Relation> getAccessRelationMlir(const MemRefAccess &access,
                                              const DomainOptions &options) {
  try {
    std::optional<ConstraintSystem> domain =
        getIterationDomain(access.op, options);
    if (!domain)
      return std::nullopt;
    std::optional<AffineValueMap> avm = composedIndices(access);
    if (!avm)
      return std::nullopt;
    std::optional<ConstraintSystem> rel =
        relationFromMap(*avm, getAccessExtent(access));
    if (!rel || !alignDomainDims(*rel, *domain, avm->map.getNumDims()))
      return std::nullopt;
    ConstraintSystem domainRel = *domain;
    domainRel.appendVar(VarKind::Dim, avm->map.getNumResults());
    mergeAndAlignSymbols(domainRel, *rel);
    mergeLocalVars(domainRel, *rel);
    rel->append(domainRel);
    return Relation{std::move(*rel), domain->getNumDims()};
  } catch (const CoefficientOverflow &) {
    return std::nullopt;
  }
}

} // namespace affjit
