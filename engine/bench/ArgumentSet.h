// The arguments of one benchmarked call: a buffer per memref parameter and
// each scalar's value, bound as call arguments. The inputs are made once
// (generated from a seed, or copied from the caller's arguments); each
// variant runs on its own copy, restored from the inputs before every timed
// repetition so that every call sees the same data.
#pragma once

#include "affjit/Benchmark.h"
#include "engine/bench/ArgumentBuffer.h"
#include "engine/bench/ArgumentSpec.h"

#include <memory>
#include <span>
#include <vector>

namespace affjit::bench {

class ArgumentSet {
public:
  /// Buffers for the memref parameters of `params`, filled with
  /// BenchmarkInputs' pseudo-random values (`inputs.seed`).
  static Expected<ArgumentSet> generate(const std::vector<ParamSpec> &params,
                                        const BenchmarkInputs &inputs);
  /// Buffers holding copies of the caller's `args` (checked against the
  /// signature: row-major memrefs).
  static Expected<ArgumentSet> copyOf(const std::vector<ParamSpec> &params,
                                      std::span<const detail::Argument> args);
  /// New buffers with the same contents.
  Expected<ArgumentSet> clone() const;

  /// The call arguments, in parameter order.
  std::span<const detail::Argument> arguments() const { return args; }
  /// The memref buffers in parameter order (null for scalars).
  const std::vector<std::unique_ptr<ArgumentBuffer>> &buffers() const {
    return memrefs;
  }
  /// Copies the memrefs marked in `which` (all when empty) from `inputs`.
  void restoreFrom(const ArgumentSet &inputs, const std::vector<bool> &which);
  /// Evicts every memref from the caches.
  void flushFromCaches() const;
  /// The memrefs as the public API shows them.
  std::vector<BenchmarkBuffer> views();

private:
  /// Zeroed buffers for `params`' memrefs; scalars take their values.
  static Expected<ArgumentSet> allocate(const std::vector<ParamSpec> &params);
  std::vector<ParamSpec> params;
  std::vector<std::unique_ptr<ArgumentBuffer>> memrefs;
  std::vector<detail::Argument> args;
};

} // namespace affjit::bench
