// The dependence report of `affjit deps` (and the REPL's `:deps`): every
// ordered pair of affine.load/affine.store ops, numbered in program order,
// checked at every depth from 1 to their common loops + 1, printed exactly as
// `mlir-opt -test-memref-dependence-check` words its remarks (seed 001).
#pragma once

#include "frontend/analysis/Dependence.h"

#include <ostream>

namespace affjit {

struct DependenceReportOptions {
  /// Exact (Omega test) emptiness and components instead of MLIR's
  /// Fourier-Motzkin answers.
  bool exact = false;
};

/// Writes one `FILE:LINE:COL: remark: dependence from I to J at depth D =
/// ...` line per check of the accesses in `root` to `out`; a check that
/// cannot be done gives `FILE:LINE:COL: error: dependence check failed
/// (reason)` on `errs`. Returns the number of failed checks.
unsigned printDependenceReport(Operation *root, std::ostream &out,
                               std::ostream &errs,
                               const DependenceReportOptions &options = {});

/// The text after "= " for one result: false, true, or [lb, ub] per loop.
std::string formatDependence(const DependenceResult &result,
                             unsigned numCommonLoops, unsigned depth);

} // namespace affjit
