// May two memory accesses touch the same memory? The one answer every
// legality check uses (through DependenceChecker, or mayAccessSameMemory
// for a quick filter).
//
// Buffers: getBufferAlias (frontend/ir/MemoryEffects.h) follows views back
// to their roots and tells distinct buffers apart (allocations, globals,
// function arguments under the alias guard's contract).
//
// Subscripts: two accesses of one buffer through different memref values
// (%A and a subview, cast, transpose... of it) cannot compare their
// subscripts directly. alignAccesses re-expresses both on the buffer's
// root, composing each view's index map into the subscripts:
//  - cast: the same subscripts;
//  - subview: offset + stride * subscript per kept dimension (strides must
//    be constants, offsets may be values fixed where the access runs), the
//    offset for a dropped one;
//  - transpose: the subscripts permuted;
//  - expand_shape: each group's subscripts linearized by the static sizes
//    inside the group;
//  - collapse_shape: a subscript split with floordiv / mod by the static
//    sizes of the source group.
// Where that fails (reinterpret_cast, or sizes that are not constants),
// both accesses are linearized into element offsets from the buffer's
// aligned pointer when both memref types have static strides and offset.
// Otherwise the accesses cannot be compared and callers must assume a
// dependence. A vector access keeps its lanes only where its trailing
// subscript maps to the root's trailing subscript with coefficient 1.
#pragma once

#include "frontend/analysis/MemRefAccess.h"

#include <optional>
#include <utility>

namespace affjit {

/// False only when `a` and `b` provably touch different buffers.
bool mayAccessSameMemory(const MemRefAccess &a, const MemRefAccess &b);

/// `a` and `b` rewritten onto one memref value with comparable subscripts
/// (unchanged when they already use the same value); nullopt when they
/// reach possibly overlapping memory through views this analysis cannot
/// relate. Only meaningful when mayAccessSameMemory(a, b).
std::optional<std::pair<MemRefAccess, MemRefAccess>>
alignAccesses(const MemRefAccess &a, const MemRefAccess &b);

} // namespace affjit
