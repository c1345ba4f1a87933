// Composition and canonicalization of affine value maps, after MLIR's
// fullyComposeAffineMapAndOperands + canonicalizeMapAndOperands.
#include "frontend/analysis/AffineValueMap.h"

namespace affjit {

std::optional<int64_t> getConstantIntValue(const Value *v) {
  Operation *def = v->getDefiningOp();
  if (!def || !def->isa("arith.constant"))
    return std::nullopt;
  Attribute a = def->getAttr("value");
  if (!a.isa(AttrKind::Integer))
    return std::nullopt;
  return a.getInt();
}

Operation *getInductionVarOwner(const Value *v) {
  if (!v->isBlockArgument())
    return nullptr;
  Operation *owner = v->getParentBlock()->getParentOp();
  if (!owner)
    return nullptr;
  if (owner->isa("affine.for") && v->getIndex() == 0)
    return owner;
  if (owner->isa("affine.parallel"))
    return owner;
  return nullptr;
}

namespace {

/// Rebuilds the map over a fresh operand list: each old input becomes either
/// a constant, a composed sub-expression, or a (deduplicated) new input.
class Composer {
public:
  AffineValueMap run(const AffineValueMap &avm) {
    std::vector<AffineExpr> dimRepl, symRepl;
    unsigned nd = avm.map.getNumDims();
    for (unsigned i = 0; i < avm.map.getNumInputs(); ++i) {
      AffineExpr e = inputExpr(avm.operands[i], i < nd, 0);
      (i < nd ? dimRepl : symRepl).push_back(e);
    }
    std::vector<AffineExpr> results;
    for (const AffineExpr &r : avm.map.getResults())
      results.push_back(r.replaceDimsAndSymbols(dimRepl, symRepl));
    return finish(std::move(results));
  }

private:
  /// The expression standing for `v` in the composed map.
  AffineExpr inputExpr(Value *v, bool asDim, unsigned depth) {
    if (auto c = getConstantIntValue(v))
      return AffineExpr::constant(*c);
    Operation *def = v->getDefiningOp();
    if (def && def->isa("affine.apply") && depth < 64) {
      AffineMap m = def->getAttr("map").getAffineMap();
      if (m.getNumResults() == 1) {
        std::vector<AffineExpr> d, s;
        for (unsigned i = 0; i < m.getNumInputs(); ++i) {
          AffineExpr e =
              inputExpr(def->getOperand(i), i < m.getNumDims(), depth + 1);
          (i < m.getNumDims() ? d : s).push_back(e);
        }
        return m.getResult(0).replaceDimsAndSymbols(d, s);
      }
    }
    return leaf(v, asDim);
  }

  /// Induction variables stay dims; every other value becomes a symbol, as
  /// canonicalizeMapAndOperands promotes valid symbols.
  AffineExpr leaf(Value *v, bool asDim) {
    bool dim = asDim && getInductionVarOwner(v);
    auto &list = dim ? dims : syms;
    for (unsigned i = 0; i < list.size(); ++i)
      if (list[i] == v)
        return dim ? AffineExpr::dim(i) : AffineExpr::symbol(i);
    list.push_back(v);
    return dim ? AffineExpr::dim((unsigned)list.size() - 1)
               : AffineExpr::symbol((unsigned)list.size() - 1);
  }

  AffineValueMap finish(std::vector<AffineExpr> results) {
    AffineValueMap out;
    for (AffineExpr &r : results)
      r = simplifyAffineExpr(r, (unsigned)dims.size(), (unsigned)syms.size());
    out.map = AffineMap::get((unsigned)dims.size(), (unsigned)syms.size(),
                             std::move(results));
    out.operands = dims;
    out.operands.insert(out.operands.end(), syms.begin(), syms.end());
    return out;
  }

  std::vector<Value *> dims, syms;
};

} // namespace

AffineValueMap composeAffineValueMap(AffineValueMap avm) {
  return Composer().run(avm);
}

} // namespace affjit
