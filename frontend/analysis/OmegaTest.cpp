// The Omega test (W. Pugh, "The Omega test: a fast and practical integer
// programming algorithm for dependence analysis", 1991) on a private copy of
// the constraints, and integer optimisation built on it by binary search.
// Each subproblem is normalised (gcd tightening, parallel rows merged),
// rid of its equalities, and pruned by constant variable bounds before a
// variable is eliminated: as in Pugh's implementation, rows the bounds
// already imply are dropped, since Fourier-Motzkin would otherwise square
// their number at every step and every one of them splinters.
#include "frontend/analysis/OmegaTest.h"

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>
#include <stdexcept>
#include <utility>

namespace affjit {
namespace {

using Row = std::vector<int64_t>;

/// Rows are [coefficients..., constant]: equalities `row.x + c == 0`,
/// inequalities `row.x + c >= 0`. Columns never go away: an eliminated
/// variable just has zero coefficients everywhere, which keeps the column of
/// the variable being optimised stable.
struct Problem {
  unsigned numVars = 0;
  std::vector<Row> eqs, ineqs;
};

/// Charges the work of one emptiness test against OmegaOptions.
class Budget {
public:
  static constexpr uint64_t kRawRowsFactor = 8;

  explicit Budget(const OmegaOptions &options) : options(options) {}

  void chargeNode() {
    if (++nodes > options.maxNodes)
      throw AnalysisBudgetExceeded();
    note(&OmegaStats::nodes);
  }
  /// A subproblem, once duplicates and rows its bounds imply are gone.
  void checkRows(uint64_t rows) const {
    if (rows > options.maxRows)
      throw AnalysisBudgetExceeded();
  }
  /// The raw rows of one Fourier-Motzkin step, before that clean-up: most
  /// are duplicates or implied (7 in 10 over the random systems of the tests),
  /// so they may reach a multiple of the limit before the step is refused.
  void checkRawRows(uint64_t rows) const {
    if (rows > options.maxRows * kRawRowsFactor)
      throw AnalysisBudgetExceeded();
  }
  void note(uint64_t OmegaStats::*counter) const {
    if (options.stats)
      ++(options.stats->*counter);
  }

private:
  const OmegaOptions &options;
  uint64_t nodes = 0;
};

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

int64_t magnitude(int64_t v) { return v < 0 ? checkedNeg(v) : v; }

/// floor(a / b) for b > 0.
int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}

/// The integer nearest to a / b (b != 0), so that |a - q*b| <= |b| / 2: this
/// at least halves the other coefficients in each Euclid round.
int64_t nearestQuotient(int64_t a, int64_t b) {
  if (b == -1)
    return checkedNeg(a);
  int64_t q = a / b;
  int64_t r = a - q * b; // |r| < |b|: cannot overflow
  int64_t absR = magnitude(r), absB = magnitude(b);
  if (absR > absB - absR)
    q += ((r > 0) == (b > 0)) ? 1 : -1;
  return q;
}

/// The x solving `a*x + c == 0` where a divides c.
int64_t solveUnit(int64_t a, int64_t c) {
  if (a == 1)
    return checkedNeg(c);
  if (a == -1)
    return c;
  return checkedNeg(c / a);
}

/// The column of the smallest non-zero coefficient and how many there are.
std::pair<unsigned, unsigned> smallestCoefficient(const Row &row,
                                                  unsigned numVars) {
  unsigned best = 0, nonZeros = 0;
  for (unsigned i = 0; i < numVars; ++i) {
    if (row[i] == 0)
      continue;
    if (nonZeros++ == 0 || magnitude(row[i]) < magnitude(row[best]))
      best = i;
  }
  return {best, nonZeros};
}

int64_t coefficientGcd(const Row &row, unsigned numVars) {
  int64_t g = 0;
  for (unsigned i = 0; i < numVars; ++i)
    g = gcd64(g, row[i]);
  return g;
}

//===----------------------------------------------------------------------===//
// Normalisation
//===----------------------------------------------------------------------===//

enum class RowStatus { Keep, Drop, Infeasible };

/// Divides by the coefficient gcd; an equality whose constant it does not
/// divide has no integer solution.
RowStatus normalizeEquality(Row &row, unsigned numVars) {
  int64_t g = coefficientGcd(row, numVars);
  if (g == 0)
    return row[numVars] == 0 ? RowStatus::Drop : RowStatus::Infeasible;
  if (g == 1)
    return RowStatus::Keep;
  if (row[numVars] % g != 0)
    return RowStatus::Infeasible;
  for (int64_t &v : row)
    v /= g;
  return RowStatus::Keep;
}

/// Divides by the coefficient gcd and floors the constant: the integer
/// tightening that makes the splinter bound of Pugh's paper valid.
RowStatus normalizeInequality(Row &row, unsigned numVars) {
  int64_t g = coefficientGcd(row, numVars);
  if (g == 0)
    return row[numVars] >= 0 ? RowStatus::Drop : RowStatus::Infeasible;
  for (unsigned i = 0; i < numVars; ++i)
    row[i] /= g;
  row[numVars] = floorDiv(row[numVars], g);
  return RowStatus::Keep;
}

bool normalizeRows(std::vector<Row> &rows, unsigned numVars,
                   RowStatus (*normalizeRow)(Row &, unsigned)) {
  std::vector<Row> kept;
  kept.reserve(rows.size());
  for (Row &row : rows) {
    RowStatus status = normalizeRow(row, numVars);
    if (status == RowStatus::Infeasible)
      return false;
    if (status == RowStatus::Keep)
      kept.push_back(std::move(row));
  }
  rows = std::move(kept);
  return true;
}

bool leadsPositive(const Row &row, unsigned numVars) {
  for (unsigned i = 0; i < numVars; ++i)
    if (row[i] != 0)
      return row[i] > 0;
  return true;
}

Row withConstant(const Row &coefficients, int64_t constant) {
  Row row = coefficients;
  row.push_back(constant);
  return row;
}

Row negatedCoefficients(const Row &coefficients) {
  Row row = coefficients;
  for (int64_t &v : row)
    v = checkedNeg(v);
  return row;
}

/// Tightest constants of `d.x + plus >= 0` and `-d.x + minus >= 0`.
struct ParallelPair {
  std::optional<int64_t> plus, minus;
};

/// Keeps the tightest of parallel inequalities; opposite ones that leave no
/// room are infeasible, and ones that leave exactly one value an equality.
bool mergeParallelInequalities(Problem &p) {
  unsigned n = p.numVars;
  std::map<Row, ParallelPair> byDirection;
  for (const Row &row : p.ineqs) {
    bool plus = leadsPositive(row, n);
    Row direction(row.begin(), row.begin() + n);
    if (!plus)
      direction = negatedCoefficients(direction);
    ParallelPair &pair = byDirection[direction];
    std::optional<int64_t> &slot = plus ? pair.plus : pair.minus;
    slot = slot ? std::min(*slot, row[n]) : row[n];
  }
  p.ineqs.clear();
  for (const auto &[direction, pair] : byDirection) {
    if (pair.plus && pair.minus) {
      int64_t room = checkedAdd(*pair.plus, *pair.minus);
      if (room < 0)
        return false;
      if (room == 0) {
        p.eqs.push_back(withConstant(direction, *pair.plus));
        continue;
      }
    }
    if (pair.plus)
      p.ineqs.push_back(withConstant(direction, *pair.plus));
    if (pair.minus)
      p.ineqs.push_back(
          withConstant(negatedCoefficients(direction), *pair.minus));
  }
  return true;
}

/// False if the problem is found to have no integer point.
bool normalize(Problem &p) {
  return normalizeRows(p.eqs, p.numVars, normalizeEquality) &&
         normalizeRows(p.ineqs, p.numVars, normalizeInequality) &&
         mergeParallelInequalities(p);
}

//===----------------------------------------------------------------------===//
// Constant bounds
//===----------------------------------------------------------------------===//

/// Constant bounds of each variable (nullopt: unbounded on that side), read
/// off the single-variable inequalities and propagated through the others.
struct VarBounds {
  std::vector<std::optional<int64_t>> lower, upper;
};

/// Sums of products of int64 values; terms beyond kHuge count as unbounded
/// (pruning then just does less) so that no sum can overflow.
using Wide = __int128;
constexpr Wide kHuge = (Wide)1 << 100;

/// `v` if a bound row can hold it (and its negation).
std::optional<int64_t> narrow(Wide v) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  if (v < -kMax || v > kMax)
    return std::nullopt;
  return (int64_t)v;
}

Wide wideFloorDiv(Wide a, Wide b) { // b > 0
  Wide q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}

/// The least (`low`) or greatest value of coefficient * x over x's bounds.
std::optional<Wide> termExtreme(int64_t coefficient, const VarBounds &b,
                                unsigned var, bool low) {
  bool useLower = (coefficient > 0) == low;
  const std::optional<int64_t> &bound = useLower ? b.lower[var] : b.upper[var];
  if (!bound)
    return std::nullopt;
  Wide term = (Wide)coefficient * *bound;
  if (term > kHuge || term < -kHuge)
    return std::nullopt;
  return term;
}

/// Least or greatest value of `row` (constant included) over the box,
/// leaving out column `skip`; nullopt when unbounded that way.
std::optional<Wide> rowExtreme(const Row &row, const VarBounds &b,
                               unsigned numVars, bool low,
                               std::optional<unsigned> skip = {}) {
  Wide sum = row[numVars];
  for (unsigned j = 0; j < numVars; ++j) {
    if (row[j] == 0 || j == skip)
      continue;
    std::optional<Wide> t = termExtreme(row[j], b, j, low);
    if (!t)
      return std::nullopt;
    sum += *t;
  }
  return sum;
}

bool tightenLower(std::optional<int64_t> &slot, Wide value) {
  std::optional<int64_t> v = narrow(value);
  if (!v || (slot && *slot >= *v))
    return false;
  slot = v;
  return true;
}

bool tightenUpper(std::optional<int64_t> &slot, Wide value) {
  std::optional<int64_t> v = narrow(value);
  if (!v || (slot && *slot <= *v))
    return false;
  slot = v;
  return true;
}

/// From `row >= 0`: a_k x_k >= -(rest of the row at its greatest), rounded
/// to integers. True if some bound moved.
bool propagateRow(const Row &row, VarBounds &b, unsigned numVars) {
  bool changed = false;
  for (unsigned k = 0; k < numVars; ++k) {
    int64_t a = row[k];
    if (a == 0)
      continue;
    std::optional<Wide> rest = rowExtreme(row, b, numVars, false, k);
    if (!rest)
      continue;
    if (a > 0) // x_k >= ceil(-rest / a)
      changed |= tightenLower(b.lower[k], -wideFloorDiv(*rest, a));
    else // x_k <= floor(rest / -a)
      changed |= tightenUpper(b.upper[k], wideFloorDiv(*rest, -(Wide)a));
  }
  return changed;
}

/// A few rounds of bound propagation: enough to expose most infeasible and
/// redundant rows cheaply. (Chains such as x < y < x only creep towards
/// their contradiction one unit per round, so the rounds are capped; the
/// elimination below settles what is left.)
VarBounds propagateBounds(const Problem &p) {
  constexpr int kRounds = 3;
  unsigned n = p.numVars;
  VarBounds b{std::vector<std::optional<int64_t>>(n),
              std::vector<std::optional<int64_t>>(n)};
  for (int round = 0; round < kRounds; ++round) {
    bool changed = false;
    for (const Row &row : p.ineqs)
      changed |= propagateRow(row, b, n);
    if (!changed)
      break;
  }
  return b;
}

Row boundRow(unsigned numVars, unsigned var, int64_t bound, bool upper) {
  Row row(numVars + 1, 0);
  row[var] = upper ? -1 : 1;
  row[numVars] = upper ? bound : checkedNeg(bound);
  return row;
}

/// Replaces the inequalities by the constant bounds of each variable plus
/// the multi-variable rows those bounds do not imply. Every new row is an
/// integer consequence of the old ones and every dropped row follows from
/// the new ones, so the integer points are the same; but Fourier-Motzkin
/// and the splinters no longer pay for rows the box already guarantees.
/// False if the bounds cross or some row cannot hold anywhere in the box.
bool pruneByBounds(Problem &p) {
  unsigned n = p.numVars;
  VarBounds b = propagateBounds(p);
  std::vector<Row> kept;
  for (unsigned j = 0; j < n; ++j) {
    if (b.lower[j] && b.upper[j] && *b.lower[j] > *b.upper[j])
      return false;
    if (b.lower[j])
      kept.push_back(boundRow(n, j, *b.lower[j], false));
    if (b.upper[j])
      kept.push_back(boundRow(n, j, *b.upper[j], true));
  }
  for (Row &row : p.ineqs) {
    auto [var, nonZeros] = smallestCoefficient(row, n);
    if (nonZeros == 1 && (row[var] > 0 ? b.lower[var] : b.upper[var]))
      continue; // the bound row is at least as tight
    std::optional<Wide> most = rowExtreme(row, b, n, false);
    if (most && *most < 0)
      return false;
    std::optional<Wide> least = rowExtreme(row, b, n, true);
    if (!least || *least < 0)
      kept.push_back(std::move(row));
  }
  p.ineqs = std::move(kept);
  return true;
}

//===----------------------------------------------------------------------===//
// Equalities
//===----------------------------------------------------------------------===//

template <typename Fn> void forEachRow(Problem &p, Fn fn) {
  for (Row &row : p.eqs)
    fn(row);
  for (Row &row : p.ineqs)
    fn(row);
}

/// Column dst -= q * column src, i.e. substituting x_src = x'_src - q*x_dst:
/// a unimodular change of variables, so emptiness is unchanged.
void subtractColumnMultiple(Problem &p, unsigned dst, unsigned src, int64_t q) {
  forEachRow(p, [&](Row &row) {
    if (row[src] != 0)
      row[dst] = checkedSub(row[dst], checkedMul(q, row[src]));
  });
}

void substituteValue(Problem &p, unsigned col, int64_t value) {
  unsigned n = p.numVars;
  forEachRow(p, [&](Row &row) {
    if (row[col] != 0)
      row[n] = checkedAdd(row[n], checkedMul(row[col], value));
    row[col] = 0;
  });
}

/// The equality whose smallest coefficient is smallest (a unit one means
/// plain substitution, without coefficient growth).
size_t pickEquality(const Problem &p) {
  size_t best = 0;
  int64_t bestMagnitude = std::numeric_limits<int64_t>::max();
  for (size_t r = 0; r < p.eqs.size(); ++r) {
    const Row &eq = p.eqs[r];
    int64_t m = magnitude(eq[smallestCoefficient(eq, p.numVars).first]);
    if (m < bestMagnitude) {
      best = r;
      bestMagnitude = m;
    }
  }
  return best;
}

/// Removes equality `idx` and one variable. Euclid by column operations
/// shrinks the equality to a single term g*x + c == 0; then g | c or there
/// is no integer solution. Returns false in that case.
bool eliminateEquality(Problem &p, size_t idx) {
  unsigned n = p.numVars;
  while (true) {
    auto [pivot, nonZeros] = smallestCoefficient(p.eqs[idx], n);
    const Row &eq = p.eqs[idx];
    if (nonZeros == 1) {
      int64_t a = eq[pivot], c = eq[n];
      if (magnitude(a) != 1 && c % a != 0)
        return false;
      int64_t value = solveUnit(a, c);
      p.eqs.erase(p.eqs.begin() + idx);
      substituteValue(p, pivot, value);
      return true;
    }
    for (unsigned j = 0; j < n; ++j)
      if (j != pivot && eq[j] != 0)
        subtractColumnMultiple(p, j, pivot, nearestQuotient(eq[j], eq[pivot]));
  }
}

//===----------------------------------------------------------------------===//
// Inequalities
//===----------------------------------------------------------------------===//

enum class Elimination { OneSided, Exact, Inexact };

struct VarChoice {
  unsigned var;
  Elimination kind;
  uint64_t cost; // lower x upper bound pairs
};

VarChoice classifyVariable(const Problem &p, unsigned v) {
  uint64_t lower = 0, upper = 0;
  bool unitLower = true, unitUpper = true;
  for (const Row &row : p.ineqs) {
    if (row[v] > 0) {
      ++lower;
      unitLower &= row[v] == 1;
    } else if (row[v] < 0) {
      ++upper;
      unitUpper &= row[v] == -1;
    }
  }
  if (lower == 0 || upper == 0)
    return {v, Elimination::OneSided, 0};
  bool exact = unitLower || unitUpper;
  return {v, exact ? Elimination::Exact : Elimination::Inexact, lower * upper};
}

bool better(const VarChoice &a, const VarChoice &b) {
  if (a.kind != b.kind)
    return a.kind < b.kind; // one-sided, then exact, then inexact
  return a.cost < b.cost;
}

/// The variable cheapest to eliminate, skipping `keep`; nullopt when no
/// inequality mentions any other variable.
std::optional<VarChoice> chooseVariable(const Problem &p,
                                        std::optional<unsigned> keep = {}) {
  std::optional<VarChoice> best;
  for (unsigned v = 0; v < p.numVars; ++v) {
    if (v == keep)
      continue;
    bool used = std::any_of(p.ineqs.begin(), p.ineqs.end(),
                            [&](const Row &row) { return row[v] != 0; });
    if (!used)
      continue;
    VarChoice choice = classifyVariable(p, v);
    if (!best || better(choice, *best))
      best = choice;
  }
  return best;
}

/// A variable bounded on one side only can always satisfy its constraints.
void dropRowsUsing(Problem &p, unsigned v) {
  std::erase_if(p.ineqs, [&](const Row &row) { return row[v] != 0; });
}

/// Combines lower bound `a*x >= -l` and upper bound `b*x <= u` into
/// `a*u + b*l >= 0` (real shadow) or `>= (a-1)(b-1)` (dark shadow).
Row combinePair(const Row &lower, const Row &upper, unsigned v, bool dark) {
  int64_t a = lower[v], b = checkedNeg(upper[v]);
  Row row(lower.size());
  for (size_t i = 0; i < row.size(); ++i)
    if (i != v)
      row[i] = checkedAdd(checkedMul(b, lower[i]), checkedMul(a, upper[i]));
  if (dark)
    row.back() = checkedSub(row.back(), checkedMul(a - 1, b - 1));
  return row;
}

/// Fourier-Motzkin elimination of `v` from the inequalities.
Problem combineBounds(const Problem &p, unsigned v, bool dark, Budget &budget) {
  Problem out{p.numVars, p.eqs, {}};
  std::vector<const Row *> lowers, uppers;
  for (const Row &row : p.ineqs) {
    if (row[v] > 0)
      lowers.push_back(&row);
    else if (row[v] < 0)
      uppers.push_back(&row);
    else
      out.ineqs.push_back(row);
  }
  budget.checkRawRows(out.ineqs.size() +
                      (uint64_t)lowers.size() * uppers.size());
  for (const Row *lower : lowers)
    for (const Row *upper : uppers)
      out.ineqs.push_back(combinePair(*lower, *upper, v, dark));
  return out;
}

bool hasIntegerPoint(Problem p, Budget &budget);

/// The largest coefficient of `v` among its upper bounds.
int64_t largestUpperCoefficient(const Problem &p, unsigned v) {
  int64_t m = 0;
  for (const Row &row : p.ineqs)
    if (row[v] < 0)
      m = std::max(m, checkedNeg(row[v]));
  return m;
}

/// Index of the last splinter of lower bound coefficient `a`:
/// (a*m - a - m) / m, negative when a == 1 (nothing to splinter).
int64_t lastSplinter(int64_t a, int64_t m) {
  return floorDiv(checkedSub(checkedSub(checkedMul(a, m), a), m), m);
}

/// How many splinters the lower bounds of `v` produce.
uint64_t countSplinters(const Problem &p, unsigned v) {
  int64_t m = largestUpperCoefficient(p, v);
  uint64_t count = 0;
  for (const Row &row : p.ineqs)
    if (row[v] > 0)
      count += (uint64_t)(lastSplinter(row[v], m) + 1);
  return count;
}

void negateColumn(Problem &p, unsigned v) {
  forEachRow(p, [&](Row &row) { row[v] = checkedNeg(row[v]); });
}

/// Points outside the dark shadow lie close to some lower bound a*x >= L:
/// a*x == L + i for 0 <= i <= (a*m - a - m) / m, m the largest upper bound
/// coefficient (Pugh). Each such splinter has one variable fewer.
bool lowerSplintersHavePoint(const Problem &p, unsigned v, Budget &budget) {
  int64_t m = largestUpperCoefficient(p, v);
  for (const Row &lower : p.ineqs) {
    int64_t a = lower[v];
    if (a <= 0)
      continue;
    for (int64_t i = 0, last = lastSplinter(a, m); i <= last; ++i) {
      budget.note(&OmegaStats::splinters);
      Problem splinter = p;
      Row eq = lower;
      eq.back() = checkedSub(eq.back(), i);
      splinter.eqs.push_back(std::move(eq));
      if (hasIntegerPoint(std::move(splinter), budget))
        return true;
    }
  }
  return false;
}

/// The argument is symmetric: such points also lie close to some upper
/// bound. Splinter on the side with fewer splinters (x -> -x swaps sides;
/// the coefficients of a real shadow's rows are products, so the two
/// counts often differ by a lot).
bool splinterHasPoint(const Problem &p, unsigned v, Budget &budget) {
  Problem mirrored = p;
  negateColumn(mirrored, v);
  if (countSplinters(mirrored, v) < countSplinters(p, v))
    return lowerSplintersHavePoint(mirrored, v, budget);
  return lowerSplintersHavePoint(p, v, budget);
}

bool inexactHasPoint(const Problem &p, unsigned v, Budget &budget) {
  budget.note(&OmegaStats::inexactEliminations);
  if (!hasIntegerPoint(combineBounds(p, v, false, budget), budget)) {
    budget.note(&OmegaStats::realShadowEmpty);
    return false;
  }
  if (hasIntegerPoint(combineBounds(p, v, true, budget), budget)) {
    budget.note(&OmegaStats::darkShadowNonEmpty);
    return true;
  }
  return splinterHasPoint(p, v, budget);
}

/// The Omega test proper. Every round removes a variable, so the recursion
/// depth is at most the number of variables; Budget bounds the breadth.
bool hasIntegerPoint(Problem p, Budget &budget) {
  budget.chargeNode();
  while (true) {
    if (!normalize(p))
      return false;
    if (!p.eqs.empty()) {
      if (!eliminateEquality(p, pickEquality(p)))
        return false;
      continue;
    }
    if (!pruneByBounds(p))
      return false;
    budget.checkRows(p.ineqs.size());
    std::optional<VarChoice> choice = chooseVariable(p);
    if (!choice)
      return true; // only valid constant rows were left, and dropped
    switch (choice->kind) {
    case Elimination::OneSided:
      dropRowsUsing(p, choice->var);
      break;
    case Elimination::Exact:
      budget.note(&OmegaStats::exactEliminations);
      p = combineBounds(p, choice->var, false, budget);
      break;
    case Elimination::Inexact:
      return inexactHasPoint(p, choice->var, budget);
    }
  }
}

//===----------------------------------------------------------------------===//
// Rational bounds of one variable
//===----------------------------------------------------------------------===//

struct Range {
  std::optional<int64_t> lower, upper; // nullopt: unbounded on that side
};

/// Rational Gaussian elimination of column `col` with equality `idx`
/// (scaling other rows by |a| keeps inequality directions).
void eliminateColumnWithEquality(Problem &p, size_t idx, unsigned col) {
  Row eq = std::move(p.eqs[idx]);
  p.eqs.erase(p.eqs.begin() + idx);
  int64_t scale = magnitude(eq[col]);
  forEachRow(p, [&](Row &row) {
    int64_t b = row[col];
    if (b == 0)
      return;
    int64_t factor = eq[col] > 0 ? b : checkedNeg(b);
    for (size_t i = 0; i < row.size(); ++i)
      row[i] = checkedSub(checkedMul(scale, row[i]), checkedMul(factor, eq[i]));
    row[col] = 0;
  });
}

/// An equality and a column other than `keep` it can eliminate.
std::optional<std::pair<size_t, unsigned>> findEqualityPivot(const Problem &p,
                                                             unsigned keep) {
  std::optional<std::pair<size_t, unsigned>> best;
  for (size_t r = 0; r < p.eqs.size(); ++r)
    for (unsigned c = 0; c < p.numVars; ++c)
      if (c != keep && p.eqs[r][c] != 0 &&
          (!best || magnitude(p.eqs[r][c]) <
                        magnitude(p.eqs[best->first][best->second])))
        best = {{r, c}};
  return best;
}

/// The bounds of `pos` left once every other column is zero; all its
/// coefficients are +-1 after normalisation. nullopt if contradictory.
std::optional<Range> boundsOfLastVariable(const Problem &p, unsigned pos) {
  Range range;
  auto raiseLower = [&](int64_t v) {
    range.lower = range.lower ? std::max(*range.lower, v) : v;
  };
  auto lowerUpper = [&](int64_t v) {
    range.upper = range.upper ? std::min(*range.upper, v) : v;
  };
  unsigned n = p.numVars;
  for (const Row &eq : p.eqs) {
    raiseLower(solveUnit(eq[pos], eq[n]));
    lowerUpper(solveUnit(eq[pos], eq[n]));
  }
  for (const Row &row : p.ineqs) {
    if (row[pos] > 0)
      raiseLower(checkedNeg(row[n]));
    else
      lowerUpper(row[n]);
  }
  if (range.lower && range.upper && *range.lower > *range.upper)
    return std::nullopt;
  return range;
}

/// Bounds of `pos` over the rational relaxation, tightened by integer
/// rounding along the way. The result lies between the integer optimum and
/// the rational one, so it bounds the former and is unbounded only when the
/// latter is.
std::optional<Range> rationalRange(Problem p, unsigned pos, Budget &budget) {
  while (true) {
    budget.chargeNode();
    if (!normalize(p))
      return std::nullopt;
    if (auto pivot = findEqualityPivot(p, pos)) {
      eliminateColumnWithEquality(p, pivot->first, pivot->second);
      continue;
    }
    if (!pruneByBounds(p))
      return std::nullopt;
    budget.checkRows(p.ineqs.size());
    std::optional<VarChoice> choice = chooseVariable(p, pos);
    if (!choice)
      return boundsOfLastVariable(p, pos);
    if (choice->kind == Elimination::OneSided)
      dropRowsUsing(p, choice->var);
    else
      p = combineBounds(p, choice->var, false, budget);
  }
}

//===----------------------------------------------------------------------===//
// Optimisation and sampling
//===----------------------------------------------------------------------===//

Problem toProblem(const ConstraintSystem &cst) {
  Problem p;
  p.numVars = cst.getNumVars();
  for (unsigned r = 0; r < cst.getNumEqualities(); ++r) {
    auto row = cst.getEquality(r);
    p.eqs.emplace_back(row.begin(), row.end());
  }
  for (unsigned r = 0; r < cst.getNumInequalities(); ++r) {
    auto row = cst.getInequality(r);
    p.ineqs.emplace_back(row.begin(), row.end());
  }
  return p;
}

bool isFeasible(const Problem &p, const OmegaOptions &options) {
  Budget budget(options);
  return hasIntegerPoint(p, budget);
}

/// `p` with `x_pos <= bound` (upper) or `x_pos >= bound` (lower).
Problem withBound(Problem p, unsigned pos, int64_t bound, bool upper) {
  Row row(p.numVars + 1, 0);
  row[pos] = upper ? -1 : 1;
  row[p.numVars] = upper ? bound : checkedNeg(bound);
  p.ineqs.push_back(std::move(row));
  return p;
}

bool hasPointAtMost(const Problem &p, unsigned pos, int64_t bound,
                    const OmegaOptions &options) {
  return isFeasible(withBound(p, pos, bound, /*upper=*/true), options);
}

/// Doubles the distance from `lo` until some point has x_pos <= hi; raises
/// `lo` past the values found empty.
int64_t gallopUpper(const Problem &p, unsigned pos, int64_t &lo,
                    const OmegaOptions &options) {
  const int64_t maxValue = std::numeric_limits<int64_t>::max();
  uint64_t step = 1;
  while (true) {
    uint64_t room = (uint64_t)maxValue - (uint64_t)lo;
    int64_t hi = (int64_t)((uint64_t)lo + std::min(step, room));
    if (hasPointAtMost(p, pos, hi, options))
      return hi;
    if (hi == maxValue)
      throw CoefficientOverflow(); // the minimum exceeds int64
    lo = hi + 1;
    step = std::min(step * 2, (uint64_t)1 << 62);
  }
}

/// Exact integer minimum of x_pos: the rational range brackets it (and
/// decides unboundedness: by Meyer's theorem a rational polyhedron with
/// integer points has an integer hull with the same recession cone), then
/// binary search with the Omega test. The rounded rational minimum is most
/// often the integer one, so it is tried first: one emptiness test then
/// settles both feasibility and the optimum.
IntegerOptimum minimizeProblem(const Problem &p, unsigned pos,
                               const OmegaOptions &options) {
  using Kind = IntegerOptimum::Kind;
  Budget budget(options);
  std::optional<Range> range = rationalRange(p, pos, budget);
  if (!range)
    return {Kind::Empty, 0}; // no rational point, so no integer one
  if (range->lower && hasPointAtMost(p, pos, *range->lower, options))
    return {Kind::Bounded, *range->lower};
  if (!isFeasible(p, options))
    return {Kind::Empty, 0};
  if (!range->lower)
    return {Kind::Unbounded, 0};
  int64_t lo = checkedAdd(*range->lower, 1); // none at the lower bound
  int64_t hi = range->upper ? *range->upper : gallopUpper(p, pos, lo, options);
  while (lo < hi) {
    int64_t mid = std::midpoint(lo, hi); // rounds towards lo
    if (hasPointAtMost(p, pos, mid, options))
      hi = mid;
    else
      lo = mid + 1;
  }
  return {Kind::Bounded, hi};
}

/// max x = -min(-x): negate the column.
IntegerOptimum maximizeProblem(Problem p, unsigned pos,
                               const OmegaOptions &options) {
  forEachRow(p, [&](Row &row) { row[pos] = checkedNeg(row[pos]); });
  IntegerOptimum result = minimizeProblem(p, pos, options);
  if (result.kind == IntegerOptimum::Kind::Bounded)
    result.value = checkedNeg(result.value);
  return result;
}

void checkPosition(const ConstraintSystem &cst, unsigned pos) {
  if (pos >= cst.getNumVars())
    throw std::out_of_range("integer optimum of a non-existent variable");
}

/// A value of x_pos that some point of the non-empty `p` takes: the least
/// non-negative one, else the greatest negative one.
int64_t valueNearZero(const Problem &p, unsigned pos,
                      const OmegaOptions &options) {
  using Kind = IntegerOptimum::Kind;
  IntegerOptimum up =
      minimizeProblem(withBound(p, pos, 0, false), pos, options);
  if (up.kind == Kind::Bounded)
    return up.value;
  IntegerOptimum down =
      maximizeProblem(withBound(p, pos, -1, true), pos, options);
  if (down.kind != Kind::Bounded)
    throw std::logic_error("Omega test: sample search lost the point");
  return down.value;
}

} // namespace

bool isIntegerEmpty(const ConstraintSystem &cst, const OmegaOptions &options) {
  return !isFeasible(toProblem(cst), options);
}

IntegerOptimum integerMinimum(const ConstraintSystem &cst, unsigned pos,
                              const OmegaOptions &options) {
  checkPosition(cst, pos);
  return minimizeProblem(toProblem(cst), pos, options);
}

IntegerOptimum integerMaximum(const ConstraintSystem &cst, unsigned pos,
                              const OmegaOptions &options) {
  checkPosition(cst, pos);
  return maximizeProblem(toProblem(cst), pos, options);
}

/// Fixes the variables one at a time to a value some point still takes, so
/// the result satisfies the original rows without undoing any substitution.
std::optional<std::vector<int64_t>>
findIntegerSample(const ConstraintSystem &cst, const OmegaOptions &options) {
  Problem p = toProblem(cst);
  if (!isFeasible(p, options))
    return std::nullopt;
  std::vector<int64_t> sample;
  for (unsigned pos = 0; pos < p.numVars; ++pos) {
    int64_t value = valueNearZero(p, pos, options);
    sample.push_back(value);
    Row eq(p.numVars + 1, 0);
    eq[pos] = 1;
    eq[p.numVars] = checkedNeg(value);
    p.eqs.push_back(std::move(eq));
  }
  return sample;
}

} // namespace affjit
