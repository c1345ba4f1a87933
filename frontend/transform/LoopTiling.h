// Pass `tile`: cache tiling of perfectly nested bands (seed 000's
// affine.for; MLIR's LoopTiling and the blocking of BLIS's outer loops).
// After `interchange`, gemm is `for i: for j: for k: C[i,j] += A[i,k] *
// B[k,j]`, and every row i reads all of B: from beyond the L2, or from
// memory once B outgrows the last-level cache. Tiling j and k
//
//   for jj step Tj: for kk step Tk: for i: for j in [jj, jj + Tj):
//     for k in [kk, kk + Tk): ...
//
// keeps a Tk x Tj tile of B in the L2 while i walks all rows (2048^3 f32:
// 337 -> 204 ms; with fast math 244 -> 162).
//
// The model, per band: the reuse loop is the outermost band loop R along
// which some access stays on the same elements (B along i) and one of
// whose iterations touches more than 3/4 of the L2 (the footprint: the
// bounding boxes of the memref regions, NestTraffic). The loops inside R
// are then tiled, with power-of-two sizes (at least 64, dividing the trip
// count) or left whole, choosing the largest, then squarest, tile whose
// footprint for one iteration of R fits in 3/4 of the L2; the tile loops
// run just outside R.
//
// Legality (dependence analysis, seed 001): every dependence carried by a
// loop from R inward must have no negative or unknown component along
// those loops (the loops are fully permutable), so tiles run in an order
// that keeps each dependence's source first. Stencils like seidel-2d fail
// this and are left alone, with a remark (they would need skewing first).
// A reduction keeps its order: each element's updates still run in
// increasing k, tile after tile, so floats stay bit-identical.
//
// Applies to bands with constant bounds and step 1 and only scalar affine
// loads and stores; `--opt-report=tile` says what was tiled, by how much
// and why, or why not.
#pragma once

#include "frontend/ir/IR.h"
#include "frontend/transform/PassContext.h"

namespace affjit {

/// Tiles, in every function of `module`, the bands whose reuse the caches
/// would otherwise lose.
bool tileLoops(Module &module, PassContext &context);

} // namespace affjit
