// Pass `fuse`: producer-consumer and sibling fusion of the top-level affine
// loop nests of each function (seed 002, MLIR's `affine-loop-fusion`). For
// each destination nest, the nests before it that write a buffer it reads
// (producers; closest first), then nests that read a buffer it reads
// (siblings), are tried at every depth of the destination: the slice of
// the source each destination iteration needs (ComputationSlice.h), its
// legality (FusionLegality.h) and its cost (FusionCost.h). Among the legal
// depths within the compute tolerance the one whose working set fits the
// nearest cache wins, then the least recomputation, then the largest
// storage reduction, then the deepest.
// The slice is cloned into the destination and the source nest erased
// (fusion only happens when nothing else needs the source to run whole);
// a temporary only the fused nest uses shrinks to one iteration's
// footprint, down to a one-element stack buffer LLVM keeps in a register,
// also when it was deallocated at the end. `--opt-report=fuse` tells, per
// candidate pair, each depth's slice and cost and the decision.
// Steps, on either side: the dependence relations hold every loop's step
// lattice; a sliced source loop keeps its step and starts on its lattice
// (FusionUtils.h), so it runs only the iterations the source ran, and a
// slice that would need a stepped loop's max-of-several lower bound is
// refused. Whether the slices run every source iteration is only claimed
// for step-1 loops (a stepped source needed elsewhere is not fused).
#pragma once

#include "frontend/analysis/FusionCost.h"
#include "frontend/ir/IR.h"
#include "frontend/target/TargetModel.h"
#include "frontend/transform/PassContext.h"

namespace affjit {

struct LoopFusionOptions {
  /// Cache sizes the working set is measured against (the pass registry
  /// gives the context's target's).
  CacheSizes caches = TargetModel::host().caches;
  /// The most recomputation a fused nest may add (0.3: 30%), as MLIR's
  /// `fusion-compute-tolerance`.
  double computeTolerance = 0.3;
  bool producerConsumer = true;
  bool sibling = true;
  /// Keep the summaries of unchanged nests from one fusion to the next and
  /// resume the scan at the last fusion's destination (same decisions as
  /// starting over, without the cost that grows with the function).
  bool incremental = true;
  /// Check, after every fusion, that what incremental mode keeps is what
  /// recomputing gives (throws std::logic_error if not): for tests.
  bool checkIncremental = false;
  /// Candidate pairs analysed per function before the pass stops early
  /// (with a remark): a bound on the time a pathological function takes,
  /// far above what real functions need.
  uint64_t maxPairAnalyses = 200000;
  /// The most affine loads and stores a fused nest may hold. Each fusion
  /// into a nest analyses and copies all of it, so a chain of N nests fused
  /// into one costs time quadratic in N; past this size a chain is fused
  /// in pieces of about this size (with a remark). Pieces of this size
  /// stream their buffers once per few hundred accesses, run as fast as
  /// longer ones or faster (a body of thousands of accesses outgrows the
  /// instruction cache and LLVM's schedulers), and hold far more than a
  /// kernel's nests do.
  uint64_t maxFusedAccesses = 256;
};

/// Fuses the loop nests of every function in `module`.
bool fuseLoops(Module &module, PassContext &context,
               const LoopFusionOptions &options);

} // namespace affjit
