// What each op does to memory, after MLIR's MemoryEffectOpInterface
// (MemoryEffects::Read / Write / Allocate / Free on a value) for the ops of
// seed 000 (affine dialect) and seed 004 (memref dialect) and the func,
// arith, math and vector ops affjit knows:
//
// - loads and transfers read their memref operand, stores write theirs,
//   memref.copy reads the source and writes the target;
// - a DMA start reads the source, writes the destination and sets its tag;
//   the wait reads the tag ("The tag location is used by an
//   AffineDmaWaitOp to check for completion"), so a wait stays after its
//   start (MLIR 19 has the start read its tag and declares nothing for the
//   wait);
// - memref.alloc / alloca allocate their result, memref.dealloc frees its
//   operand;
// - views (subview, cast, reinterpret_cast, view, collapse_shape,
//   expand_shape, transpose, reshape) touch no memory, but their result
//   aliases their source (isViewLike / getViewSource); memref.reshape also
//   reads its shape operand, a memref of sizes (MLIR calls it pure);
// - prefetches and memref.assume_alignment are hints that change no value,
//   and memref.get_global / memref.global only name a static buffer: none;
// - memref.atomic_rmw and memref.generic_atomic_rmw read and write their
//   memref (its body, which the verifier keeps free of effects, adds
//   nothing);
// - func.call may read and write anything the callee can reach: each memref
//   operand and any other memory; vector.print's output is modelled the
//   same way (a write of unknown memory) so nothing reorders or drops it,
//   and so is cf.assert, which may print and abort;
// - ops with regions (affine.for/if/parallel, alloca_scope, func.func, the
//   scf ops) and their terminators have no effect of their own; the
//   recursive queries add their bodies' (MLIR's RecursiveMemoryEffects);
// - arith, math and the vector ops on registers have none; an op not listed
//   may read and write anything.
//
// Effects name SSA values, not buffers: a write through a view of %A is a
// write of the view. mayRead / mayWrite look through views (getViewRoot)
// and ask getBufferAlias whether two roots may be one buffer.
#pragma once

#include "frontend/ir/IR.h"

#include <limits>
#include <vector>

namespace affjit {

enum class EffectKind { Read, Write, Allocate, Free };

struct MemoryEffect {
  static constexpr unsigned kNoOperand = std::numeric_limits<unsigned>::max();

  EffectKind kind;
  /// The memref affected: an operand, or the result of an allocation; null
  /// for unknown memory (any memref, or memory no value names).
  Value *memref = nullptr;
  /// Position of `memref` among the operands of `op`; kNoOperand for
  /// allocations (a result) and unknown memory.
  unsigned operandIndex = kNoOperand;
  /// The op with the effect (an op nested in the queried one for the
  /// recursive queries).
  Operation *op = nullptr;

  bool isOnUnknownMemory() const { return memref == nullptr; }
};

/// The effects of `op` itself, not of the ops in its regions, in operand
/// order (an unknown op: read and write of unknown memory).
std::vector<MemoryEffect> getMemoryEffects(Operation *op);
/// The effects of `op` and of every op nested in it (program order for
/// the known ops, whose effects are all on ops without regions).
std::vector<MemoryEffect> getMemoryEffectsRecursive(Operation *op);
/// True if neither `op` nor any op nested in it has an effect (MLIR's
/// isMemoryEffectFree): the op can be moved or, unused, erased.
bool hasNoMemoryEffect(Operation *op);
/// True if `op` or an op nested in it may read (write) `memref`, a view of
/// the same buffer, or unknown memory; with `memref` null, any memory.
bool mayRead(Operation *op, Value *memref = nullptr);
bool mayWrite(Operation *op, Value *memref = nullptr);

/// True for ops whose result is a view of (aliases) a memref operand.
bool isViewLike(const Operation *op);
/// The memref a view-like op views; null for other ops.
Value *getViewSource(const Operation *op);
/// `memref` with views followed back to the value they view: an
/// allocation, a get_global, a block argument or another op's result.
Value *getViewRoot(Value *memref);

/// Where the buffer a view root names comes from.
enum class BufferOrigin {
  /// memref.alloc / alloca: a buffer no other root reaches.
  Allocation,
  /// memref.get_global: the global's buffer.
  Global,
  /// A ranked memref argument of a function: see getBufferAlias.
  Argument,
  /// Anything else (call results, unranked arguments, region arguments):
  /// it may be any buffer.
  Unknown,
};
BufferOrigin getBufferOrigin(Value *root);

enum class BufferAlias {
  /// Never the same memory.
  Distinct,
  /// Views of one buffer (or the same value).
  Same,
  /// Possibly overlapping memory whose relation is unknown.
  Unknown,
};
/// How the buffers two memref values view relate. Distinct ranked memref
/// arguments of one function are taken to be distinct buffers: the alias
/// guard (frontend/transform/AliasGuard.h) runs the function as written
/// when they overlap at run time. A global and an argument may be one
/// buffer (a caller may pass the global).
BufferAlias getBufferAlias(Value *a, Value *b);
/// getBufferAlias(a, b) != Distinct.
bool mayAlias(Value *a, Value *b);

} // namespace affjit
