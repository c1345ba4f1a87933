// An integer constraint system over dims, symbols and locals (seed 001,
// "Affine Relations and Constraints"): equalities `row . x + c == 0` and
// inequalities `row . x + c >= 0` with 64-bit coefficients, each column tied
// to the IR value it stands for. The projection and emptiness routines follow
// MLIR's FlatAffineValueConstraints (Gaussian elimination, Fourier-Motzkin
// with GCD tightening): rational, hence conservative, so that dependence
// answers match `mlir-opt -test-memref-dependence-check`. Exact integer
// answers live in OmegaTest.h. Coefficient arithmetic that leaves int64 throws
// CoefficientOverflow instead of wrapping; analyses turn it into "unknown".
#pragma once

#include <cstdint>
#include <exception>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <vector>

namespace affjit {

class Value;

/// A coefficient computation overflowed int64.
struct CoefficientOverflow : std::exception {
  const char *what() const noexcept override {
    return "constraint coefficient overflow";
  }
};

/// An analysis gave up: a problem needed more rows or subproblems than its
/// budget (Fourier-Motzkin can square the rows at every step).
struct AnalysisBudgetExceeded : std::exception {
  const char *what() const noexcept override {
    return "integer analysis budget exceeded";
  }
};

int64_t checkedAdd(int64_t a, int64_t b);
int64_t checkedSub(int64_t a, int64_t b);
int64_t checkedMul(int64_t a, int64_t b);
int64_t checkedNeg(int64_t a);
int64_t gcd64(int64_t a, int64_t b);
int64_t lcm64(int64_t a, int64_t b);

enum class VarKind { Dim, Symbol, Local };
enum class BoundType { LB, UB, EQ };

/// Columns are [dims..., symbols..., locals..., constant].
class ConstraintSystem {
public:
  ConstraintSystem(unsigned numDims = 0, unsigned numSymbols = 0,
                   unsigned numLocals = 0);

  unsigned getNumDims() const { return numDims; }
  unsigned getNumSymbols() const { return numSymbols; }
  unsigned getNumLocals() const { return numLocals; }
  unsigned getNumDimAndSymbols() const { return numDims + numSymbols; }
  unsigned getNumVars() const { return numDims + numSymbols + numLocals; }
  unsigned getNumCols() const { return getNumVars() + 1; }
  unsigned getNumEqualities() const { return numRows(eqs); }
  unsigned getNumInequalities() const { return numRows(ineqs); }
  unsigned getNumConstraints() const {
    return getNumEqualities() + getNumInequalities();
  }
  /// First absolute column of `kind`.
  unsigned getKindOffset(VarKind kind) const;
  VarKind getKindAt(unsigned pos) const;

  int64_t &atEq(unsigned r, unsigned c) { return eqs[r * getNumCols() + c]; }
  int64_t atEq(unsigned r, unsigned c) const {
    return eqs[r * getNumCols() + c];
  }
  int64_t &atIneq(unsigned r, unsigned c) {
    return ineqs[r * getNumCols() + c];
  }
  int64_t atIneq(unsigned r, unsigned c) const {
    return ineqs[r * getNumCols() + c];
  }
  std::span<const int64_t> getEquality(unsigned r) const {
    return {eqs.data() + r * getNumCols(), getNumCols()};
  }
  std::span<const int64_t> getInequality(unsigned r) const {
    return {ineqs.data() + r * getNumCols(), getNumCols()};
  }
  void addEquality(std::span<const int64_t> row);
  void addInequality(std::span<const int64_t> row);
  void removeEquality(unsigned r);
  void removeInequality(unsigned r);
  void clearConstraints();
  /// Adds `pos >= value`, `pos <= value` or `pos == value`.
  void addBound(BoundType type, unsigned pos, int64_t value);
  /// Appends a local q = floor(dividend / divisor) with its two defining
  /// inequalities; `dividend` has getNumCols() entries (before the append).
  void addLocalFloorDiv(std::span<const int64_t> dividend, int64_t divisor);

  /// Inserts `num` variables of `kind` at position `pos` within that kind;
  /// returns the absolute column of the first one.
  unsigned insertVar(VarKind kind, unsigned pos, unsigned num = 1);
  unsigned appendVar(VarKind kind, unsigned num = 1);
  void removeVar(unsigned pos) { removeVarRange(pos, pos + 1); }
  /// Removes absolute columns [start, end).
  void removeVarRange(unsigned start, unsigned end);
  void swapVar(unsigned a, unsigned b);
  /// Moves the first `k` dims after the other dims (relation inverse).
  void rotateDims(unsigned k);
  /// Turns vars [start, end) of `kind` into locals appended at the end.
  void convertToLocal(VarKind kind, unsigned start, unsigned end);
  /// Appends the rows of `other`, which must have the same columns.
  void append(const ConstraintSystem &other);

  /// The IR value a dim or symbol column stands for (null if none).
  Value *getValue(unsigned pos) const { return values[pos]; }
  void setValue(unsigned pos, Value *v) { values[pos] = v; }
  /// The dim or symbol column holding `v`.
  std::optional<unsigned> findVar(const Value *v) const;

  // MLIR-compatible (rational, conservative) algorithms.
  bool isEmptyByGCDTest() const;
  bool hasInvalidConstraint() const;
  void gcdTightenInequalities();
  void normalizeConstraintsByGCD();
  /// Eliminates vars in [start, limit) with equalities while possible;
  /// returns how many were eliminated.
  unsigned gaussianEliminateVars(unsigned start, unsigned limit);
  bool gaussianEliminateVar(unsigned pos) {
    return gaussianEliminateVars(pos, pos + 1) == 1;
  }
  /// Throws AnalysisBudgetExceeded rather than build more than
  /// kMaxEliminationRows rows.
  void fourierMotzkinEliminate(unsigned pos);
  static constexpr size_t kMaxEliminationRows = 1 << 15;
  /// Existentially quantifies vars [pos, pos + num) away.
  void projectOut(unsigned pos, unsigned num);
  /// True only if the system has no integer point; false may be wrong
  /// (Fourier-Motzkin is exact over the rationals only).
  bool isEmpty() const;
  /// Constant bound of var `pos` after projecting the others out.
  std::optional<int64_t> getConstantBound(BoundType type, unsigned pos) const;
  void removeRedundantLocalVars();
  void removeTrivialRedundancy();
  /// Drops inequalities implied by the others (checked with isEmpty()).
  void removeRedundantInequalities();

  /// Same columns, values and rows in the same order.
  bool operator==(const ConstraintSystem &) const = default;

  /// Prints the tableau like MLIR's dump (seed 001).
  void dump(std::ostream &os) const;
  std::string str() const;

private:
  unsigned numRows(const std::vector<int64_t> &m) const {
    return (unsigned)(m.size() / getNumCols());
  }
  void insertColumns(unsigned absPos, unsigned num);
  /// Drops the inequalities marked in `which` (one flag per row).
  void removeInequalities(const std::vector<bool> &which);
  void eliminateFromConstraint(unsigned row, unsigned pivotRow,
                               unsigned pivotCol, unsigned elimColStart,
                               bool isEq);
  bool isColZero(unsigned pos) const;
  template <bool IsLower>
  std::optional<int64_t> computeConstantLowerOrUpperBound(unsigned pos);

  unsigned numDims, numSymbols, numLocals;
  std::vector<int64_t> eqs, ineqs; // row-major, getNumCols() per row
  std::vector<Value *> values;     // dims and symbols
};

/// Divides `row[0, count)` by the GCD of its absolute values; returns it.
int64_t normalizeRange(std::span<int64_t> row, unsigned count);

} // namespace affjit
