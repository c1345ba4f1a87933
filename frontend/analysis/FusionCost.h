// The fusion cost model (seed 002, "4. isFusionProfitable" and "4.1
// getFusionComputeCost"): for a slice at one depth, the op instances of
// the source, destination and fused nests (MLIR's compute cost, from trip
// counts), the additional compute fraction, the bytes the source writes
// and the slice writes (storage reduction), and, beyond MLIR, the working
// set of one iteration of the fused nest at that depth against the host's
// L1 and L2 data caches: a depth whose working set spills the cache loses
// the reuse fusion was for. Trip counts that are not constant count as
// kUnknownTripCount. The model only reads the IR.
#pragma once

#include "frontend/analysis/ComputationSlice.h"
#include "frontend/target/TargetParams.h"

#include <cstdint>
#include <vector>

namespace affjit {

/// What a loop with a non-constant trip count is assumed to run.
inline constexpr int64_t kUnknownTripCount = 128;

/// The iterations `loop` runs: its constant trip count, else
/// kUnknownTripCount.
int64_t tripCountOf(AffineForOp loop);

struct FusionDepthCost {
  unsigned depth = 0;
  double srcCost = 0, dstCost = 0, fusedCost = 0;
  /// fused / (src + dst) - 1: the recomputation the slice adds.
  double additionalCompute = 0;
  /// Bytes the source writes to the forwarded buffers, whole and per slice.
  int64_t srcWriteBytes = 0, sliceWriteBytes = 0;
  double storageReduction = 1;
  /// Bytes one iteration of the fused nest at this depth touches.
  int64_t workingSetBytes = 0;
  /// 1: fits L1, 2: fits L2, 3: neither.
  int cacheLevel = 3;
};

/// The cost of fusing `srcRoot` into `dstRoot` with `slice`; `forwarded`
/// are the buffers the source writes and the destination reads.
FusionDepthCost estimateFusionCost(const ComputationSlice &slice,
                                   Operation *srcRoot, Operation *dstRoot,
                                   const std::vector<Value *> &forwarded,
                                   const CacheSizes &caches);

/// Op instances one execution of `op` runs (loops times their bodies).
double getComputeCost(Operation *op);

} // namespace affjit
