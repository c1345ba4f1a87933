// Register block sizes (RegisterBlockPlan.h).
#include "frontend/analysis/RegisterBlockPlan.h"

#include <algorithm>

namespace affjit {

namespace {

/// Registers a register block without FMAs leaves at least for its loads
/// and products.
constexpr unsigned kProductRegisters = 6;

/// Rows one block may run (more unrolls LLVM's code for little gain).
constexpr uint64_t kMaxTrips = 64;

} // namespace

unsigned accumulatorRegisterBudget(const VectorizationTarget &target,
                                   bool fastMath) {
  // A quarter of AVX-512's 32; of AVX2's 16, six without fast math (6 rows
  // x 2 ymm left four: LLVM spilled an accumulator; 5 rows: gemm 1024^3
  // 35.4 -> 28.2 ms) and four with it (6 rows: 26.4 ms, 5 rows: 29.3).
  unsigned reserve = target.vectorRegisters / 4;
  if (!fastMath)
    reserve = std::max(reserve, kProductRegisters);
  return target.vectorRegisters - std::min(reserve, target.vectorRegisters);
}

unsigned registerBlockRows(const VectorizationTarget &target, bool fastMath,
                           unsigned accumulatorRegisters, uint64_t trips,
                           unsigned maxRows) {
  unsigned budget = accumulatorRegisterBudget(target, fastMath);
  return std::min<unsigned>({maxRows,
                             budget / std::max(1u, accumulatorRegisters),
                             (unsigned)std::min(trips, kMaxTrips)});
}

} // namespace affjit
