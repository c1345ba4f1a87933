// Pass `pack-panels`: packing of the operand a register block streams, the
// B-panel copy of BLIS and GotoBLAS (Low et al., "Analytical Modeling Is
// Enough for High-Performance BLIS": B is copied into kc x nr micro-panels
// the micro-kernel reads in order) and MLIR's affine-data-copy-generate
// (seed 000's memref.alloc with affine.load/store copies) applied to the
// vector loads a row loop re-reads. After unroll-jam, gemm is
//
//   for i step 6: for j step 16: for k:
//     acc_r += broadcast(A[i + r, k]) * B[k, j:j+16]
//
// and every k step loads B from another row of B: one cache line from
// another page per vector, for every block of rows. Here such a load,
// the same for every iteration of the row loop, is copied once before the
// row loop into a buffer laid out in the order the loops visit it, one
// panel of columns after another (`P[jb][kb][lanes]`), and the nest reads
// the buffer instead:
//
//   P = memref.alloc() : memref<NJ x NK x 16 x f32>
//   for j step 16: for k: P[j/16, k] = B[k, j:j+16]
//   for i step 6: for j step 16: for k:
//     acc_r += broadcast(A[i + r, k]) * P[j/16, k, 0:16]
//   memref.dealloc P
//
// The nest loads the same values: results are bit-identical. The copy
// walks B row by row (k outside, j inside), as it lies in memory. Applies
// to a vector load directly in the body of an innermost loop (the k loop)
// directly in the body of a loop (the j loop) directly in the body of the
// row loop, where the load's vector moves along j, its address jumps
// rows along k, its subscripts use only j, k and values from outside the
// row loop, and nothing in the row loop writes the buffer it reads; j and
// k run constant trip counts from bounds fixed outside the row loop, the
// row loop runs at least kMinReuse iterations (the copy is paid back), and
// the buffer takes at most 3/4 of the L2 (the size `tile` gives a tile of
// B), or at most a quarter of the last-level cache when B's rows are a
// whole number of pages (a walk down them hits one L1 set and a new page
// per step). Row loops right after the packed one whose nest loads the
// same panels (unroll-jam's leftover rows) read the buffer too.
// `--opt-report=pack-panels` says what was packed, or why not. "Nothing
// writes the buffer" is mayWrite: through any view of it or any memref
// that may share its memory. The load must move contiguously along j on a
// memref whose innermost stride is 1 (getAccessPattern).
#pragma once

#include "frontend/ir/IR.h"
#include "frontend/transform/PassContext.h"

namespace affjit {

/// Packs the strided vector loads that row loops re-read, in every function
/// of `module`.
bool packPanels(Module &module, PassContext &context);

} // namespace affjit
