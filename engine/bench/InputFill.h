// Deterministic pseudo-random inputs for benchmarked calls: element i of
// argument k under seed s is a function of (s, k, i) alone (splitmix64), so
// the same seed gives the same inputs on every machine and in every
// variant, and a test can recompute any element on its own.
#pragma once

#include "affjit/Benchmark.h"
#include "engine/bench/ArgumentBuffer.h"

#include <cstdint>

namespace affjit::bench {

/// The 64 random bits behind element `i` of argument `argument`.
uint64_t inputBits(uint64_t seed, uint64_t argument, uint64_t i);

/// Fills `buffer` (argument number `argument`): floats uniform in
/// [inputs.floatMin, inputs.floatMax), integers in [0, 16), i1 in {0, 1}.
void fillInput(ArgumentBuffer &buffer, uint64_t argument,
               const BenchmarkInputs &inputs);

} // namespace affjit::bench
