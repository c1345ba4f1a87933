// The dimension and symbol validity rules of seed 000 ("Restrictions on
// Dimensions and Symbols"): which SSA values may be bound to an affine
// map's symbols or dimensions at a given use. Affine scopes are the ops
// with the isAffineScope trait (func.func).
#include "frontend/verify/OpVerifiers.h"
#include "frontend/verify/Verifier.h"

namespace affjit {

namespace {

/// Rule 1/2: defined at the top level of an affine scope (a function
/// argument or an op directly in the function body).
bool isTopLevelValue(Value *v) {
  Block *b = v->getParentBlock();
  Operation *owner = b ? b->getParentOp() : nullptr;
  return owner &&
         OpVerifierRegistry::get().traits(owner->getName()).isAffineScope;
}

bool allOperands(Operation *op, bool (*pred)(Value *, Operation *),
                 Operation *user) {
  for (Value *o : op->getOperands())
    if (!pred(o, user))
      return false;
  return true;
}

bool isAffineComputation(Operation *op) {
  return op->isa("affine.apply") || op->isa("affine.min") ||
         op->isa("affine.max");
}

/// Rule 5: the size of a dimension of a memref that is itself a top-level
/// value, or a static dimension.
bool isValidDimOpSymbol(Operation *dimOp) {
  if (dimOp->getNumOperands() != 2)
    return false;
  Value *memref = dimOp->getOperand(0);
  if (isTopLevelValue(memref))
    return true;
  Operation *indexDef = dimOp->getOperand(1)->getDefiningOp();
  if (!indexDef || !indexDef->isa("arith.constant"))
    return false;
  // The constant may be invalid itself (reported on its own).
  Attribute value = indexDef->getAttr("value");
  if (!value || !value.isa(AttrKind::Integer))
    return false;
  int64_t dim = value.getInt();
  Type t = memref->getType();
  return t.isMemRef() && dim >= 0 && dim < t.getRank() &&
         !t.isDynamicDim((unsigned)dim);
}

} // namespace

bool isValidAffineSymbol(Value *v, Operation *user) {
  if (!v || !v->getType().isIndex())
    return false;
  if (isTopLevelValue(v))
    return true;
  Operation *def = v->getDefiningOp();
  if (!def)
    return false; // an induction variable or other region argument
  if (def->isa("arith.constant"))
    return true;
  if (isAffineComputation(def))
    return allOperands(def, isValidAffineSymbol, user);
  if (def->isa("memref.dim"))
    return isValidDimOpSymbol(def);
  return false;
}

bool isValidAffineDim(Value *v, Operation *user) {
  if (!v || !v->getType().isIndex())
    return false;
  if (isValidAffineSymbol(v, user))
    return true;
  Operation *def = v->getDefiningOp();
  if (!def) {
    Operation *owner = v->getParentBlock()->getParentOp();
    return owner && (owner->isa("affine.for") || owner->isa("affine.parallel"));
  }
  if (isAffineComputation(def))
    return allOperands(def, isValidAffineDim, user);
  if (def->isa("memref.dim"))
    return def->getNumOperands() == 2 && isTopLevelValue(def->getOperand(0));
  return false;
}

} // namespace affjit
