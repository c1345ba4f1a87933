// The machine the passes plan for: its CPU, vector width and registers,
// caches and the parallel grain. Built once at the edge of the compiler:
// TargetModel::host() reads LLVM's host CPU, sysfs and the documented
// environment overrides (AFFJIT_VECTOR_BITS, AFFJIT_L2_BYTES,
// AFFJIT_LLC_BYTES, AFFJIT_PARALLEL_MIN_WORK). Passes get the model from
// PassContext::getTarget() and never query the host or the environment
// themselves; the compile cache key holds describe().
#pragma once

#include "frontend/analysis/FusionCost.h"
#include "frontend/analysis/VectorizationPlan.h"

#include <string>

namespace affjit {

struct TargetModel {
  /// LLVM's name of the CPU ("znver3", "skylake-avx512").
  std::string cpu = "generic";
  /// Bits of one vector register and how many there are (256 and 16 with
  /// AVX2, 512 and 32 with AVX-512).
  unsigned vectorBits = 256, vectorRegisters = 16;
  CacheSizes caches;
  /// Loops whose one run executes fewer op instances than this stay
  /// sequential (parallelize; measured in docs/passes/parallelize.md).
  double parallelMinWork = 1 << 19;

  /// This machine, with the environment's overrides; computed once.
  static const TargetModel &host();
  /// What vectorization and register blocking plan with.
  VectorizationTarget vectorization() const;
  /// `cpu=... vector-bits=... l1=...`: everything a pass may read.
  std::string describe() const;
  /// The same for people, a line per part (`affjit --print-target`, the
  /// REPL's `:target`).
  std::string summary() const;
};

} // namespace affjit
