// ConstraintSystem's Fourier-Motzkin elimination stays within its row
// budget: a projection that would square the rows past
// kMaxEliminationRows throws AnalysisBudgetExceeded (callers answer
// "unknown"), and the MLIR-compatible emptiness test answers "maybe
// non-empty", as MLIR does on a constraint explosion.
#include "frontend/analysis/ConstraintSystem.h"

#include <gtest/gtest.h>

using namespace affjit;

namespace {

/// x0 between `n` lower and `n` upper bounds, each also involving x1.
ConstraintSystem manyBoundsOnX0(int64_t n) {
  ConstraintSystem cst(2, 0, 0);
  for (int64_t i = 1; i <= n; ++i) {
    cst.addInequality(std::vector<int64_t>{1, i, 0});       // x0 >= -i*x1
    cst.addInequality(std::vector<int64_t>{-1, i, 10 * i}); // x0 <= i*x1+10i
  }
  return cst;
}

TEST(ConstraintSystem, EliminationBeyondTheRowBudgetThrows) {
  int64_t n = 200; // 200 x 200 pairs > kMaxEliminationRows
  ASSERT_GT(size_t(n * n), ConstraintSystem::kMaxEliminationRows);
  ConstraintSystem cst = manyBoundsOnX0(n);
  EXPECT_THROW(cst.projectOut(0, 1), AnalysisBudgetExceeded);
  EXPECT_FALSE(manyBoundsOnX0(n).isEmpty());
}

TEST(ConstraintSystem, EliminationWithinTheBudgetProjects) {
  ConstraintSystem cst = manyBoundsOnX0(20);
  cst.projectOut(0, 1);
  ASSERT_EQ(cst.getNumVars(), 1u);
  // Every pair i, j gives (i + j) * x1 + 10 * j >= 0, i.e. x1 >=
  // -10j / (i + j); the tightest, j = 1 and i = 20, is -10/21: x1 >= 0.
  EXPECT_EQ(cst.getConstantBound(BoundType::LB, 0), 0);
  EXPECT_FALSE(cst.getConstantBound(BoundType::UB, 0).has_value());
}

} // namespace
