// Exact integer emptiness and optimisation by the Omega test (Pugh 1991),
// used where seed 001's Fourier-Motzkin check is only rational: equalities
// are solved over the integers, inequalities are eliminated exactly where
// Fourier-Motzkin is exact and by real shadow, dark shadow and splinters
// where it is not. Every variable of the ConstraintSystem (dim, symbol or
// local) ranges over the integers. Arithmetic that leaves int64 throws
// CoefficientOverflow; work beyond the limits in OmegaOptions throws
// AnalysisBudgetExceeded. Callers answer conservatively on either.
#pragma once

#include "frontend/analysis/ConstraintSystem.h"

#include <cstdint>
#include <exception>
#include <optional>
#include <vector>

namespace affjit {

struct IntegerOptimum {
  enum class Kind { Empty, Unbounded, Bounded };
  Kind kind = Kind::Empty;
  int64_t value = 0; // meaningful only when kind == Bounded
};

/// Counters that show which parts of the algorithm ran (accumulated).
struct OmegaStats {
  uint64_t nodes = 0;               // integer subproblems solved
  uint64_t exactEliminations = 0;   // Fourier-Motzkin steps that were exact
  uint64_t inexactEliminations = 0; // steps that needed the shadows
  uint64_t realShadowEmpty = 0;     // ... and stopped at an empty real shadow
  uint64_t darkShadowNonEmpty = 0;  // ... and stopped at a dark shadow point
  uint64_t splinters = 0;           // splinter subproblems tried
};

/// Limits that keep every query finite on any input.
struct OmegaOptions {
  uint64_t maxNodes = 100000; // subproblems per emptiness test
  /// Inequalities in one subproblem once duplicates and rows implied by
  /// its variable bounds are dropped; the raw rows one Fourier-Motzkin step
  /// builds before that may reach 8 times as many.
  uint64_t maxRows = 4096;
  OmegaStats *stats = nullptr;
};

/// True iff `cst` has no integer point.
bool isIntegerEmpty(const ConstraintSystem &cst,
                    const OmegaOptions &options = {});

/// The least (greatest) integer value of variable `pos` over the integer
/// points of `cst`, the other variables existentially quantified. Throws
/// std::out_of_range if `pos` is not a variable, CoefficientOverflow if the
/// optimum does not fit int64.
IntegerOptimum integerMinimum(const ConstraintSystem &cst, unsigned pos,
                              const OmegaOptions &options = {});
IntegerOptimum integerMaximum(const ConstraintSystem &cst, unsigned pos,
                              const OmegaOptions &options = {});

/// An integer point of `cst` (one value per variable), or nullopt if empty.
/// Each coordinate is chosen as close to zero as the earlier ones allow.
std::optional<std::vector<int64_t>>
findIntegerSample(const ConstraintSystem &cst,
                  const OmegaOptions &options = {});

} // namespace affjit
