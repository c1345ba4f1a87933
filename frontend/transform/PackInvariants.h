// Pass `pack`: packing, the copy step of BLIS and of MLIR's
// affine-data-copy-generate (seed 000's memref.alloc and affine.load/store),
// applied to what a register-blocked nest recomputes. After unroll-jam,
// gemm's micro-kernel is
//
//   for i step 6: for j step 64: for k:
//     t_r = alpha * A[i + r, k]  (r < 6)   -- the same for every j
//     acc_r += broadcast(t_r) * B[k, j:j+64]
//
// so each scaled element of A is loaded, multiplied and broadcast again for
// every block of columns, and the multiplies take issue slots from the
// vector FMAs. Here the values the inner loop computes without the
// enclosing loop's induction variable are computed once, in a loop of
// their own before it, into a buffer laid out as the inner loop reads
// them (`P[k][r]`: one cache line per k), and the inner loop loads them:
//
//   for i step 6:
//     P = memref.alloc() : memref<K x 6 x f32>
//     for k: P[k, r] = alpha * A[i + r, k]
//     for j step 64: for k: acc_r += broadcast(P[k, r]) * B[k, j:j+64]
//     memref.dealloc P
//
// The same ops run on the same values, once instead of once per j block:
// results are bit-identical. Applies to a loop (the inner loop) directly in
// the body of another (the outer loop) that runs a constant number (>= 2)
// of iterations, where the inner loop runs a constant number of
// iterations with step 1 from a start fixed outside the outer loop (a
// constant, or a tile's start after `tile`), and its body holds scalar
// ops whose operands are the inner loop's induction variable, values from
// outside the outer loop, or other such ops; loads
// among them must read buffers the outer loop does not write. What is
// packed is their results that the rest of the body uses and that come
// from arithmetic on loaded data (a pure copy bought nothing measured:
// gemm without alpha ran in 24.9 ms either way), if the buffer takes at
// most a quarter of the L2. It is allocated in the outer loop's block, so
// a loop around that keeps its iterations independent (parallelize still
// applies). `--opt-report=pack` says what was packed, or why not. "Does
// not write" is mayWrite: through any view of the buffer or any memref
// that may share its memory.
#pragma once

#include "frontend/ir/IR.h"
#include "frontend/transform/PassContext.h"

namespace affjit {

/// Packs the values inner loops recompute for every iteration of the loop
/// around them, in every function of `module`.
bool packInvariants(Module &module, PassContext &context);

} // namespace affjit
