// Deterministic pseudo-random inputs for benchmarked calls: element i of
// argument k under seed s is a function of (s, k, i) alone (splitmix64), so
// the same seed gives the same inputs on every machine and in every
// variant, and a test can recompute any element on its own.
#pragma once

#include "affjit/Benchmark.h"
#include "engine/bench/ArgumentBuffer.h"

#include <cstdint>
#include <string_view>

namespace affjit::bench {

/// The 64 random bits behind element `i` of argument `argument`.
uint64_t inputBits(uint64_t seed, uint64_t argument, uint64_t i);

/// Fills `buffer` (argument number `argument`): floats uniform in
/// [inputs.floatMin, inputs.floatMax), integers in [0, 16), i1 in {0, 1}.
void fillInput(ArgumentBuffer &buffer, uint64_t argument,
               const BenchmarkInputs &inputs);

/// How a memref argument is filled (`--fill`): pseudo-random as above, or
/// a pattern a reader can recompute by hand.
struct FillSpec {
  enum class Kind {
    Random,   // fillInput
    Zeros,    // every element 0
    Ones,     // every element 1
    Iota,     // element i (row-major) is i
    Constant, // every element `value`
  } kind = Kind::Random;
  double value = 0;
};

/// `random`, `zeros`, `ones`, `iota` or a number; an error naming the
/// choices otherwise.
Expected<FillSpec> parseFill(std::string_view text);

/// Fills `buffer` (argument number `argument`) as `fill` says; values are
/// converted to the element type (iota wraps in narrow integers, i1 takes
/// the lowest bit).
void fillBuffer(ArgumentBuffer &buffer, uint64_t argument, const FillSpec &fill,
                const BenchmarkInputs &inputs);

} // namespace affjit::bench
