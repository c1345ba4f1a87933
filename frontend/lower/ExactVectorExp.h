// Exact vector exp for f32: `math.exp` on a vector of f32 that may not be
// approximated gets, on every lane, the same bits as libm's `expf` (what
// the scalar op calls), without one call per lane.
//
// Each lane runs glibc's own expf algorithm (since 2.27, from Arm's
// optimized-routines: a 32-entry table of 2^(i/32) and a cubic, in double)
// with the same operations, fused as its FMA build fuses them, on 16
// lanes at a time, then rounds to f32 as it does: the same bits. Against
// the build without FMA, whose double result differs by under 2^-44
// relative, a lane whose double lies within 2^-40 relative of a rounding
// midpoint between two floats (0.001% of lanes) is recomputed by libm's
// expf in a cold branch, and so is a lane whose input is outside [-87, 88]
// (overflow, subnormal results, infinities, NaN). Every f32 input was
// compared with this machine's glibc: no difference, even with no guard
// (tests/unit/ExactVectorExpTest.cpp compares a sample in CI, and every
// input with AFFJIT_EXHAUSTIVE=1).
#pragma once

#include "frontend/lower/LoweringContext.h"

namespace affjit {

/// Lowers `op` (math.exp on a 1-D vector of f32) and maps its result;
/// false, emitting nothing, for anything else.
bool lowerExactVectorExp(LoweringContext &lc, Operation &op);

} // namespace affjit
