// Vector math through glibc's libmvec: a math op (exp, log, sin, pow, tanh,
// ...) on a vector of f32 or f64 that may be approximated (its fastmath
// flags include `afn`, as `--fast-math` gives every op) becomes calls of
// libmvec's vector variants at the host's widest width
// (`_ZGVeN16v_expf` takes 16 f32 in a zmm register with AVX-512), one per
// register's worth of lanes, instead of one libm call per lane or LLVM's
// scalarized intrinsic. libmvec is accurate to 4 ulps where libm is to
// 1, which is why exact (default) programs never use it. gcc does the same
// with -ffast-math (-mveclibabi / glibc's `simd` declarations).
#pragma once

#include "frontend/lower/LoweringContext.h"

namespace affjit {

/// Lowers `op` to libmvec calls and maps its result; false, emitting
/// nothing, when it does not apply (no `afn`, not a vector of f32/f64, no
/// variant for this op, width or host, or libmvec cannot be loaded).
bool lowerWithVectorMathLibrary(LoweringContext &lc, Operation &op);

} // namespace affjit
