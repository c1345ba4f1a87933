// replaceAllMemRefUsesWith (see MemRefRemap.h).
#include "frontend/transform/utils/MemRefRemap.h"

#include "frontend/analysis/AffineValueMap.h"
#include "frontend/ir/AffineAccess.h"

#include <algorithm>

namespace affjit {

namespace {

/// One memref an affine op accesses through a map: the memref operand, the
/// map's attribute, and where its index operands start.
struct MapSlot {
  unsigned memrefOperand;
  const char *mapAttr;
  unsigned firstIndex;
  unsigned numIndices;
};

MapSlot slotOf(const AffineMemRefOperand &operand, const char *mapAttr) {
  return {operand.operandIndex, mapAttr, operand.operandIndex + 1,
          operand.map.getNumInputs()};
}

/// The map slots of an affine access op; empty for any other op.
std::vector<MapSlot> mapSlots(Operation *op) {
  if (std::optional<AffineAccess> access = AffineAccess::get(op)) {
    unsigned at = access->getMemRefOperandIndex();
    return {
        {at, attrname::affine::Map, at + 1, access->getMap().getNumInputs()}};
  }
  if (AffinePrefetchOp prefetch = dyn_cast<AffinePrefetchOp>(op))
    return {{0, attrname::affine::Map, 1, prefetch.getMap().getNumInputs()}};
  std::optional<AffineDma> dma = AffineDma::get(op);
  if (!dma)
    return {};
  if (!dma->isStart())
    return {slotOf(dma->getTag(), attrname::affine::TagMap)};
  return {slotOf(dma->getSrc(), attrname::affine::SrcMap),
          slotOf(dma->getDst(), attrname::affine::DstMap),
          slotOf(dma->getTag(), attrname::affine::TagMap)};
}

/// Whether `a` comes before the op of `a`'s block that is or holds `b`.
bool properlyDominates(Operation *a, Operation *b) {
  Operation *ancestor = b->findAncestorOpInBlock(*a->getBlock());
  return ancestor && ancestor != a && a->isBeforeInBlock(ancestor);
}

bool passesFilters(Operation *user, const MemRefIndexRemap &remap) {
  if (remap.domOpFilter && !properlyDominates(remap.domOpFilter, user))
    return false;
  if (remap.postDomOpFilter) {
    Operation *ancestor =
        user->findAncestorOpInBlock(*remap.postDomOpFilter->getBlock());
    if (!ancestor || ancestor == remap.postDomOpFilter ||
        !ancestor->isBeforeInBlock(remap.postDomOpFilter))
      return false;
  }
  return true;
}

bool hasRemap(const MemRefIndexRemap &r) {
  return r.indexRemap || !r.extraIndices.empty();
}

/// The new map and operands of one slot: old dims, extra operands, extra
/// indices as dims; old symbols, then the remap's symbols.
AffineValueMap remapSlot(Operation *op, const MapSlot &slot,
                         const MemRefIndexRemap &remap) {
  AffineMap old = op->getAttr(slot.mapAttr).getAffineMap();
  std::vector<Value *> oldOperands =
      op->getOperands(slot.firstIndex, slot.numIndices);
  unsigned nd = old.getNumDims(), ns = old.getNumSymbols();
  unsigned ne = (unsigned)remap.extraOperands.size();
  unsigned ni = (unsigned)remap.extraIndices.size();
  std::vector<Value *> operands(oldOperands.begin(), oldOperands.begin() + nd);
  operands.insert(operands.end(), remap.extraOperands.begin(),
                  remap.extraOperands.end());
  operands.insert(operands.end(), remap.extraIndices.begin(),
                  remap.extraIndices.end());
  operands.insert(operands.end(), oldOperands.begin() + nd, oldOperands.end());
  operands.insert(operands.end(), remap.symbolOperands.begin(),
                  remap.symbolOperands.end());
  std::vector<AffineExpr> results;
  for (unsigned i = 0; i < ni; ++i)
    results.push_back(AffineExpr::dim(nd + ne + i));
  if (!remap.indexRemap) {
    results.insert(results.end(), old.getResults().begin(),
                   old.getResults().end());
  } else {
    std::vector<AffineExpr> dims, syms;
    for (unsigned i = 0; i < ne; ++i)
      dims.push_back(AffineExpr::dim(nd + i));
    dims.insert(dims.end(), old.getResults().begin(), old.getResults().end());
    for (unsigned i = 0; i < remap.symbolOperands.size(); ++i)
      syms.push_back(AffineExpr::symbol(ns + i));
    for (const AffineExpr &r : remap.indexRemap.getResults())
      results.push_back(r.replaceDimsAndSymbols(dims, syms));
  }
  AffineMap map =
      AffineMap::get(nd + ne + ni, ns + (unsigned)remap.symbolOperands.size(),
                     std::move(results));
  return composeAffineValueMap({map, operands});
}

/// Rewrites the slots of `op` that access `oldMemRef`, last first so the
/// earlier slots' operand positions stay valid.
void rewriteAccess(Operation *op, Value *oldMemRef, Value *newMemRef,
                   const MemRefIndexRemap &remap) {
  std::vector<MapSlot> slots = mapSlots(op);
  for (auto it = slots.rbegin(); it != slots.rend(); ++it) {
    if (op->getOperand(it->memrefOperand) != oldMemRef)
      continue;
    AffineValueMap next = remapSlot(op, *it, remap);
    op->replaceOperands(it->firstIndex, it->numIndices, next.operands);
    op->setAttr(it->mapAttr, Attribute::affineMap(next.map));
    op->setOperand(it->memrefOperand, newMemRef);
  }
}

/// Why `user`'s use of the memref cannot be rewritten, or "".
std::string unsupportedUse(Operation *user, const Value *oldMemRef,
                           const MemRefIndexRemap &remap) {
  std::vector<MapSlot> slots = mapSlots(user);
  if (!slots.empty()) {
    for (const MapSlot &s : slots)
      for (unsigned i = s.firstIndex; i < s.firstIndex + s.numIndices; ++i)
        if (user->getOperand(i) == oldMemRef)
          return "'" + user->getName() + "' uses the memref as an index";
    return "";
  }
  if (user->isa("memref.dealloc"))
    return "";
  if (!remap.allowNonDereferencingOps)
    return "'" + user->getName() + "' is not an affine access";
  if (hasRemap(remap))
    return "'" + user->getName() +
           "' is not an affine access and the indices are remapped";
  return "";
}

} // namespace

bool replaceAllMemRefUsesWith(Value *oldMemRef, Value *newMemRef,
                              const MemRefIndexRemap &remap, std::string *why) {
  std::vector<Operation *> users;
  for (Operation *user : oldMemRef->getUsers())
    if (passesFilters(user, remap))
      users.push_back(user);
  for (Operation *user : users) {
    std::string problem = unsupportedUse(user, oldMemRef, remap);
    if (!problem.empty()) {
      if (why)
        *why = problem;
      return false;
    }
  }
  for (Operation *user : users) {
    if (!mapSlots(user).empty())
      rewriteAccess(user, oldMemRef, newMemRef, remap);
    else if (!user->isa("memref.dealloc") || remap.replaceInDeallocOp)
      for (unsigned i = 0; i < user->getNumOperands(); ++i)
        if (user->getOperand(i) == oldMemRef)
          user->setOperand(i, newMemRef);
  }
  return true;
}

} // namespace affjit
