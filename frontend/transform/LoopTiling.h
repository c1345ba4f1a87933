// Pass `tile`: cache tiling of perfectly nested bands (seed 000's
// affine.for; MLIR's LoopTiling and the blocking of BLIS's outer loops).
// After `interchange`, gemm is `for i: for j: for k: C[i,j] += A[i,k] *
// B[k,j]`, and every row i reads all of B: from beyond the L2, or from
// memory once B outgrows the last-level cache. Tiling j and k
//
//   for jj step Tj: for kk step Tk: for i: for j in [jj, jj + Tj):
//     for k in [kk, kk + Tk): ...
//
// keeps a Tk x Tj tile of B in the L2 while i walks all rows (PolyBench
// gemm 2048^3: 351 -> 205 ms; with fast math 280 -> 168).
//
// The model, per band: the reuse loop is the outermost band loop R along
// which some access stays on the same elements (B along i) and one of
// whose iterations touches more than a quarter of the last-level cache
// (the footprint: the bounding boxes of the memrefs' accesses,
// TileFootprint). Below that, re-reading from the L3 ran as fast as tiles
// in the L2. The loops inside R are then tiled with sizes of at least 64
// that are whole vectors and divide the trip count or are powers of two,
// or left whole: the largest, then squarest, tile whose footprint for one
// iteration of R fits 3/4 of the L2. The tile loops run just outside R.
// A size that does not divide the trip count leaves a partial last tile,
// run by a copy of the nest with constant bounds (the vectorizer keeps
// its constant trip counts).
//
// Legality (dependence analysis, seed 001): every dependence carried by a
// loop from R inward must have no negative or unknown component along
// those loops (the loops are fully permutable), so tiles run in an order
// that keeps each dependence's source first. Stencils like seidel-2d fail
// this and are left alone, with a remark (they would need skewing first).
// A reduction keeps its order: each element's updates still run in
// increasing k, tile after tile, so floats stay bit-identical.
//
// A loop whose body is several nests (PolyBench gemm's `for i: C[i, *] *=
// beta; for k, j: ...`) is split into one loop per nest when the nest to
// tile is the only one writing anything the others write (they initialize
// or finish its output) and no dependence runs from a later nest to an
// earlier one across iterations. Nests that pass a buffer to each other
// (a producer fused with its consumer, seed 002's chain) stay together,
// untiled, with a remark.
//
// Applies to bands with constant bounds and step 1 and only scalar affine
// loads and stores; `--opt-report=tile` says what was tiled, by how much
// and why, or why not. AFFJIT_L2_BYTES and AFFJIT_LLC_BYTES make the model
// assume other caches.
#pragma once

#include "frontend/ir/IR.h"
#include "frontend/transform/PassContext.h"

namespace affjit {

/// Tiles, in every function of `module`, the bands whose reuse the caches
/// would otherwise lose.
bool tileLoops(Module &module, PassContext &context);

} // namespace affjit
