// Column alignment of flattened value maps into a constraint system, after
// MLIR's addInductionVarOrTerminalSymbol and flattenAlignedMapAndMergeLocals.
#include "frontend/analysis/ValueConstraints.h"

#include "frontend/analysis/AffineFlattening.h"

namespace affjit {

/// The column of operand `v`, appending a symbol if needed; nullopt if it is
/// an induction variable unknown to `cst`.
static std::optional<unsigned> columnFor(ConstraintSystem &cst, Value *v) {
  if (auto pos = cst.findVar(v))
    return pos;
  if (getInductionVarOwner(v))
    return std::nullopt;
  unsigned pos = cst.appendVar(VarKind::Symbol);
  cst.setValue(pos, v);
  if (auto c = getConstantIntValue(v))
    cst.addBound(BoundType::EQ, pos, *c);
  return pos;
}

bool flattenValueMap(ConstraintSystem &cst, const AffineValueMap &avm,
                     std::vector<FlatRow> &rows) {
  const AffineMap &map = avm.map;
  unsigned numInputs = map.getNumInputs();
  for (unsigned i = 0; i < numInputs; ++i)
    if (!columnFor(cst, avm.operands[i]))
      return false;
  FlatExprs flat;
  if (!flattenAffineExprs(map.getResults(), map.getNumDims(),
                          map.getNumSymbols(), flat))
    return false;
  std::vector<unsigned> cols;
  for (unsigned i = 0; i < numInputs; ++i)
    cols.push_back(*cst.findVar(avm.operands[i]));
  unsigned numLocals = flat.localCst.getNumLocals();
  unsigned firstLocal = cst.insertVar(VarKind::Local, 0, numLocals);
  auto convert = [&](std::span<const int64_t> src) {
    FlatRow out(cst.getNumCols(), 0);
    for (unsigned i = 0; i < numInputs; ++i)
      out[cols[i]] = checkedAdd(out[cols[i]], src[i]);
    for (unsigned l = 0; l < numLocals; ++l)
      out[firstLocal + l] = src[numInputs + l];
    out.back() = src.back();
    return out;
  };
  for (unsigned r = 0; r < flat.localCst.getNumInequalities(); ++r)
    cst.addInequality(convert(flat.localCst.getInequality(r)));
  rows.clear();
  for (const FlatRow &r : flat.rows)
    rows.push_back(convert(r));
  return true;
}

} // namespace affjit
