// The constraint system's storage, variable bookkeeping and the
// MLIR-compatible elimination algorithms (seed 001: Gaussian elimination of
// equalities, Fourier-Motzkin projection, GCD tests).
#include "frontend/analysis/ConstraintSystem.h"

#include <algorithm>
#include <cassert>
#include <map>
#include <sstream>

namespace affjit {

int64_t checkedAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r))
    throw CoefficientOverflow();
  return r;
}

int64_t checkedSub(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_sub_overflow(a, b, &r))
    throw CoefficientOverflow();
  return r;
}

int64_t checkedMul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r))
    throw CoefficientOverflow();
  return r;
}

int64_t checkedNeg(int64_t a) { return checkedSub(0, a); }

int64_t gcd64(int64_t a, int64_t b) {
  if (a == INT64_MIN || b == INT64_MIN)
    throw CoefficientOverflow();
  a = a < 0 ? -a : a;
  b = b < 0 ? -b : b;
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

int64_t lcm64(int64_t a, int64_t b) {
  int64_t g = gcd64(a, b);
  if (g == 0)
    return 0;
  int64_t x = checkedMul(a < 0 ? -a : a, (b < 0 ? -b : b) / g);
  return x;
}

static int64_t floorDiv64(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --q;
  return q;
}

static int64_t ceilDiv64(int64_t a, int64_t b) {
  return -floorDiv64(checkedNeg(a), b);
}

int64_t normalizeRange(std::span<int64_t> row, unsigned count) {
  int64_t g = 0;
  for (unsigned i = 0; i < count; ++i) {
    g = gcd64(g, row[i]);
    if (g == 1)
      return 1;
  }
  if (g == 0 || g == 1)
    return g;
  for (unsigned i = 0; i < count; ++i)
    row[i] /= g;
  return g;
}

ConstraintSystem::ConstraintSystem(unsigned numDims, unsigned numSymbols,
                                   unsigned numLocals)
    : numDims(numDims), numSymbols(numSymbols), numLocals(numLocals),
      values(numDims + numSymbols, nullptr) {}

unsigned ConstraintSystem::getKindOffset(VarKind kind) const {
  switch (kind) {
  case VarKind::Dim:
    return 0;
  case VarKind::Symbol:
    return numDims;
  case VarKind::Local:
    return numDims + numSymbols;
  }
  return 0;
}

VarKind ConstraintSystem::getKindAt(unsigned pos) const {
  if (pos < numDims)
    return VarKind::Dim;
  if (pos < numDims + numSymbols)
    return VarKind::Symbol;
  return VarKind::Local;
}

void ConstraintSystem::addEquality(std::span<const int64_t> row) {
  assert(row.size() == getNumCols());
  eqs.insert(eqs.end(), row.begin(), row.end());
}

void ConstraintSystem::addInequality(std::span<const int64_t> row) {
  assert(row.size() == getNumCols());
  ineqs.insert(ineqs.end(), row.begin(), row.end());
}

void ConstraintSystem::removeEquality(unsigned r) {
  auto b = eqs.begin() + r * getNumCols();
  eqs.erase(b, b + getNumCols());
}

void ConstraintSystem::removeInequality(unsigned r) {
  auto b = ineqs.begin() + r * getNumCols();
  ineqs.erase(b, b + getNumCols());
}

void ConstraintSystem::clearConstraints() {
  eqs.clear();
  ineqs.clear();
}

void ConstraintSystem::addBound(BoundType type, unsigned pos, int64_t value) {
  std::vector<int64_t> row(getNumCols(), 0);
  if (type == BoundType::EQ) {
    row[pos] = 1;
    row.back() = checkedNeg(value);
    addEquality(row);
    return;
  }
  row[pos] = type == BoundType::LB ? 1 : -1;
  row.back() = type == BoundType::LB ? checkedNeg(value) : value;
  addInequality(row);
}

void ConstraintSystem::addLocalFloorDiv(std::span<const int64_t> dividend,
                                        int64_t divisor) {
  assert(dividend.size() == getNumCols() && divisor > 0);
  appendVar(VarKind::Local);
  // q = dividend floordiv divisor  <=>  0 <= dividend - divisor*q <= divisor-1
  std::vector<int64_t> qAtMost(dividend.begin(), dividend.end());
  qAtMost.insert(qAtMost.end() - 1, checkedNeg(divisor));
  std::vector<int64_t> qAtLeast(qAtMost.size());
  for (size_t i = 0; i < qAtMost.size(); ++i)
    qAtLeast[i] = checkedNeg(qAtMost[i]);
  qAtLeast.back() = checkedAdd(qAtLeast.back(), divisor - 1);
  // MLIR's row order: it steers Fourier-Motzkin, whose answers must match.
  addInequality(qAtLeast);
  addInequality(qAtMost);
}

void ConstraintSystem::insertColumns(unsigned absPos, unsigned num) {
  unsigned oldCols = getNumCols();
  auto widen = [&](std::vector<int64_t> &m) {
    unsigned rows = (unsigned)(m.size() / oldCols);
    std::vector<int64_t> out;
    out.reserve(rows * (oldCols + num));
    for (unsigned r = 0; r < rows; ++r) {
      auto row = m.begin() + r * oldCols;
      out.insert(out.end(), row, row + absPos);
      out.insert(out.end(), num, 0);
      out.insert(out.end(), row + absPos, row + oldCols);
    }
    m = std::move(out);
  };
  widen(eqs);
  widen(ineqs);
}

unsigned ConstraintSystem::insertVar(VarKind kind, unsigned pos, unsigned num) {
  unsigned absPos = getKindOffset(kind) + pos;
  insertColumns(absPos, num);
  switch (kind) {
  case VarKind::Dim:
    numDims += num;
    break;
  case VarKind::Symbol:
    numSymbols += num;
    break;
  case VarKind::Local:
    numLocals += num;
    break;
  }
  if (kind != VarKind::Local)
    values.insert(values.begin() + absPos, num, nullptr);
  return absPos;
}

unsigned ConstraintSystem::appendVar(VarKind kind, unsigned num) {
  unsigned count = kind == VarKind::Dim      ? numDims
                   : kind == VarKind::Symbol ? numSymbols
                                             : numLocals;
  return insertVar(kind, count, num);
}

void ConstraintSystem::removeVarRange(unsigned start, unsigned end) {
  if (start >= end)
    return;
  unsigned oldCols = getNumCols();
  auto shrink = [&](std::vector<int64_t> &m) {
    unsigned rows = (unsigned)(m.size() / oldCols);
    std::vector<int64_t> out;
    out.reserve(rows * (oldCols - (end - start)));
    for (unsigned r = 0; r < rows; ++r) {
      auto row = m.begin() + r * oldCols;
      out.insert(out.end(), row, row + start);
      out.insert(out.end(), row + end, row + oldCols);
    }
    m = std::move(out);
  };
  shrink(eqs);
  shrink(ineqs);
  for (unsigned p = end; p-- > start;) {
    switch (getKindAt(p)) {
    case VarKind::Dim:
      --numDims;
      values.erase(values.begin() + p);
      break;
    case VarKind::Symbol:
      --numSymbols;
      values.erase(values.begin() + p);
      break;
    case VarKind::Local:
      --numLocals;
      break;
    }
  }
}

void ConstraintSystem::swapVar(unsigned a, unsigned b) {
  if (a == b)
    return;
  unsigned cols = getNumCols();
  for (unsigned r = 0, e = getNumEqualities(); r < e; ++r)
    std::swap(eqs[r * cols + a], eqs[r * cols + b]);
  for (unsigned r = 0, e = getNumInequalities(); r < e; ++r)
    std::swap(ineqs[r * cols + a], ineqs[r * cols + b]);
  if (a < values.size() && b < values.size())
    std::swap(values[a], values[b]);
}

void ConstraintSystem::rotateDims(unsigned k) {
  unsigned cols = getNumCols();
  auto rotateRows = [&](std::vector<int64_t> &m) {
    for (size_t r = 0; r < m.size(); r += cols)
      std::rotate(m.begin() + r, m.begin() + r + k, m.begin() + r + numDims);
  };
  rotateRows(eqs);
  rotateRows(ineqs);
  std::rotate(values.begin(), values.begin() + k, values.begin() + numDims);
}

void ConstraintSystem::convertToLocal(VarKind kind, unsigned start,
                                      unsigned end) {
  if (start >= end)
    return;
  unsigned num = end - start;
  unsigned first = appendVar(VarKind::Local, num);
  unsigned offset = getKindOffset(kind);
  for (unsigned i = 0; i < num; ++i)
    swapVar(offset + start + i, first + i);
  removeVarRange(offset + start, offset + end);
}

void ConstraintSystem::append(const ConstraintSystem &other) {
  assert(other.getNumCols() == getNumCols());
  eqs.insert(eqs.end(), other.eqs.begin(), other.eqs.end());
  ineqs.insert(ineqs.end(), other.ineqs.begin(), other.ineqs.end());
}

std::optional<unsigned> ConstraintSystem::findVar(const Value *v) const {
  for (unsigned i = 0, e = (unsigned)values.size(); i < e; ++i)
    if (values[i] == v)
      return i;
  return std::nullopt;
}

bool ConstraintSystem::isEmptyByGCDTest() const {
  unsigned cols = getNumCols();
  for (unsigned r = 0, e = getNumEqualities(); r < e; ++r) {
    int64_t g = 0;
    for (unsigned c = 0; c + 1 < cols; ++c)
      g = gcd64(g, atEq(r, c));
    int64_t v = atEq(r, cols - 1);
    if (g > 0 && v % g != 0)
      return true;
  }
  return false;
}

bool ConstraintSystem::hasInvalidConstraint() const {
  unsigned cols = getNumCols();
  auto constantOnly = [&](std::span<const int64_t> row) {
    return std::all_of(row.begin(), row.end() - 1,
                       [](int64_t v) { return v == 0; });
  };
  for (unsigned r = 0, e = getNumEqualities(); r < e; ++r)
    if (constantOnly(getEquality(r)) && atEq(r, cols - 1) != 0)
      return true;
  for (unsigned r = 0, e = getNumInequalities(); r < e; ++r)
    if (constantOnly(getInequality(r)) && atIneq(r, cols - 1) < 0)
      return true;
  return false;
}

void ConstraintSystem::gcdTightenInequalities() {
  unsigned cols = getNumCols();
  for (unsigned r = 0, e = getNumInequalities(); r < e; ++r) {
    std::span<int64_t> row(ineqs.data() + r * cols, cols);
    int64_t g = normalizeRange(row, cols - 1);
    if (g > 1)
      row[cols - 1] = floorDiv64(row[cols - 1], g);
  }
}

void ConstraintSystem::normalizeConstraintsByGCD() {
  unsigned cols = getNumCols();
  for (unsigned r = 0, e = getNumEqualities(); r < e; ++r)
    normalizeRange({eqs.data() + r * cols, cols}, cols);
  for (unsigned r = 0, e = getNumInequalities(); r < e; ++r)
    normalizeRange({ineqs.data() + r * cols, cols}, cols);
}

void ConstraintSystem::eliminateFromConstraint(unsigned row, unsigned pivotRow,
                                               unsigned pivotCol,
                                               unsigned elimColStart,
                                               bool isEq) {
  if (isEq && row == pivotRow)
    return;
  std::vector<int64_t> &m = isEq ? eqs : ineqs;
  unsigned cols = getNumCols();
  int64_t leadCoeff = m[row * cols + pivotCol];
  if (leadCoeff == 0)
    return;
  int64_t pivotCoeff = atEq(pivotRow, pivotCol);
  bool sameSign = (leadCoeff > 0) == (pivotCoeff > 0);
  int64_t lcm = lcm64(pivotCoeff, leadCoeff);
  int64_t pivotMultiplier = lcm / (pivotCoeff < 0 ? -pivotCoeff : pivotCoeff);
  if (sameSign)
    pivotMultiplier = -pivotMultiplier;
  int64_t rowMultiplier = lcm / (leadCoeff < 0 ? -leadCoeff : leadCoeff);
  for (unsigned j = 0; j < cols; ++j) {
    if (j >= elimColStart && j < pivotCol)
      continue;
    m[row * cols + j] =
        checkedAdd(checkedMul(pivotMultiplier, atEq(pivotRow, j)),
                   checkedMul(rowMultiplier, m[row * cols + j]));
  }
}

static bool findNonZero(const ConstraintSystem &cst, unsigned col, bool isEq,
                        unsigned &row) {
  unsigned e = isEq ? cst.getNumEqualities() : cst.getNumInequalities();
  for (row = 0; row < e; ++row)
    if ((isEq ? cst.atEq(row, col) : cst.atIneq(row, col)) != 0)
      return true;
  return false;
}

unsigned ConstraintSystem::gaussianEliminateVars(unsigned start,
                                                 unsigned limit) {
  if (start >= limit)
    return 0;
  gcdTightenInequalities();
  unsigned cols = getNumCols();
  unsigned pivotCol;
  for (pivotCol = start; pivotCol < limit; ++pivotCol) {
    unsigned pivotRow;
    if (!findNonZero(*this, pivotCol, /*isEq=*/true, pivotRow)) {
      unsigned ineqRow;
      // A var absent from every constraint is trivially eliminated.
      if (!findNonZero(*this, pivotCol, /*isEq=*/false, ineqRow))
        continue;
      break;
    }
    for (unsigned i = 0, e = getNumEqualities(); i < e; ++i) {
      eliminateFromConstraint(i, pivotRow, pivotCol, start, true);
      normalizeRange({eqs.data() + i * cols, cols}, cols);
    }
    for (unsigned i = 0, e = getNumInequalities(); i < e; ++i) {
      eliminateFromConstraint(i, pivotRow, pivotCol, start, false);
      normalizeRange({ineqs.data() + i * cols, cols}, cols);
    }
    removeEquality(pivotRow);
    gcdTightenInequalities();
  }
  removeVarRange(start, pivotCol);
  return pivotCol - start;
}

/// The var in [start, end) with the fewest lower x upper bound pairs: FM
/// creates that many constraints.
static unsigned bestVarToEliminate(const ConstraintSystem &cst, unsigned start,
                                   unsigned end) {
  auto pairs = [&](unsigned pos) {
    unsigned lb = 0, ub = 0;
    for (unsigned r = 0, e = cst.getNumInequalities(); r < e; ++r) {
      if (cst.atIneq(r, pos) > 0)
        ++lb;
      else if (cst.atIneq(r, pos) < 0)
        ++ub;
    }
    return lb * ub;
  };
  unsigned best = start, bestPairs = pairs(start);
  for (unsigned c = start + 1; c < end; ++c) {
    unsigned p = pairs(c);
    if (p < bestPairs) {
      bestPairs = p;
      best = c;
    }
  }
  return best;
}

bool ConstraintSystem::isColZero(unsigned pos) const {
  unsigned row;
  return !findNonZero(*this, pos, true, row) &&
         !findNonZero(*this, pos, false, row);
}

void ConstraintSystem::fourierMotzkinEliminate(unsigned pos) {
  for (unsigned r = 0, e = getNumEqualities(); r < e; ++r) {
    if (atEq(r, pos) != 0) {
      bool ok = gaussianEliminateVar(pos);
      assert(ok && "an equality on the var guarantees elimination");
      (void)ok;
      return;
    }
  }
  gcdTightenInequalities();
  if (isColZero(pos)) {
    removeVar(pos);
    return;
  }
  std::vector<unsigned> lbs, ubs, nbs;
  for (unsigned r = 0, e = getNumInequalities(); r < e; ++r) {
    int64_t c = atIneq(r, pos);
    (c == 0 ? nbs : c > 0 ? lbs : ubs).push_back(r);
  }
  // MLIR has no limit here and runs out of memory on deep nests.
  if (lbs.size() * ubs.size() + nbs.size() > kMaxEliminationRows)
    throw AnalysisBudgetExceeded();
  ConstraintSystem out(*this);
  out.clearConstraints();
  out.removeVar(pos);
  unsigned cols = getNumCols();
  std::vector<int64_t> row;
  row.reserve(cols - 1);
  for (unsigned ub : ubs) {
    for (unsigned lb : lbs) {
      int64_t lbCoeff = atIneq(lb, pos), ubCoeff = -atIneq(ub, pos);
      int64_t lcm = lcm64(lbCoeff, ubCoeff);
      row.clear();
      for (unsigned l = 0; l < cols; ++l) {
        if (l == pos)
          continue;
        row.push_back(checkedAdd(checkedMul(atIneq(ub, l), lcm / ubCoeff),
                                 checkedMul(atIneq(lb, l), lcm / lbCoeff)));
      }
      out.addInequality(row);
    }
  }
  auto copyWithout = [&](std::span<const int64_t> src) {
    row.clear();
    for (unsigned l = 0; l < cols; ++l)
      if (l != pos)
        row.push_back(src[l]);
  };
  for (unsigned nb : nbs) {
    copyWithout(getInequality(nb));
    out.addInequality(row);
  }
  for (unsigned r = 0, e = getNumEqualities(); r < e; ++r) {
    copyWithout(getEquality(r));
    out.addEquality(row);
  }
  out.gcdTightenInequalities();
  out.normalizeConstraintsByGCD();
  out.removeTrivialRedundancy();
  *this = std::move(out);
}

void ConstraintSystem::projectOut(unsigned pos, unsigned num) {
  if (num == 0)
    return;
  assert(pos + num <= getNumVars());
  unsigned currentPos = pos;
  unsigned numToEliminate = num;
  unsigned numGaussianEliminated = 0;
  // Mirrors MLIR's loop: retry Gaussian elimination from each position.
  while (currentPos < getNumVars()) {
    unsigned eliminated =
        gaussianEliminateVars(currentPos, currentPos + numToEliminate);
    ++currentPos;
    numToEliminate -= eliminated + 1;
    numGaussianEliminated += eliminated;
  }
  for (unsigned i = 0; i < num - numGaussianEliminated; ++i) {
    unsigned remaining = num - numGaussianEliminated - i;
    fourierMotzkinEliminate(bestVarToEliminate(*this, pos, pos + remaining));
  }
  gcdTightenInequalities();
  normalizeConstraintsByGCD();
}

bool ConstraintSystem::isEmpty() const {
  if (isEmptyByGCDTest() || hasInvalidConstraint())
    return true;
  ConstraintSystem tmp(*this);
  tmp.removeRedundantLocalVars();
  if (tmp.isEmptyByGCDTest() || tmp.hasInvalidConstraint())
    return true;
  unsigned currentPos = 0;
  while (currentPos < tmp.getNumVars()) {
    tmp.gaussianEliminateVars(currentPos, tmp.getNumVars());
    ++currentPos;
    if (tmp.hasInvalidConstraint() || tmp.isEmptyByGCDTest())
      return true;
  }
  // MLIR gives up (answers "non-empty") when FM explodes.
  constexpr unsigned kExplosionFactor = 32;
  for (unsigned i = 0, e = tmp.getNumVars(); i < e; ++i) {
    try {
      tmp.fourierMotzkinEliminate(bestVarToEliminate(tmp, 0, tmp.getNumVars()));
    } catch (const AnalysisBudgetExceeded &) {
      return false; // an explosion: MLIR's answer below
    }
    if (tmp.getNumConstraints() >= kExplosionFactor * getNumVars())
      return false;
    if (tmp.hasInvalidConstraint())
      return true;
  }
  return false;
}

/// The row of an equality `pos == constant` (coefficient +-1, no other var).
static int findEqualityToConstant(const ConstraintSystem &cst, unsigned pos) {
  for (unsigned r = 0, e = cst.getNumEqualities(); r < e; ++r) {
    int64_t v = cst.atEq(r, pos);
    if (v != 1 && v != -1)
      continue;
    unsigned c;
    for (c = 0; c < cst.getNumVars(); ++c)
      if (c != pos && cst.atEq(r, c) != 0)
        break;
    if (c == cst.getNumVars())
      return (int)r;
  }
  return -1;
}

template <bool IsLower>
std::optional<int64_t>
ConstraintSystem::computeConstantLowerOrUpperBound(unsigned pos) {
  projectOut(0, pos);
  projectOut(1, getNumVars() - 1);
  unsigned cols = getNumCols();
  int eqRow = findEqualityToConstant(*this, 0);
  if (eqRow != -1)
    return -atEq(eqRow, cols - 1) / atEq(eqRow, 0);
  std::optional<int64_t> result;
  for (unsigned r = 0, e = getNumInequalities(); r < e; ++r) {
    int64_t coeff = atIneq(r, 0);
    if (IsLower ? coeff <= 0 : coeff >= 0)
      continue;
    bool constantBound = true;
    for (unsigned c = 1; c + 1 < cols; ++c)
      constantBound &= atIneq(r, c) == 0;
    if (!constantBound)
      continue;
    int64_t bound = IsLower ? ceilDiv64(-atIneq(r, cols - 1), coeff)
                            : floorDiv64(atIneq(r, cols - 1), -coeff);
    if (!result || (IsLower ? bound > *result : bound < *result))
      result = bound;
  }
  return result;
}

std::optional<int64_t> ConstraintSystem::getConstantBound(BoundType type,
                                                          unsigned pos) const {
  if (type == BoundType::LB)
    return ConstraintSystem(*this).computeConstantLowerOrUpperBound<true>(pos);
  if (type == BoundType::UB)
    return ConstraintSystem(*this).computeConstantLowerOrUpperBound<false>(pos);
  auto lb = ConstraintSystem(*this).computeConstantLowerOrUpperBound<true>(pos);
  auto ub =
      ConstraintSystem(*this).computeConstantLowerOrUpperBound<false>(pos);
  return (lb && ub && *lb == *ub) ? ub : std::nullopt;
}

void ConstraintSystem::removeRedundantLocalVars() {
  unsigned cols = getNumCols();
  for (unsigned i = 0, e = getNumEqualities(); i < e; ++i)
    normalizeRange({eqs.data() + i * cols, cols}, cols);
  while (true) {
    unsigned i, e, j = 0, f = 0;
    for (i = 0, e = getNumEqualities(); i < e; ++i) {
      for (j = getNumDimAndSymbols(), f = getNumVars(); j < f; ++j)
        if (atEq(i, j) == 1 || atEq(i, j) == -1)
          break;
      if (j < f)
        break;
    }
    if (i == e)
      break;
    cols = getNumCols();
    for (unsigned k = 0, t = getNumEqualities(); k < t; ++k) {
      if (atEq(k, j) != 0) {
        eliminateFromConstraint(k, i, j, j, true);
        normalizeRange({eqs.data() + k * cols, cols}, cols);
      }
    }
    for (unsigned k = 0, t = getNumInequalities(); k < t; ++k)
      eliminateFromConstraint(k, i, j, j, false);
    removeVar(j);
    removeEquality(i);
  }
}

void ConstraintSystem::removeInequalities(const std::vector<bool> &which) {
  unsigned cols = getNumCols();
  std::vector<int64_t> kept;
  for (unsigned r = 0, e = getNumInequalities(); r < e; ++r)
    if (!which[r])
      kept.insert(kept.end(), ineqs.begin() + r * cols,
                  ineqs.begin() + (r + 1) * cols);
  ineqs = std::move(kept);
}

void ConstraintSystem::removeTrivialRedundancy() {
  gcdTightenInequalities();
  normalizeConstraintsByGCD();
  // Among rows equal but for the constant, keep the tightest one.
  std::map<std::vector<int64_t>, std::pair<unsigned, int64_t>> byCoeffs;
  std::vector<bool> redundant(getNumInequalities(), false);
  for (unsigned r = 0, e = getNumInequalities(); r < e; ++r) {
    std::span<const int64_t> row = getInequality(r);
    bool trivial = std::all_of(row.begin(), row.end() - 1,
                               [](int64_t v) { return v == 0; }) &&
                   row.back() >= 0;
    if (trivial) {
      redundant[r] = true;
      continue;
    }
    std::vector<int64_t> key(row.begin(), row.end() - 1);
    auto [it, inserted] = byCoeffs.try_emplace(key, r, row.back());
    if (inserted)
      continue;
    if (it->second.second > row.back()) {
      redundant[it->second.first] = true;
      it->second = {r, row.back()};
    } else {
      redundant[r] = true;
    }
  }
  removeInequalities(redundant);
}

void ConstraintSystem::removeRedundantInequalities() {
  unsigned cols = getNumCols();
  std::vector<bool> redundant(getNumInequalities(), false);
  ConstraintSystem tmp(*this);
  for (unsigned r = 0, e = getNumInequalities(); r < e; ++r) {
    // The row is implied iff its complement (-row - 1 >= 0) is infeasible.
    for (unsigned c = 0; c < cols; ++c)
      tmp.atIneq(r, c) = checkedNeg(tmp.atIneq(r, c));
    tmp.atIneq(r, cols - 1) = checkedSub(tmp.atIneq(r, cols - 1), 1);
    if (tmp.isEmpty()) {
      redundant[r] = true;
      for (unsigned c = 0; c < cols; ++c)
        tmp.atIneq(r, c) = 0;
      continue;
    }
    tmp.atIneq(r, cols - 1) += 1;
    for (unsigned c = 0; c < cols; ++c)
      tmp.atIneq(r, c) = -tmp.atIneq(r, c);
  }
  removeInequalities(redundant);
}

void ConstraintSystem::dump(std::ostream &os) const {
  os << "Domain: 0, Range: " << numDims << ", Symbols: " << numSymbols
     << ", Locals: " << numLocals << "\n";
  os << getNumConstraints() << " constraints\n(";
  for (unsigned i = 0; i < getNumVars(); ++i) {
    if (i < getNumDimAndSymbols())
      os << (values[i] ? "Value " : "None ");
    else
      os << "Local ";
  }
  os << "const)\n";
  auto printRow = [&](std::span<const int64_t> row, const char *rel) {
    for (int64_t v : row)
      os << v << " ";
    os << rel << " 0\n";
  };
  for (unsigned r = 0; r < getNumEqualities(); ++r)
    printRow(getEquality(r), "=");
  for (unsigned r = 0; r < getNumInequalities(); ++r)
    printRow(getInequality(r), ">=");
}

std::string ConstraintSystem::str() const {
  std::ostringstream os;
  dump(os);
  return os.str();
}

} // namespace affjit
