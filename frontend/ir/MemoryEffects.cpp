// The memory effects of affjit's ops: one describer per op name, reading
// the operand positions of MLIR 19's generic form.
#include "frontend/ir/MemoryEffects.h"

#include "frontend/ir/AffineAccess.h"
#include "frontend/ir/ArithOpTable.h"

#include <algorithm>
#include <array>
#include <string_view>
#include <unordered_map>

namespace affjit {

namespace {

using Effects = std::vector<MemoryEffect>;
constexpr unsigned kNoOperand = MemoryEffect::kNoOperand;

/// Adds an effect on memref operand `at`; false if there is no such
/// operand or it is not a memref (an op the verifier would reject).
bool addOnOperand(Effects &out, Operation *op, EffectKind kind, unsigned at) {
  if (at >= op->getNumOperands() ||
      !op->getOperand(at)->getType().isAnyMemRef())
    return false;
  out.push_back({kind, op->getOperand(at), at, op});
  return true;
}

void addUnknown(Effects &out, Operation *op) {
  out.push_back({EffectKind::Read, nullptr, kNoOperand, op});
  out.push_back({EffectKind::Write, nullptr, kNoOperand, op});
}

/// Fills the effects of one op; false if the op is malformed, which makes
/// its effects unknown.
using Describer = bool (*)(Operation *, Effects &);

bool noEffect(Operation *, Effects &) { return true; }

bool readsOperand0(Operation *op, Effects &out) {
  return addOnOperand(out, op, EffectKind::Read, 0);
}

bool writesOperand1(Operation *op, Effects &out) {
  return addOnOperand(out, op, EffectKind::Write, 1);
}

bool copies(Operation *op, Effects &out) {
  return addOnOperand(out, op, EffectKind::Read, 0) &&
         addOnOperand(out, op, EffectKind::Write, 1);
}

bool allocates(Operation *op, Effects &out) {
  if (op->getNumResults() != 1)
    return false;
  out.push_back({EffectKind::Allocate, op->getResult(0), kNoOperand, op});
  return true;
}

/// memref.realloc: reads the source's elements into a new buffer and frees
/// the source.
bool reallocates(Operation *op, Effects &out) {
  return addOnOperand(out, op, EffectKind::Read, 0) &&
         addOnOperand(out, op, EffectKind::Free, 0) && allocates(op, out);
}

/// The atomics read and write their element in one step (MLIR 19 declares
/// MemRead and MemWrite on the memref): every dependence and alias check
/// sees both, and as they are not MemRefAccesses, loop analyses treat them
/// as ops they cannot place (no loop holding one is proven parallel).
bool readsAndWrites(Operation *op, Effects &out, unsigned at) {
  return addOnOperand(out, op, EffectKind::Read, at) &&
         addOnOperand(out, op, EffectKind::Write, at);
}

bool atomicRMW(Operation *op, Effects &out) {
  return readsAndWrites(op, out, 1);
}

bool genericAtomicRMW(Operation *op, Effects &out) {
  return readsAndWrites(op, out, 0);
}

bool frees(Operation *op, Effects &out) {
  return addOnOperand(out, op, EffectKind::Free, 0);
}

/// memref.reshape reads the sizes of the new shape out of its second
/// operand.
bool readsShape(Operation *op, Effects &out) {
  return addOnOperand(out, op, EffectKind::Read, 1);
}

bool affineAccess(Operation *op, Effects &out) {
  std::optional<AffineAccess> a = AffineAccess::get(op);
  return a && addOnOperand(out, op,
                           a->isWrite() ? EffectKind::Write : EffectKind::Read,
                           a->getMemRefOperandIndex());
}

bool affineDma(Operation *op, Effects &out) {
  std::optional<AffineDma> dma = AffineDma::get(op);
  if (!dma)
    return false;
  if (!dma->isStart())
    return addOnOperand(out, op, EffectKind::Read, dma->getTag().operandIndex);
  return addOnOperand(out, op, EffectKind::Read, dma->getSrc().operandIndex) &&
         addOnOperand(out, op, EffectKind::Write, dma->getDst().operandIndex) &&
         addOnOperand(out, op, EffectKind::Write, dma->getTag().operandIndex);
}

/// memref.dma_start `%src[i..], %dst[j..], %n, %tag[k..] [, %stride,
/// %per]`: the subscripts are as many as each memref's rank.
bool memrefDmaStart(Operation *op, Effects &out) {
  auto rankAt = [&](unsigned at) -> std::optional<unsigned> {
    if (at >= op->getNumOperands() || !op->getOperand(at)->getType().isMemRef())
      return std::nullopt;
    return (unsigned)op->getOperand(at)->getType().getRank();
  };
  std::optional<unsigned> srcRank = rankAt(0);
  std::optional<unsigned> dstRank = srcRank ? rankAt(1 + *srcRank) : srcRank;
  if (!dstRank)
    return false;
  unsigned dstAt = 1 + *srcRank;
  unsigned tagAt = dstAt + 1 + *dstRank + 1; // after the element count
  return addOnOperand(out, op, EffectKind::Read, 0) &&
         addOnOperand(out, op, EffectKind::Write, dstAt) &&
         addOnOperand(out, op, EffectKind::Write, tagAt);
}

/// vector.transfer_read/write touch memory only when their source is a
/// memref (MLIR also allows tensors, which are values).
bool transferRead(Operation *op, Effects &out) {
  return op->getNumOperands() > 0 &&
         (!op->getOperand(0)->getType().isAnyMemRef() ||
          addOnOperand(out, op, EffectKind::Read, 0));
}

bool transferWrite(Operation *op, Effects &out) {
  return op->getNumOperands() > 1 &&
         (!op->getOperand(1)->getType().isAnyMemRef() ||
          addOnOperand(out, op, EffectKind::Write, 1));
}

/// The callee is not looked into: it may read and write what its memref
/// arguments point to and anything else it reaches (globals).
bool call(Operation *op, Effects &out) {
  for (unsigned i = 0; i < op->getNumOperands(); ++i) {
    if (!op->getOperand(i)->getType().isAnyMemRef())
      continue;
    out.push_back({EffectKind::Read, op->getOperand(i), i, op});
    out.push_back({EffectKind::Write, op->getOperand(i), i, op});
  }
  addUnknown(out, op);
  return true;
}

/// Output is observable: as a write of unknown memory, a print stays in
/// order with other prints and with every memory access, and is never dead.
bool print(Operation *op, Effects &out) {
  out.push_back({EffectKind::Write, nullptr, kNoOperand, op});
  return true;
}

const std::unordered_map<std::string_view, Describer> &describers() {
  static const std::unordered_map<std::string_view, Describer> table = {
      // affine (seed 000)
      {"affine.load", affineAccess},
      {"affine.store", affineAccess},
      {"affine.vector_load", affineAccess},
      {"affine.vector_store", affineAccess},
      {"affine.dma_start", affineDma},
      {"affine.dma_wait", affineDma},
      {"affine.prefetch", noEffect},
      {"affine.apply", noEffect},
      {"affine.delinearize_index", noEffect},
      {"affine.min", noEffect},
      {"affine.max", noEffect},
      {"affine.for", noEffect},
      {"affine.if", noEffect},
      {"affine.parallel", noEffect},
      {"affine.yield", noEffect},
      // scf: region ops have the effects of their bodies only
      {"scf.for", noEffect},
      {"scf.if", noEffect},
      {"scf.while", noEffect},
      {"scf.condition", noEffect},
      {"scf.parallel", noEffect},
      {"scf.reduce", noEffect},
      {"scf.reduce.return", noEffect},
      {"scf.index_switch", noEffect},
      {"scf.execute_region", noEffect},
      {"scf.yield", noEffect},
      // memref (seed 004)
      {"memref.load", readsOperand0},
      {"memref.store", writesOperand1},
      {"memref.copy", copies},
      {"memref.alloc", allocates},
      {"memref.alloca", allocates},
      {"memref.dealloc", frees},
      {"memref.realloc", reallocates},
      {"memref.dma_start", memrefDmaStart},
      {"memref.dma_wait", readsOperand0},
      {"memref.prefetch", noEffect},
      {"memref.assume_alignment", noEffect},
      {"memref.dim", noEffect},
      {"memref.rank", noEffect},
      {"memref.global", noEffect},
      {"memref.get_global", noEffect},
      {"memref.alloca_scope", noEffect},
      {"memref.alloca_scope.return", noEffect},
      {"memref.subview", noEffect},
      {"memref.cast", noEffect},
      {"memref.reinterpret_cast", noEffect},
      {"memref.view", noEffect},
      {"memref.collapse_shape", noEffect},
      {"memref.expand_shape", noEffect},
      {"memref.transpose", noEffect},
      {"memref.extract_aligned_pointer_as_index", noEffect},
      {"memref.extract_strided_metadata", noEffect},
      {"memref.reshape", readsShape},
      {"memref.atomic_rmw", atomicRMW},
      {"memref.generic_atomic_rmw", genericAtomicRMW},
      {"memref.atomic_yield", noEffect},
      // cf.assert may print and abort: ordered like a print.
      {"cf.assert", print},
      // vector
      {"vector.load", readsOperand0},
      {"vector.store", writesOperand1},
      {"vector.transfer_read", transferRead},
      {"vector.transfer_write", transferWrite},
      {"vector.print", print},
      {"vector.broadcast", noEffect},
      {"vector.extract", noEffect},
      {"vector.insert", noEffect},
      {"vector.splat", noEffect},
      {"vector.fma", noEffect},
      {"vector.reduction", noEffect},
      {"vector.extract_strided_slice", noEffect},
      {"vector.insert_strided_slice", noEffect},
      {"vector.extractelement", noEffect},
      {"vector.insertelement", noEffect},
      {"vector.shuffle", noEffect},
      {"vector.transpose", noEffect},
      {"vector.outerproduct", noEffect},
      {"vector.bitcast", noEffect},
      {"vector.shape_cast", noEffect},
      {"vector.constant_mask", noEffect},
      {"vector.create_mask", noEffect},
      // func and the module
      {"func.call", call},
      {"func.func", noEffect},
      {"func.return", noEffect},
      {"builtin.module", noEffect},
  };
  return table;
}

Describer describerOf(const Operation *op) {
  const auto &table = describers();
  auto it = table.find(op->getName());
  if (it != table.end())
    return it->second;
  // Every arith and math op computes on values only.
  if (lookupArithOp(op->getName()))
    return noEffect;
  return nullptr;
}

bool mayHave(Operation *op, EffectKind kind, Value *memref) {
  for (const MemoryEffect &e : getMemoryEffectsRecursive(op))
    if (e.kind == kind &&
        (!memref || e.isOnUnknownMemory() || mayAlias(e.memref, memref)))
      return true;
  return false;
}

} // namespace

std::vector<MemoryEffect> getMemoryEffects(Operation *op) {
  Effects out;
  Describer describe = describerOf(op);
  if (!describe || !describe(op, out)) {
    out.clear();
    addUnknown(out, op);
  }
  return out;
}

std::vector<MemoryEffect> getMemoryEffectsRecursive(Operation *op) {
  Effects out;
  op->walk([&](Operation *nested) {
    Effects own = getMemoryEffects(nested);
    out.insert(out.end(), own.begin(), own.end());
  });
  return out;
}

bool hasNoMemoryEffect(Operation *op) {
  return getMemoryEffectsRecursive(op).empty();
}

bool mayRead(Operation *op, Value *memref) {
  return mayHave(op, EffectKind::Read, memref);
}

bool mayWrite(Operation *op, Value *memref) {
  return mayHave(op, EffectKind::Write, memref);
}

bool isViewLike(const Operation *op) {
  static constexpr std::array<std::string_view, 8> views{
      "memref.subview",   "memref.cast",           "memref.reinterpret_cast",
      "memref.view",      "memref.collapse_shape", "memref.expand_shape",
      "memref.transpose", "memref.reshape"};
  return std::find(views.begin(), views.end(), op->getName()) != views.end() &&
         op->getNumOperands() > 0 && op->getNumResults() == 1;
}

Value *getViewSource(const Operation *op) {
  return isViewLike(op) ? op->getOperand(0) : nullptr;
}

Value *getViewRoot(Value *memref) {
  while (Operation *def = memref->getDefiningOp()) {
    Value *source = getViewSource(def);
    if (!source)
      break;
    memref = source;
  }
  return memref;
}

BufferOrigin getBufferOrigin(Value *root) {
  if (Operation *def = root->getDefiningOp()) {
    if (def->isa("memref.alloc") || def->isa("memref.alloca"))
      return BufferOrigin::Allocation;
    if (def->isa("memref.get_global"))
      return BufferOrigin::Global;
    return BufferOrigin::Unknown;
  }
  Block *block = root->getParentBlock();
  Operation *owner = block ? block->getParentOp() : nullptr;
  bool entryArgument =
      owner && owner->isa("func.func") && &owner->getRegion(0).front() == block;
  return entryArgument && root->getType().isMemRef() ? BufferOrigin::Argument
                                                     : BufferOrigin::Unknown;
}

namespace {

bool sameGlobal(Value *a, Value *b) {
  return a->getDefiningOp()->getAttr("name") ==
         b->getDefiningOp()->getAttr("name");
}

} // namespace

BufferAlias getBufferAlias(Value *a, Value *b) {
  a = getViewRoot(a);
  b = getViewRoot(b);
  if (a == b)
    return BufferAlias::Same;
  BufferOrigin oa = getBufferOrigin(a), ob = getBufferOrigin(b);
  if (oa == BufferOrigin::Unknown || ob == BufferOrigin::Unknown)
    return BufferAlias::Unknown;
  if (oa == BufferOrigin::Allocation || ob == BufferOrigin::Allocation)
    return BufferAlias::Distinct;
  if (oa == BufferOrigin::Global && ob == BufferOrigin::Global)
    return sameGlobal(a, b) ? BufferAlias::Same : BufferAlias::Distinct;
  if (oa == BufferOrigin::Argument && ob == BufferOrigin::Argument)
    return BufferAlias::Distinct;
  return BufferAlias::Unknown;
}

bool mayAlias(Value *a, Value *b) {
  return getBufferAlias(a, b) != BufferAlias::Distinct;
}

} // namespace affjit
