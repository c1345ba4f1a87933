// The machine the passes plan for and the code is generated for: its CPU
// and features, vector width and registers, caches and the parallel grain.
// Built once at the edge of the compiler: TargetModel::host() reads LLVM's
// host CPU, sysfs and the documented environment overrides
// (AFFJIT_VECTOR_BITS, AFFJIT_L2_BYTES, AFFJIT_LLC_BYTES,
// AFFJIT_PARALLEL_MIN_WORK); TargetModel::resolve() builds the model of a
// named x86 CPU (`--target`, `--mattr`, `--cache`). Passes get the model
// from PassContext::getTarget(), lowering and the JIT from their options;
// none of them queries the host or the environment. The compile cache key
// holds describe().
#pragma once

#include "frontend/target/TargetParams.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace affjit {

struct TargetModel {
  /// LLVM's name of the CPU ("znver3", "skylake-avx512", "x86-64-v3").
  std::string cpu = "generic";
  /// LLVM's x86 features, on or off ("avx2" -> true): what the code may
  /// use. Empty: what `cpu` implies.
  std::map<std::string, bool> features;
  /// Bits of one vector register and how many there are (256 and 16 with
  /// AVX2, 512 and 32 with AVX-512).
  unsigned vectorBits = 256, vectorRegisters = 16;
  CacheSizes caches;
  /// Loops whose one run executes fewer op instances than this stay
  /// sequential (parallelize; measured in docs/passes/parallelize.md).
  double parallelMinWork = 1 << 19;

  /// This machine, with the environment's overrides; computed once.
  static const TargetModel &host();
  /// The model `cpu` names (`host` or an LLVM x86 CPU name), with the
  /// features of `mattr` (`+avx512f,-fma`, as llc's -mattr) switched and
  /// the cache sizes of `caches` (`l1=48K,l2=2M,llc=32M,line=64`) set;
  /// nullopt with `error` on an unknown name, feature or size.
  static std::optional<TargetModel> resolve(std::string_view cpu,
                                            std::string_view mattr,
                                            std::string_view caches,
                                            std::string &error);
  /// Whether the code may use `feature` (an LLVM x86 feature name).
  bool hasFeature(std::string_view feature) const;
  /// `+avx2,-avx512f,...`: the features as LLVM's target machine takes them.
  std::string featureString() const;
  /// The features the code may use that this machine lacks (empty when
  /// the host can run it); instructions compiled code never contains
  /// (system ones: rdpru, sgx, ...) do not count.
  std::vector<std::string> missingOnHost() const;
  /// Why this host cannot run code for this target (the features it
  /// lacks); nullopt when it can.
  std::optional<std::string> whyHostCannotRun() const;
  /// What vectorization and register blocking plan with.
  VectorizationTarget vectorization() const;
  /// The numbers a pass may read by name (`vector-bits`, `l2`, ...): what
  /// describe() prints and reports record.
  std::vector<std::pair<std::string, int64_t>> numbers() const;
  /// The SIMD extensions among the features (sse*, avx*, fma, f16c, amx*).
  std::vector<std::string> vectorFeatures() const;
  /// `cpu=... vector-bits=... l1=...`: everything a pass may read.
  std::string describe() const;
  /// The same for people, a line per part (`affjit --print-target`, the
  /// REPL's `:target`).
  std::string summary() const;
};

} // namespace affjit
