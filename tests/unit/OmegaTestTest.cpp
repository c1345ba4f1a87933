// Tests of the exact integer emptiness test and optimisation
// (frontend/analysis/OmegaTest.h) against brute-force enumeration: seeded
// random small systems over a box, the classic inputs where Fourier-Motzkin
// is inexact, unbounded sets, overflowing coefficients and the work budget.
#include "frontend/analysis/OmegaTest.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <stdexcept>
#include <vector>

using namespace affjit;

namespace {

using Row = std::vector<int64_t>;
using Kind = IntegerOptimum::Kind;
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

/// A system in the ConstraintSystem convention: rows [coefficients..., c].
struct System {
  unsigned numVars = 0;
  std::vector<Row> eqs, ineqs;
};

ConstraintSystem build(const System &s) {
  ConstraintSystem cst(s.numVars);
  for (const Row &row : s.eqs)
    cst.addEquality(row);
  for (const Row &row : s.ineqs)
    cst.addInequality(row);
  return cst;
}

/// lo <= coefficients . x + c <= hi as two inequalities.
void addRange(System &s, Row coefficients, int64_t lo, int64_t hi) {
  Row low = coefficients, high = coefficients;
  low.push_back(-lo);
  for (int64_t &v : high)
    v = -v;
  high.push_back(hi);
  s.ineqs.push_back(low);
  s.ineqs.push_back(high);
}

void addBox(System &s, int64_t box) {
  for (unsigned i = 0; i < s.numVars; ++i) {
    Row unit(s.numVars, 0);
    unit[i] = 1;
    addRange(s, unit, -box, box);
  }
}

// Exact evaluation for the verifier: 128 bits cannot overflow here.
__int128 evaluate(const Row &row, const std::vector<int64_t> &x) {
  __int128 sum = row.back();
  for (size_t i = 0; i < x.size(); ++i)
    sum += (__int128)row[i] * x[i];
  return sum;
}

bool satisfies(const System &s, const std::vector<int64_t> &x) {
  if (x.size() != s.numVars)
    return false;
  return std::all_of(s.eqs.begin(), s.eqs.end(),
                     [&](const Row &r) { return evaluate(r, x) == 0; }) &&
         std::all_of(s.ineqs.begin(), s.ineqs.end(),
                     [&](const Row &r) { return evaluate(r, x) >= 0; });
}

//===----------------------------------------------------------------------===//
// Brute force
//===----------------------------------------------------------------------===//

struct Enumeration {
  bool empty = true;
  std::vector<int64_t> min, max;
};

int64_t floorDiv(int64_t a, int64_t b) { // b > 0
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}

void record(Enumeration &e, const std::vector<int64_t> &x, unsigned i,
            int64_t lo, int64_t hi) {
  e.empty = false;
  e.min[i] = std::min(e.min[i], lo);
  e.max[i] = std::max(e.max[i], hi);
}

/// The values of the last variable allowed once the others are fixed, as an
/// interval within [-box, box]; lo > hi when there is none.
std::pair<int64_t, int64_t>
lastVariableRange(const System &s, std::vector<int64_t> x, int64_t box) {
  unsigned last = s.numVars - 1;
  int64_t lo = -box, hi = box;
  x[last] = 0;
  for (const Row &eq : s.eqs) {
    int64_t a = eq[last], r = (int64_t)evaluate(eq, x);
    if (a == 0 ? r != 0 : r % a != 0)
      return {1, 0};
    if (a != 0) {
      lo = std::max(lo, -r / a);
      hi = std::min(hi, -r / a);
    }
  }
  for (const Row &ineq : s.ineqs) {
    int64_t a = ineq[last], r = (int64_t)evaluate(ineq, x);
    if (a > 0)
      lo = std::max(lo, -floorDiv(r, a)); // x >= ceil(-r / a)
    else if (a < 0)
      hi = std::min(hi, floorDiv(r, -a));
    else if (r < 0)
      return {1, 0};
  }
  return {lo, hi};
}

/// Every integer point of `s` in [-box, box]^n: the first n-1 coordinates
/// are enumerated, the last one solved as an interval.
Enumeration enumerateBox(const System &s, int64_t box) {
  unsigned n = s.numVars;
  Enumeration e{true, std::vector<int64_t>(n, kMax),
                std::vector<int64_t>(n, -kMax)};
  std::vector<int64_t> x(n, -box);
  while (true) {
    auto [lo, hi] = lastVariableRange(s, x, box);
    if (lo <= hi) {
      for (unsigned i = 0; i + 1 < n; ++i)
        record(e, x, i, x[i], x[i]);
      record(e, x, n - 1, lo, hi);
    }
    unsigned i = 0;
    while (i + 1 < n && x[i] == box)
      x[i++] = -box;
    if (i + 1 >= n)
      return e;
    ++x[i];
  }
}

/// The obviously correct version, for checking enumerateBox itself.
Enumeration enumerateEveryPoint(const System &s, int64_t box) {
  unsigned n = s.numVars;
  Enumeration e{true, std::vector<int64_t>(n, kMax),
                std::vector<int64_t>(n, -kMax)};
  std::vector<int64_t> x(n, -box);
  while (true) {
    if (satisfies(s, x))
      for (unsigned i = 0; i < n; ++i)
        record(e, x, i, x[i], x[i]);
    unsigned i = 0;
    while (i < n && x[i] == box)
      x[i++] = -box;
    if (i == n)
      return e;
    ++x[i];
  }
}

//===----------------------------------------------------------------------===//
// Random systems
//===----------------------------------------------------------------------===//

/// Deterministic on every standard library (no std distributions).
class Rng {
public:
  explicit Rng(uint64_t seed) : gen(seed) {}
  int64_t uniform(int64_t lo, int64_t hi) {
    return lo + (int64_t)(gen() % (uint64_t)(hi - lo + 1));
  }
  bool chance(int percent) { return uniform(0, 99) < percent; }

private:
  std::mt19937_64 gen;
};

Row randomCoefficients(Rng &rng, unsigned n) {
  Row row(n, 0);
  while (std::all_of(row.begin(), row.end(), [](int64_t v) { return !v; }))
    for (int64_t &v : row)
      v = rng.chance(30) ? 0 : rng.uniform(-7, 7);
  return row;
}

constexpr int64_t kBox = 12;

/// 2-5 variables boxed in [-kBox, kBox]; inequalities, thin slabs
/// lo <= a.x <= lo + w (where Fourier-Motzkin is typically inexact) and
/// some equalities.
System randomSystem(Rng &rng) {
  System s;
  s.numVars = (unsigned)rng.uniform(2, 5);
  addBox(s, kBox);
  int64_t numIneqs = rng.uniform(0, s.numVars + 1);
  for (int64_t i = 0; i < numIneqs; ++i) {
    Row row = randomCoefficients(rng, s.numVars);
    row.push_back(rng.uniform(-20, 20));
    s.ineqs.push_back(row);
  }
  int64_t numSlabs = rng.uniform(0, 2);
  for (int64_t i = 0; i < numSlabs; ++i) {
    int64_t lo = rng.uniform(-20, 20);
    addRange(s, randomCoefficients(rng, s.numVars), lo, lo + rng.uniform(0, 3));
  }
  int64_t numEqs = rng.chance(60) ? 0 : rng.uniform(1, 2);
  for (int64_t i = 0; i < numEqs; ++i) {
    Row row = randomCoefficients(rng, s.numVars);
    row.push_back(rng.uniform(-20, 20));
    s.eqs.push_back(row);
  }
  return s;
}

//===----------------------------------------------------------------------===//
// Checks shared by the tests
//===----------------------------------------------------------------------===//

/// Everything the Omega test says about `s` agrees with enumeration over a
/// box that `s` itself imposes.
void expectMatchesEnumeration(const System &s, const Enumeration &truth,
                              const OmegaOptions &options = {}) {
  ConstraintSystem cst = build(s);
  ASSERT_EQ(isIntegerEmpty(cst, options), truth.empty);
  std::optional<std::vector<int64_t>> sample = findIntegerSample(cst, options);
  ASSERT_EQ(sample.has_value(), !truth.empty);
  if (sample) {
    EXPECT_TRUE(satisfies(s, *sample));
  }
  for (unsigned i = 0; i < s.numVars; ++i) {
    IntegerOptimum lo = integerMinimum(cst, i, options);
    IntegerOptimum hi = integerMaximum(cst, i, options);
    if (truth.empty) {
      EXPECT_EQ(lo.kind, Kind::Empty);
      EXPECT_EQ(hi.kind, Kind::Empty);
      continue;
    }
    ASSERT_EQ(lo.kind, Kind::Bounded);
    ASSERT_EQ(hi.kind, Kind::Bounded);
    EXPECT_EQ(lo.value, truth.min[i]) << "minimum of x" << i;
    EXPECT_EQ(hi.value, truth.max[i]) << "maximum of x" << i;
  }
}

System twoVars() {
  System s;
  s.numVars = 2;
  return s;
}

/// Pugh's example: 27 <= 11x + 13y <= 45, -10 <= 7x - 9y <= 4 has the
/// rational point (3/2, 3/2) but no integer point.
System pughExample() {
  System s = twoVars();
  addRange(s, {11, 13}, 27, 45);
  addRange(s, {7, -9}, -10, 4);
  return s;
}

//===----------------------------------------------------------------------===//
// Tests
//===----------------------------------------------------------------------===//

TEST(OmegaTest, EnumerationOracleAgreesWithNaiveEnumeration) {
  Rng rng(7);
  unsigned nonEmpty = 0;
  for (int iter = 0; iter < 150; ++iter) {
    System s = randomSystem(rng);
    if (s.numVars > 3)
      continue;
    Enumeration fast = enumerateBox(s, kBox),
                slow = enumerateEveryPoint(s, kBox);
    ASSERT_EQ(fast.empty, slow.empty);
    EXPECT_EQ(fast.min, slow.min);
    EXPECT_EQ(fast.max, slow.max);
    nonEmpty += !fast.empty;
  }
  EXPECT_GT(nonEmpty, 10u);
}

TEST(OmegaTest, RandomSystemsMatchBruteForce) {
  Rng rng(20240601);
  OmegaStats stats;
  OmegaOptions options;
  options.stats = &stats;
  unsigned empty = 0, total = 3000;
  for (unsigned iter = 0; iter < total; ++iter) {
    System s = randomSystem(rng);
    Enumeration truth = enumerateBox(s, kBox);
    empty += truth.empty;
    SCOPED_TRACE("random system " + std::to_string(iter));
    expectMatchesEnumeration(s, truth, options);
    if (HasFatalFailure())
      return;
  }
  // Both answers are common, and every part of the algorithm ran.
  EXPECT_GT(empty, total / 5);
  EXPECT_LT(empty, total * 4 / 5);
  EXPECT_GT(stats.exactEliminations, 0u);
  EXPECT_GT(stats.inexactEliminations, 0u);
  EXPECT_GT(stats.realShadowEmpty, 0u);
  EXPECT_GT(stats.darkShadowNonEmpty, 0u);
  EXPECT_GT(stats.splinters, 0u);
}

TEST(OmegaTest, RowsImpliedByTheBoxAreNotCarriedAlong) {
  // Random system #767 above: five boxed variables and ten dense rows. With
  // every Fourier-Motzkin row kept, the shadows of three eliminations grew
  // past 4,096 rows within four subproblems, although most of those rows
  // follow from the box |x_i| <= 12. Bounds pruning keeps it small.
  System s;
  s.numVars = 5;
  addBox(s, kBox);
  for (const Row &row : std::vector<Row>{{-5, 0, 0, 3, 3, -5},
                                         {0, -2, 1, 0, 0, 11},
                                         {7, -4, -5, -5, 6, -12},
                                         {-3, -1, 3, -6, 1, -2},
                                         {3, -7, -4, 0, 3, -3},
                                         {4, 0, -2, -2, -5, -17},
                                         {0, -6, -7, 7, 1, -15},
                                         {0, 6, 7, -7, -1, 18},
                                         {2, 0, -4, -5, 0, -20},
                                         {-2, 0, 4, 5, 0, 22}})
    s.ineqs.push_back(row);
  OmegaOptions small;
  small.maxRows = 64;
  small.maxNodes = 1000;
  expectMatchesEnumeration(s, enumerateBox(s, kBox), small);
}

TEST(OmegaTest, PughExampleHasNoIntegerPoint) {
  System s = pughExample();
  for (const Row &row : s.ineqs) // (3/2, 3/2) satisfies every row
    EXPECT_GE(3 * row[0] + 3 * row[1] + 2 * row[2], 0);
  OmegaStats stats;
  OmegaOptions options;
  options.stats = &stats;
  EXPECT_TRUE(isIntegerEmpty(build(s), options));
  EXPECT_GT(stats.inexactEliminations, 0u);
  EXPECT_FALSE(findIntegerSample(build(s)).has_value());
  EXPECT_EQ(integerMinimum(build(s), 0).kind, Kind::Empty);
  EXPECT_EQ(integerMaximum(build(s), 1).kind, Kind::Empty);
  EXPECT_TRUE(enumerateBox(s, 60).empty);
}

TEST(OmegaTest, PughExampleWithUnboundedThirdVariableIsEmpty) {
  System s = pughExample();
  s.numVars = 3;
  for (Row &row : s.ineqs)
    row.insert(row.begin() + 2, 0);
  s.ineqs.push_back({1, 1, -1, 0}); // z <= x + y, z unbounded below
  EXPECT_TRUE(isIntegerEmpty(build(s)));
  EXPECT_EQ(integerMinimum(build(s), 2).kind, Kind::Empty);
}

TEST(OmegaTest, ThinSlabsNeedingSplintersMatchBruteForce) {
  // Thin slabs with large coefficients: real shadow non-empty, dark shadow
  // empty, so the answer comes from the splinters.
  std::vector<System> systems;
  {
    System s = twoVars(); // 2 <= 3x - 2y <= 3, 1 <= 5x + 7y <= 2
    addRange(s, {3, -2}, 2, 3);
    addRange(s, {5, 7}, 1, 2);
    addBox(s, 30);
    systems.push_back(s);
  }
  {
    System s = twoVars(); // 27 <= 11x + 13y <= 45, -10 <= 7x - 9y <= 5
    addRange(s, {11, 13}, 27, 45);
    addRange(s, {7, -9}, -10, 5);
    addBox(s, 30);
    systems.push_back(s);
  }
  {
    System s;
    s.numVars = 3; // 1 <= 6x - 9y + 5z <= 2, 0 <= 7x + 4y - 11z <= 1
    addRange(s, {6, -9, 5}, 1, 2);
    addRange(s, {7, 4, -11}, 0, 1);
    addBox(s, 12);
    systems.push_back(s);
  }
  OmegaStats stats;
  OmegaOptions options;
  options.stats = &stats;
  for (const System &s : systems)
    expectMatchesEnumeration(s, enumerateBox(s, 30), options);
  EXPECT_GT(stats.splinters, 0u);
}

TEST(OmegaTest, RationalPointButNoIntegerPoint) {
  // 2x - 3y == 1 means x = 2 + 3t, y = 1 + 2t, so 4x + 5y = 13 + 22t
  // misses [10, 11]; the line still crosses the slab at (73/44, 34/44).
  System s = twoVars();
  addRange(s, {2, -3}, 1, 1);
  addRange(s, {4, 5}, 10, 11);
  for (const Row &row : s.ineqs)
    EXPECT_GE(73 * row[0] + 34 * row[1] + 44 * row[2], 0);
  EXPECT_TRUE(isIntegerEmpty(build(s)));
  EXPECT_TRUE(enumerateBox(s, 60).empty);
  EXPECT_EQ(integerMinimum(build(s), 1).kind, Kind::Empty);
}

TEST(OmegaTest, EqualitiesWithoutUnitCoefficients) {
  System s;
  s.numVars = 3; // 6x + 10y + 15z == 7 has integer points (gcd 1)
  s.eqs.push_back({6, 10, 15, -7});
  addBox(s, 12);
  expectMatchesEnumeration(s, enumerateBox(s, 12));
  System t = s; // 6x + 10y == 7 has none (gcd 2)
  t.eqs[0] = {6, 10, 0, -7};
  EXPECT_TRUE(isIntegerEmpty(build(t)));
}

TEST(OmegaTest, UnboundedDirections) {
  System s = twoVars(); // x - 2y == 1, x >= 0
  s.eqs.push_back({1, -2, -1});
  s.ineqs.push_back({1, 0, 0});
  ConstraintSystem cst = build(s);
  EXPECT_FALSE(isIntegerEmpty(cst));
  IntegerOptimum minX = integerMinimum(cst, 0), maxX = integerMaximum(cst, 0);
  EXPECT_EQ(minX.kind, Kind::Bounded);
  EXPECT_EQ(minX.value, 1);
  EXPECT_EQ(maxX.kind, Kind::Unbounded);
  IntegerOptimum minY = integerMinimum(cst, 1);
  EXPECT_EQ(minY.kind, Kind::Bounded);
  EXPECT_EQ(minY.value, 0);
  EXPECT_EQ(integerMaximum(cst, 1).kind, Kind::Unbounded);
  auto sample = findIntegerSample(cst);
  ASSERT_TRUE(sample.has_value());
  EXPECT_TRUE(satisfies(s, *sample));
}

TEST(OmegaTest, UnboundedBothWaysAndSparse) {
  System s = twoVars(); // 3x - 5y == 1: x = 2 + 5t, y = 1 + 3t
  s.eqs.push_back({3, -5, -1});
  ConstraintSystem cst = build(s);
  EXPECT_EQ(integerMinimum(cst, 0).kind, Kind::Unbounded);
  EXPECT_EQ(integerMaximum(cst, 0).kind, Kind::Unbounded);
  auto sample = findIntegerSample(cst);
  ASSERT_TRUE(sample.has_value());
  EXPECT_TRUE(satisfies(s, *sample));

  s.ineqs.push_back({0, 1, 0}); // y >= 0: least x is 2 (rationally 1/3)
  IntegerOptimum minX = integerMinimum(build(s), 0);
  EXPECT_EQ(minX.kind, Kind::Bounded);
  EXPECT_EQ(minX.value, 2);
  EXPECT_EQ(integerMaximum(build(s), 0).kind, Kind::Unbounded);
}

TEST(OmegaTest, UnboundedButIntegerEmpty) {
  // Unbounded rational sets without integer points: a thin slab between
  // parallel lines, and a parity clash next to an unbounded variable.
  System s = twoVars(); // 1 <= 3x - 6y <= 2
  addRange(s, {3, -6}, 1, 2);
  EXPECT_TRUE(isIntegerEmpty(build(s)));
  EXPECT_EQ(integerMinimum(build(s), 0).kind, Kind::Empty);
  EXPECT_EQ(integerMaximum(build(s), 1).kind, Kind::Empty);

  System t;
  t.numVars = 3; // 2x + 4y == 1, z >= 0
  t.eqs.push_back({2, 4, 0, -1});
  t.ineqs.push_back({0, 0, 1, 0});
  EXPECT_TRUE(isIntegerEmpty(build(t)));
  EXPECT_EQ(integerMaximum(build(t), 2).kind, Kind::Empty);
}

TEST(OmegaTest, OptimumFarFromRationalBound) {
  System s = twoVars(); // x == 1000003 y + 17, y >= 5
  s.eqs.push_back({1, -1000003, -17});
  s.ineqs.push_back({0, 1, -5});
  IntegerOptimum minX = integerMinimum(build(s), 0);
  ASSERT_EQ(minX.kind, Kind::Bounded);
  EXPECT_EQ(minX.value, 5 * 1000003 + 17);
  auto sample = findIntegerSample(build(s));
  ASSERT_TRUE(sample.has_value());
  EXPECT_TRUE(satisfies(s, *sample));
}

TEST(OmegaTest, ExactRationalOptimumCostsOneEmptinessTest) {
  // The optimum of a wide box is its rational bound: one emptiness test
  // must settle it, where bisecting the rational range would take about 21
  // (compile time in cost models asks for thousands of such optima).
  System s = twoVars();
  addRange(s, {1, 0}, -1000000, 1000000);
  addRange(s, {1, 1}, -5, 5);
  OmegaStats stats;
  OmegaOptions options;
  options.stats = &stats;
  IntegerOptimum minX = integerMinimum(build(s), 0, options);
  ASSERT_EQ(minX.kind, Kind::Bounded);
  EXPECT_EQ(minX.value, -1000000);
  uint64_t oneQuery = stats.nodes;
  stats = {};
  EXPECT_FALSE(isIntegerEmpty(build(s), options));
  uint64_t oneTest = stats.nodes;
  // The rational pass charges a node per elimination step, a couple here.
  EXPECT_LT(oneQuery, 8 * oneTest);
}

TEST(OmegaTest, ExtremeButRepresentableValues) {
  System s;
  s.numVars = 1; // x == INT64_MAX
  s.eqs.push_back({1, -kMax});
  IntegerOptimum lo = integerMinimum(build(s), 0);
  IntegerOptimum hi = integerMaximum(build(s), 0);
  ASSERT_EQ(lo.kind, Kind::Bounded);
  ASSERT_EQ(hi.kind, Kind::Bounded);
  EXPECT_EQ(lo.value, kMax);
  EXPECT_EQ(hi.value, kMax);
}

TEST(OmegaTest, OverflowingCoefficientsThrowInsteadOfWrapping) {
  System s = twoVars(); // Fourier-Motzkin must multiply INT64_MAX by 3
  s.ineqs.push_back({kMax, -(kMax - 1), 0});
  s.ineqs.push_back({-3, 2, 5});
  EXPECT_THROW(isIntegerEmpty(build(s)), CoefficientOverflow);

  System t = twoVars(); // Euclid on 3x + INT64_MAX y == 0 overflows a row
  t.eqs.push_back({3, kMax, 0});
  t.ineqs.push_back({kMax / 2, 1, 0});
  t.ineqs.push_back({-(kMax / 2), 1, 0});
  EXPECT_THROW(isIntegerEmpty(build(t)), CoefficientOverflow);
}

TEST(OmegaTest, UnrepresentableOptimumThrows) {
  System s = twoVars(); // x == 2^40 y, y >= 2^40: least x is 2^80
  int64_t big = int64_t(1) << 40;
  s.eqs.push_back({1, -big, 0});
  s.ineqs.push_back({0, 1, -big});
  EXPECT_FALSE(isIntegerEmpty(build(s)));
  EXPECT_THROW(integerMinimum(build(s), 0), CoefficientOverflow);
}

TEST(OmegaTest, SplinterBudgetIsEnforced) {
  System s = pughExample();
  OmegaOptions tiny;
  tiny.maxNodes = 2;
  EXPECT_THROW(isIntegerEmpty(build(s), tiny), AnalysisBudgetExceeded);
  tiny.maxNodes = 100000;
  EXPECT_TRUE(isIntegerEmpty(build(s), tiny));
}

TEST(OmegaTest, RowBudgetIsEnforced) {
  System s;
  s.numVars = 3; // eliminating any variable pairs 8 lower with 8 upper bounds
  for (int64_t i = 1; i <= 8; ++i) {
    s.ineqs.push_back({i, 2 * i + 1, 3 * i + 2, 100});
    s.ineqs.push_back({-i, -(i + 2), -(2 * i + 3), 100});
  }
  OmegaOptions narrow;
  narrow.maxRows = 20;
  EXPECT_THROW(isIntegerEmpty(build(s), narrow), AnalysisBudgetExceeded);
  EXPECT_FALSE(isIntegerEmpty(build(s)));
}

TEST(OmegaTest, HardInputFinishesWithinBudget) {
  // Dense, large coefficients, many variables: Fourier-Motzkin blows up and
  // the splinters multiply. The default budget must stop it quickly.
  Rng rng(99);
  System s;
  s.numVars = 12;
  for (int i = 0; i < 30; ++i) {
    Row row(s.numVars);
    for (int64_t &v : row)
      v = rng.uniform(-1000, 1000);
    int64_t lo = rng.uniform(-1000, 1000);
    addRange(s, row, lo, lo + 5);
  }
  auto start = std::chrono::steady_clock::now();
  EXPECT_THROW(isIntegerEmpty(build(s)), AnalysisBudgetExceeded);
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  EXPECT_LT(seconds, 30.0);
}

TEST(OmegaTest, AllVariableKindsAreIntegers) {
  // Columns [x (dim), n (symbol), q (local), c]: q == floor(x / 4),
  // 0 <= x <= n, n == 10.
  ConstraintSystem cst(1, 1, 1);
  cst.addInequality(Row{1, 0, -4, 0}); // x - 4q >= 0
  cst.addInequality(Row{-1, 0, 4, 3}); // 4q + 3 - x >= 0
  cst.addInequality(Row{1, 0, 0, 0});  // x >= 0
  cst.addInequality(Row{-1, 1, 0, 0}); // x <= n
  cst.addEquality(Row{0, 1, 0, -10});  // n == 10
  IntegerOptimum lo = integerMinimum(cst, 2), hi = integerMaximum(cst, 2);
  ASSERT_EQ(lo.kind, Kind::Bounded);
  ASSERT_EQ(hi.kind, Kind::Bounded);
  EXPECT_EQ(lo.value, 0);
  EXPECT_EQ(hi.value, 2);
  cst.addInequality(Row{0, 0, 4, -9}); // 4q >= 9, so q == 3 but x <= 10
  cst.addInequality(Row{-1, 0, 0, 10});
  cst.addInequality(Row{1, 0, 0, -9}); // x >= 9: q == 2, contradiction
  EXPECT_TRUE(isIntegerEmpty(cst));
}

TEST(OmegaTest, ConstantOnlySystems) {
  ConstraintSystem valid(0);
  valid.addInequality(Row{5});
  valid.addEquality(Row{0});
  EXPECT_FALSE(isIntegerEmpty(valid));
  auto sample = findIntegerSample(valid);
  ASSERT_TRUE(sample.has_value());
  EXPECT_TRUE(sample->empty());
  ConstraintSystem invalid(0);
  invalid.addInequality(Row{-1});
  EXPECT_TRUE(isIntegerEmpty(invalid));
  EXPECT_FALSE(findIntegerSample(invalid).has_value());
}

TEST(OmegaTest, BadPositionIsRejected) {
  ConstraintSystem cst(2);
  EXPECT_THROW(integerMinimum(cst, 2), std::out_of_range);
  EXPECT_THROW(integerMaximum(cst, 7), std::out_of_range);
}

} // namespace
