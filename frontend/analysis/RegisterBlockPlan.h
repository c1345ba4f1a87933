// How many rows a register block holds (the unroll-and-jam factor): the
// accumulators of one row times the rows must fit the vector registers
// the block leaves free of its shared loads, broadcasts and products. It
// is the rule unroll-jam blocks by, and what split-triangle plans its
// blocks for, so a triangle's full blocks are exactly one register block
// each. The analysis only computes.
#pragma once

#include "frontend/target/TargetParams.h"

#include <cstdint>

namespace affjit {

/// Vector registers left for accumulators: besides them a step of the block
/// holds its shared loads (a row of B), a broadcast and, unless fast math
/// fuses them into FMAs, its products, for two steps at once once LLVM
/// unrolls the loop.
unsigned accumulatorRegisterBudget(const VectorizationTarget &target,
                                   bool fastMath);

/// Rows of a register block whose rows keep `accumulatorRegisters` vector
/// registers each, over a loop of `trips` iterations, at most `maxRows`.
unsigned registerBlockRows(const VectorizationTarget &target, bool fastMath,
                           unsigned accumulatorRegisters, uint64_t trips,
                           unsigned maxRows);

} // namespace affjit
