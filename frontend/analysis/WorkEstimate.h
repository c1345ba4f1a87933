// A static estimate of the work one call of a function does, for reporting
// GFLOP/s and GB/s (the REPL's :time): floating-point operations counted
// over loop nests whose trip counts are known, and the bytes of the memref
// arguments the function reads and writes. Also the work of one run of a
// loop nest in op instances, which decides whether a parallel region pays
// (the `parallelize` pass).
#pragma once

#include "frontend/ir/IR.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace affjit {

/// What is known about one argument of a particular call: the value of an
/// integer or index scalar, or the shape of a memref.
struct ArgumentFact {
  std::optional<int64_t> value;
  std::optional<std::vector<int64_t>> shape;
};

struct WorkEstimate {
  /// Floating-point operations per call: arith and math ops on floats count
  /// one per lane (fma two), vector.reduction one per combined lane; every
  /// loop multiplies by its trip count.
  std::optional<double> flops;
  /// Bytes per call: the size of each memref argument the function reads
  /// plus the size of each one it writes (the traffic if every element
  /// moves once; temporaries allocated inside are not counted).
  std::optional<double> bytes;
  /// Why `flops` or `bytes` is unknown, e.g. "affine.for at f.mlir:3:5 has
  /// a trip count that is not known".
  std::string flopsUnknownReason, bytesUnknownReason;
};

/// Estimates the work of func.func `func` called with arguments described by
/// `args` (one entry per parameter; facts may be empty). Trip counts must
/// follow from constants, static shapes and the facts; loops whose bounds
/// depend on other loops, affine.if and calls make the flop count unknown.
WorkEstimate estimateWork(Operation &func,
                          const std::vector<ArgumentFact> &args);

struct LoopWork {
  /// Op instances one run of the loop executes: every op of the body counts
  /// once per iteration of the loops around it inside the loop (a vector
  /// op once per lane), nested loop bounds and terminators not counted.
  /// Trip counts are constant bounds, or the constant difference of bounds
  /// with the same operands (a tile `%i to min(%i + 32, %n)` runs at most
  /// 32 times); unknown otherwise.
  std::optional<double> ops;
  /// Why `ops` is unknown: the loop whose trip count is not known.
  std::string unknownReason;
};

/// The work of one run of affine.for (or affine.parallel) `loop`.
LoopWork estimateLoopWork(Operation &loop);

} // namespace affjit
