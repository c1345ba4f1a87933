// Pass `scalrep`: affine scalar replacement, after MLIR's `affine-scalrep`
// (seed 002's private memrefs leave `store %v, %buf[i]` directly followed
// by `load %buf[i]`). A load of the element a store earlier in the same
// block wrote, with no possible write to that buffer in between, takes the
// stored value; a local buffer (memref.alloc / memref.alloca) that is then
// never read loses its stores, deallocs and allocation. An element whose
// subscripts do not change in a loop is kept in a register across it
// (ElementPromotion.h: `C[i,j] += ...` over k becomes an iter_arg, which
// `vectorize` turns into vector accumulators). What is left is
// register code the vectorizer and LLVM can work with: fusion's one-element
// buffers disappear. `--opt-report=scalrep` says what was forwarded and
// which buffers went. Aliasing: an element is one memref value, map and
// operand list; a store, or any op that may write, forgets every element
// of a buffer that may share its memory (mayAlias: views of it, a global
// and an argument), and promotion needs every other access in the loop to
// touch buffers that cannot be the element's. Zero-trip loops: promotion
// needs a constant trip count of at least one, as its load before the
// loop and store after it must touch only elements the loop touched.
#pragma once

#include "frontend/ir/IR.h"
#include "frontend/transform/PassContext.h"

namespace affjit {

/// Forwards stores to loads and removes write-only local buffers in every
/// function of `module`.
bool replaceScalars(Module &module, PassContext &context);

} // namespace affjit
