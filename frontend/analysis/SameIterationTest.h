// The strong SIV test at distance 0 (seed 001's dependence test, its cheap
// first case): when some subscript is the same `c * iv + e` in two accesses,
// with c != 0 and e over values fixed while the loop of `iv` runs, two
// iterations of that loop touching one element are one iteration, so no
// dependence between the accesses is carried by it. It spares the exact
// (Omega) test most pairs of an unrolled nest; when it cannot tell, the
// exact test decides.
#pragma once

#include "frontend/analysis/MemRefAccess.h"

#include <optional>
#include <utility>
#include <vector>

namespace affjit {

/// The subscripts of a list of accesses in linear form, computed once, and
/// the test between any two of them.
class SameIterationTest {
public:
  explicit SameIterationTest(const std::vector<MemRefAccess> &accesses);

  /// True when accesses `a` and `b` (indices into the list) can touch one
  /// element only in one iteration of affine.for `loop`; false when it
  /// cannot tell (also for accesses through different memref values).
  bool onlySameIterationMeets(size_t a, size_t b, Operation *loop) const;

private:
  /// A subscript as a sum of coefficient * value plus a constant.
  struct LinearSubscript {
    /// Sorted by value, no zero coefficients.
    std::vector<std::pair<Value *, int64_t>> terms;
    int64_t constant = 0;
    bool operator==(const LinearSubscript &) const = default;
  };
  using Subscripts = std::vector<std::optional<LinearSubscript>>;
  static Subscripts linearSubscripts(const MemRefAccess &access);

  std::vector<Subscripts> subscripts;
  std::vector<Value *> memrefs;
};

} // namespace affjit
