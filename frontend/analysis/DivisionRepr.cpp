// Detection and merging of local division representations, after MLIR's
// presburger utilities (computeSingleVarRepr, removeDuplicateDivs).
#include "frontend/analysis/DivisionRepr.h"

namespace affjit {

namespace {

using Row = std::vector<int64_t>;

/// Divides dividend and denominator by their common GCD.
void normalizeDiv(Row &num, int64_t &denom) {
  int64_t g = denom;
  for (int64_t v : num)
    g = gcd64(g, v);
  if (g <= 1)
    return;
  for (int64_t &v : num)
    v /= g;
  denom /= g;
}

/// q at `pos` from `ub: e - d*q >= 0` and `lb: -e + d*q + (d-1-c) >= 0`.
bool divFromInequalities(const ConstraintSystem &cst, unsigned pos, unsigned ub,
                         unsigned lb, Row &expr, int64_t &divisor) {
  divisor = cst.atIneq(lb, pos);
  unsigned nv = cst.getNumVars(), constCol = cst.getNumCols() - 1;
  for (unsigned i = 0; i < nv; ++i)
    if (cst.atIneq(ub, i) != checkedNeg(cst.atIneq(lb, i)))
      return false;
  int64_t sum = checkedAdd(cst.atIneq(lb, constCol), cst.atIneq(ub, constCol));
  int64_t c = checkedSub(divisor - 1, sum);
  if (c < 0 || c > divisor - 1)
    return false;
  for (unsigned i = 0; i < nv; ++i)
    if (i != pos)
      expr[i] = cst.atIneq(ub, i);
  expr.back() = checkedAdd(cst.atIneq(ub, constCol), c);
  normalizeDiv(expr, divisor);
  return true;
}

/// q at `pos` from an equality `d*q = e`.
void divFromEquality(const ConstraintSystem &cst, unsigned pos, unsigned eq,
                     Row &expr, int64_t &divisor) {
  int64_t coeff = cst.atEq(eq, pos);
  int64_t sign = coeff < 0 ? -1 : 1;
  divisor = checkedMul(coeff, sign);
  for (unsigned i = 0, e = cst.getNumVars(); i < e; ++i)
    if (i != pos)
      expr[i] = checkedMul(-sign, cst.atEq(eq, i));
  expr.back() = checkedMul(-sign, cst.atEq(eq, cst.getNumCols() - 1));
  normalizeDiv(expr, divisor);
}

/// A representation may only use variables already known (no cycles).
bool usesOnlyKnown(const ConstraintSystem &cst, const std::vector<bool> &known,
                   const Row &expr, unsigned pos) {
  for (unsigned c = 0, e = cst.getNumVars(); c < e; ++c)
    if (c != pos && !known[c] && expr[c] != 0)
      return false;
  return true;
}

bool computeSingleVarRepr(const ConstraintSystem &cst,
                          const std::vector<bool> &known, unsigned pos,
                          Row &expr, int64_t &divisor) {
  std::vector<unsigned> lbs, ubs, eqs;
  for (unsigned r = 0, e = cst.getNumInequalities(); r < e; ++r) {
    if (cst.atIneq(r, pos) >= 1)
      lbs.push_back(r);
    else if (cst.atIneq(r, pos) <= -1)
      ubs.push_back(r);
  }
  for (unsigned r = 0, e = cst.getNumEqualities(); r < e; ++r)
    if (cst.atEq(r, pos) != 0)
      eqs.push_back(r);
  for (unsigned ub : ubs)
    for (unsigned lb : lbs)
      if (divFromInequalities(cst, pos, ub, lb, expr, divisor) &&
          usesOnlyKnown(cst, known, expr, pos))
        return true;
  for (unsigned eq : eqs) {
    divFromEquality(cst, pos, eq, expr, divisor);
    if (usesOnlyKnown(cst, known, expr, pos))
      return true;
  }
  return false;
}

} // namespace

DivisionRepr getLocalReprs(const ConstraintSystem &cst) {
  unsigned offset = cst.getNumDimAndSymbols(), numLocals = cst.getNumLocals();
  DivisionRepr divs;
  divs.divOffset = offset;
  divs.dividends.assign(numLocals, Row(cst.getNumCols(), 0));
  divs.denoms.assign(numLocals, 0);
  std::vector<bool> known(cst.getNumVars(), false);
  for (unsigned i = 0; i < offset; ++i)
    known[i] = true;
  // Each round may make more locals expressible through the ones found.
  for (bool changed = true; changed;) {
    changed = false;
    for (unsigned i = 0; i < numLocals; ++i) {
      if (known[offset + i])
        continue;
      if (!computeSingleVarRepr(cst, known, offset + i, divs.dividends[i],
                                divs.denoms[i])) {
        divs.denoms[i] = 0;
        std::fill(divs.dividends[i].begin(), divs.dividends[i].end(), 0);
        continue;
      }
      known[offset + i] = true;
      changed = true;
    }
  }
  return divs;
}

void removeDuplicateDivs(DivisionRepr &divs,
                         const std::function<bool(unsigned, unsigned)> &merge) {
  for (size_t i = 0; i < divs.denoms.size(); ++i)
    if (divs.denoms[i] != 0)
      normalizeDiv(divs.dividends[i], divs.denoms[i]);
  for (unsigned i = 0; i < divs.denoms.size(); ++i) {
    if (divs.denoms[i] == 0)
      continue;
    for (unsigned j = i + 1; j < divs.denoms.size(); ++j) {
      if (divs.denoms[j] == 0 || divs.denoms[i] != divs.denoms[j] ||
          divs.dividends[i] != divs.dividends[j] || !merge(i, j))
        continue;
      unsigned ci = divs.divOffset + i, cj = divs.divOffset + j;
      for (Row &d : divs.dividends) {
        d[ci] = checkedAdd(d[ci], d[cj]);
        d.erase(d.begin() + cj);
      }
      divs.dividends.erase(divs.dividends.begin() + j);
      divs.denoms.erase(divs.denoms.begin() + j);
      --j;
    }
  }
}

void eliminateRedundantLocalVar(ConstraintSystem &cst, unsigned i, unsigned j) {
  unsigned ci = cst.getNumDimAndSymbols() + i,
           cj = cst.getNumDimAndSymbols() + j;
  for (unsigned r = 0, e = cst.getNumInequalities(); r < e; ++r)
    cst.atIneq(r, ci) = checkedAdd(cst.atIneq(r, ci), cst.atIneq(r, cj));
  for (unsigned r = 0, e = cst.getNumEqualities(); r < e; ++r)
    cst.atEq(r, ci) = checkedAdd(cst.atEq(r, ci), cst.atEq(r, cj));
  cst.removeVar(cj);
}

unsigned mergeLocalVars(ConstraintSystem &a, ConstraintSystem &b) {
  unsigned oldALocals = a.getNumLocals();
  a.insertVar(VarKind::Local, oldALocals, b.getNumLocals());
  b.insertVar(VarKind::Local, 0, oldALocals);
  DivisionRepr divsA = getLocalReprs(a), divsB = getLocalReprs(b);
  for (unsigned i = oldALocals; i < divsB.denoms.size(); ++i) {
    divsA.dividends[i] = divsB.dividends[i];
    divsA.denoms[i] = divsB.denoms[i];
  }
  // Only b's new locals merge away; a's own duplicates stay as they are.
  removeDuplicateDivs(divsA, [&](unsigned i, unsigned j) {
    if (i >= j || j < oldALocals)
      return false;
    eliminateRedundantLocalVar(a, i, j);
    eliminateRedundantLocalVar(b, i, j);
    return true;
  });
  return a.getNumLocals() - oldALocals;
}

} // namespace affjit
