// Composition and canonicalization of affine value maps, after MLIR's
// fullyComposeAffineMapAndOperands + canonicalizeMapAndOperands.
#include "frontend/analysis/AffineValueMap.h"

#include "frontend/ir/AffineOps.h"
#include "frontend/ir/FuncOps.h"

namespace affjit {

std::optional<int64_t> getConstantIntValue(const Value *v) {
  ConstantOp constant = dyn_cast<ConstantOp>(v->getDefiningOp());
  if (!constant)
    return std::nullopt;
  Attribute a = constant.getValue();
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

/// Rebuilds the map over a fresh operand list, as
/// fullyComposeAffineMapAndOperands
/// + canonicalizeMapAndOperands order it: each old input becomes a constant,
/// a composed sub-expression (when composing) or a leaf operand. Leaves are
/// numbered provisionally, then kept only if used and ordered like MLIR:
/// induction-variable dims, then the symbols, then non-IV dims promoted to
/// symbols. The operand order fixes the column order of constraint systems.
class Composer {
public:
  explicit Composer(bool compose) : compose(compose) {}

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
  enum class Role { Dim, Symbol, PromotedDim };

  /// The expression standing for `v` in the composed map.
  AffineExpr inputExpr(Value *v, bool asDim, unsigned depth) {
    if (auto c = getConstantIntValue(v))
      return AffineExpr::constant(*c);
    AffineApplyOp apply = dyn_cast<AffineApplyOp>(v->getDefiningOp());
    if (compose && apply && depth < 64) {
      AffineMap m = apply.getMap();
      if (m.getNumResults() == 1) {
        std::vector<AffineExpr> d, s;
        for (unsigned i = 0; i < m.getNumInputs(); ++i) {
          AffineExpr e =
              inputExpr(apply->getOperand(i), i < m.getNumDims(), depth + 1);
          (i < m.getNumDims() ? d : s).push_back(e);
        }
        return m.getResult(0).replaceDimsAndSymbols(d, s);
      }
    }
    return leaf(v, asDim);
  }

  /// A provisional symbol per distinct leaf value.
  AffineExpr leaf(Value *v, bool asDim) {
    for (unsigned i = 0; i < leaves.size(); ++i)
      if (leaves[i] == v)
        return AffineExpr::symbol(i);
    leaves.push_back(v);
    roles.push_back(!asDim                    ? Role::Symbol
                    : getInductionVarOwner(v) ? Role::Dim
                                              : Role::PromotedDim);
    return AffineExpr::symbol((unsigned)leaves.size() - 1);
  }

  AffineValueMap finish(std::vector<AffineExpr> results) {
    std::vector<AffineExpr> repl(leaves.size());
    std::vector<Value *> dims, syms;
    for (Role role : {Role::Dim, Role::Symbol, Role::PromotedDim}) {
      for (unsigned i = 0; i < leaves.size(); ++i) {
        if (roles[i] != role || !usedIn(results, i))
          continue;
        bool isDim = role == Role::Dim;
        auto &list = isDim ? dims : syms;
        repl[i] = isDim ? AffineExpr::dim((unsigned)list.size())
                        : AffineExpr::symbol((unsigned)list.size());
        list.push_back(leaves[i]);
      }
    }
    for (AffineExpr &r : results) {
      r = r.replaceDimsAndSymbols({}, repl);
      r = simplifyAffineExpr(r, (unsigned)dims.size(), (unsigned)syms.size());
    }
    AffineValueMap out;
    out.map = AffineMap::get((unsigned)dims.size(), (unsigned)syms.size(),
                             std::move(results));
    out.operands = dims;
    out.operands.insert(out.operands.end(), syms.begin(), syms.end());
    return out;
  }

  static bool usedIn(const std::vector<AffineExpr> &results, unsigned sym) {
    for (const AffineExpr &r : results)
      if (r.isFunctionOfSymbol(sym))
        return true;
    return false;
  }

  bool compose;
  std::vector<Value *> leaves;
  std::vector<Role> roles;
};

} // namespace

AffineValueMap composeAffineValueMap(AffineValueMap avm) {
  return Composer(true).run(avm);
}

AffineValueMap canonicalizeAffineValueMap(AffineValueMap avm) {
  return Composer(false).run(avm);
}

} // namespace affjit
