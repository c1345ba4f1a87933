// The dimension and symbol validity rules of seed 000 ("Restrictions on
// Dimensions and Symbols"): which SSA values may be bound to an affine
// map's symbols or dimensions at a given use. Affine scopes are the ops
// with the isAffineScope trait (func.func and builtin.module).
#include "frontend/ir/FuncOps.h"
#include "frontend/ir/MemRefOps.h"
#include "frontend/verify/OpVerifiers.h"
#include "frontend/verify/Verifier.h"

#include <optional>

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

/// The constant index `v` holds, if it is one.
std::optional<int64_t> constantIndex(Value *v) {
  ConstantOp constant = dyn_cast<ConstantOp>(v->getDefiningOp());
  if (!constant)
    return std::nullopt;
  // The constant may be invalid itself (reported on its own).
  Attribute value = constant.getValue();
  if (!value || !value.isa(AttrKind::Integer))
    return std::nullopt;
  return value.getInt();
}

/// The operand that gives dimension `dim` (dynamic) of the memref that
/// `def` (memref.alloc, subview or view) defines, counted among the
/// dynamic dimensions as MLIR does; null for other ops.
Value *dynamicSizeOperand(Operation *def, Type type, unsigned dim) {
  std::vector<Value *> sizes;
  if (def->isa("memref.alloc"))
    sizes = AllocOp(def).getDynamicSizes();
  else if (def->isa("memref.subview"))
    sizes = SubViewOp(def).getSizes();
  else if (def->isa("memref.view") && def->getNumOperands() >= 2)
    sizes = def->getOperands(2, def->getNumOperands() - 2);
  else
    return nullptr;
  unsigned pos = 0;
  for (unsigned d = 0; d < dim; ++d)
    pos += type.isDynamicDim(d);
  return pos < sizes.size() ? sizes[pos] : nullptr;
}

/// Rule 5: the size of a dimension of a memref that is itself a top-level
/// value, a static dimension, or (as in MLIR) a dynamic dimension of an
/// alloc, subview or view whose size operand is a valid symbol.
bool isValidDimOpSymbol(Operation *dimOp, Operation *user) {
  if (dimOp->getNumOperands() != 2)
    return false;
  Value *memref = dimOp->getOperand(0);
  if (isTopLevelValue(memref))
    return true;
  std::optional<int64_t> dim = constantIndex(dimOp->getOperand(1));
  Type t = memref->getType();
  if (!dim || !t.isMemRef() || *dim < 0 || *dim >= t.getRank())
    return false;
  if (!t.isDynamicDim((unsigned)*dim))
    return true;
  Operation *def = memref->getDefiningOp();
  Value *size = def ? dynamicSizeOperand(def, t, (unsigned)*dim) : nullptr;
  return size && isValidAffineSymbol(size, user);
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
    return isValidDimOpSymbol(def, user);
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
