// Column alignment of flattened value maps into a constraint system.
#include "frontend/analysis/ValueConstraints.h"

#include "frontend/analysis/AffineFlattening.h"

namespace affjit {

/// The column of operand `v`, appending a symbol if needed; -1 if it is an
/// induction variable unknown to `cst`.
static int columnFor(ConstraintSystem &cst, Value *v) {
  if (auto pos = cst.findVar(v))
    return (int)*pos;
  if (getInductionVarOwner(v))
    return -1;
  unsigned pos = cst.appendVar(VarKind::Symbol);
  cst.setValue(pos, v);
  return (int)pos;
}

bool flattenValueMap(ConstraintSystem &cst, const AffineValueMap &avm,
                     std::vector<FlatRow> &rows) {
  FlatExprs flat;
  const AffineMap &map = avm.map;
  if (!flattenAffineExprs(map.getResults(), map.getNumDims(),
                          map.getNumSymbols(), flat))
    return false;
  unsigned numInputs = map.getNumInputs();
  for (unsigned i = 0; i < numInputs; ++i)
    if (columnFor(cst, avm.operands[i]) < 0)
      return false;
  std::vector<unsigned> cols;
  for (unsigned i = 0; i < numInputs; ++i)
    cols.push_back(*cst.findVar(avm.operands[i]));
  unsigned numLocals = flat.localCst.getNumLocals();
  unsigned firstLocal = cst.appendVar(VarKind::Local, numLocals);
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

void widenRows(std::vector<FlatRow> &rows, const ConstraintSystem &cst,
               unsigned oldDims, unsigned oldSymbols, unsigned oldLocals) {
  for (FlatRow &r : rows) {
    FlatRow out(cst.getNumCols(), 0);
    for (unsigned i = 0; i < oldDims; ++i)
      out[i] = r[i];
    for (unsigned i = 0; i < oldSymbols; ++i)
      out[cst.getNumDims() + i] = r[oldDims + i];
    for (unsigned i = 0; i < oldLocals; ++i)
      out[cst.getNumDimAndSymbols() + i] = r[oldDims + oldSymbols + i];
    out.back() = r.back();
    r = std::move(out);
  }
}

} // namespace affjit
