// Pass `interchange`: permutes a perfectly nested band of loops so that a
// reduction's loop runs innermost where that pays (the locality step of the
// tiling issue; legality from seed 001's direction vectors, as MLIR's
// isValidLoopInterchangePermutation). In PolyBench's gemm order
// `for i, k, j: C[i,j] += A[i,k] * B[k,j]` the stored element C[i,j] does
// not move along k, so with k innermost `scalrep` keeps it in a register,
// `vectorize` runs 64 columns of j around the k loop and `unroll-jam`
// blocks i: the micro-kernel shape. It pays only where the loads that move
// along k are reused across another loop (A[i,k] across j, B[k,j] across
// i): a column sum (`s[j] += A[i,j]`) streams A once, and sinking i there
// would walk A down its columns, so it is left alone. The permutation must
// keep every dependence's first non-equal direction `<` (a `*` or `>` in
// front of it refuses), and the band must be rectangular (no bound depends
// on another loop of the band). `--opt-report=interchange` says what was
// permuted, or why a reduction loop was left where it is.
#pragma once

#include "frontend/ir/IR.h"
#include "frontend/transform/PassContext.h"

namespace affjit {

/// Sinks reduction loops innermost in every function of `module`.
bool interchangeLoops(Module &module, PassContext &context);

} // namespace affjit
