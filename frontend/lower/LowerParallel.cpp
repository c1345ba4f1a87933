// Lowering of affine.parallel (seed 000: "multi-index parallel band", its
// reductions starting from the identity of their kind). With one thread, or
// where running the iterations at once would change what the program does,
// it is a sequential loop nest, as MLIR lowers it. Otherwise the body is
// outlined into its own function taking a context struct of the values it
// captures, and the runtime (affjit_rt_parallel_for, LLVM's OpenMP runtime)
// runs a static partition of the outermost dimension on the threads; the
// inner dimensions stay loops inside each chunk (only the outermost level of
// nested parallelism runs in parallel). Each chunk leaves its partial
// reductions in its own slot, and the slots are combined in chunk order
// after the region: integer reductions give the sequential result bit for
// bit, and float reductions run in parallel only with fast math.
#include "frontend/ir/AffineOps.h"
#include "frontend/ir/MemoryEffects.h"
#include "frontend/lower/LoopBuilder.h"
#include "frontend/lower/OpLowerings.h"

#include <llvm/IR/Intrinsics.h>

#include <functional>
#include <limits>
#include <string>
#include <unordered_map>

namespace affjit {

namespace {

using Builder = llvm::IRBuilder<>;

/// MLIR's arith::AtomicRMWKind numbering, as stored in `reductions`.
enum class ReductionKind : int64_t {
  AddF = 0,
  AddI = 1,
  Assign = 2,
  MaximumF = 3,
  MaxS = 4,
  MaxU = 5,
  MinimumF = 6,
  MinS = 7,
  MinU = 8,
  MulF = 9,
  MulI = 10,
  OrI = 11,
  AndI = 12,
  MaxNumF = 13,
  MinNumF = 14,
};

bool isFloatKind(ReductionKind k) {
  switch (k) {
  case ReductionKind::AddF:
  case ReductionKind::MulF:
  case ReductionKind::MaximumF:
  case ReductionKind::MinimumF:
  case ReductionKind::MaxNumF:
  case ReductionKind::MinNumF:
    return true;
  default:
    return false;
  }
}

/// The identity of a reduction (seed 000: 0.0 for addf, 1.0 for mulf, ...).
llvm::Constant *reductionIdentity(ReductionKind k, llvm::Type *t) {
  double inf = std::numeric_limits<double>::infinity();
  unsigned w = t->isIntegerTy() ? t->getIntegerBitWidth() : 0;
  switch (k) {
  case ReductionKind::AddF:
    return llvm::ConstantFP::get(t, 0.0);
  case ReductionKind::MulF:
    return llvm::ConstantFP::get(t, 1.0);
  case ReductionKind::MaximumF:
  case ReductionKind::MaxNumF:
    return llvm::ConstantFP::get(t, -inf);
  case ReductionKind::MinimumF:
  case ReductionKind::MinNumF:
    return llvm::ConstantFP::get(t, inf);
  case ReductionKind::AddI:
  case ReductionKind::OrI:
  case ReductionKind::MaxU:
  case ReductionKind::Assign:
    return llvm::Constant::getNullValue(t);
  case ReductionKind::MulI:
    return llvm::ConstantInt::get(t, 1);
  case ReductionKind::AndI:
  case ReductionKind::MinU:
    return llvm::Constant::getAllOnesValue(t);
  case ReductionKind::MaxS:
    return llvm::ConstantInt::get(t, llvm::APInt::getSignedMinValue(w));
  case ReductionKind::MinS:
    return llvm::ConstantInt::get(t, llvm::APInt::getSignedMaxValue(w));
  }
  return nullptr;
}

llvm::Value *combine(Builder &b, ReductionKind k, llvm::Value *acc,
                     llvm::Value *v) {
  using I = llvm::Intrinsic::ID;
  switch (k) {
  case ReductionKind::AddF:
    return b.CreateFAdd(acc, v);
  case ReductionKind::MulF:
    return b.CreateFMul(acc, v);
  case ReductionKind::AddI:
    return b.CreateAdd(acc, v);
  case ReductionKind::MulI:
    return b.CreateMul(acc, v);
  case ReductionKind::OrI:
    return b.CreateOr(acc, v);
  case ReductionKind::AndI:
    return b.CreateAnd(acc, v);
  case ReductionKind::Assign:
    return v;
  case ReductionKind::MaximumF:
    return b.CreateBinaryIntrinsic((I)llvm::Intrinsic::maximum, acc, v);
  case ReductionKind::MinimumF:
    return b.CreateBinaryIntrinsic((I)llvm::Intrinsic::minimum, acc, v);
  case ReductionKind::MaxNumF:
    return b.CreateBinaryIntrinsic((I)llvm::Intrinsic::maxnum, acc, v);
  case ReductionKind::MinNumF:
    return b.CreateBinaryIntrinsic((I)llvm::Intrinsic::minnum, acc, v);
  case ReductionKind::MaxS:
    return b.CreateBinaryIntrinsic((I)llvm::Intrinsic::smax, acc, v);
  case ReductionKind::MinS:
    return b.CreateBinaryIntrinsic((I)llvm::Intrinsic::smin, acc, v);
  case ReductionKind::MaxU:
    return b.CreateBinaryIntrinsic((I)llvm::Intrinsic::umax, acc, v);
  case ReductionKind::MinU:
    return b.CreateBinaryIntrinsic((I)llvm::Intrinsic::umin, acc, v);
  }
  return v;
}

/// Per-dimension bounds of affine.parallel: max (lower) / min (upper) over
/// each group of map results.
std::vector<llvm::Value *>
emitGroupedBounds(LoweringContext &lc, const AffineMap &map,
                  const std::vector<int64_t> &groups,
                  const std::vector<llvm::Value *> &ops, bool isMax) {
  std::vector<llvm::Value *> vals = lc.emitAffineMap(map, ops);
  std::vector<llvm::Value *> out;
  size_t at = 0;
  for (int64_t g : groups) {
    llvm::Value *r = vals[at];
    for (int64_t k = 1; k < g; ++k)
      r = lc.builder().CreateBinaryIntrinsic(isMax ? llvm::Intrinsic::smax
                                                   : llvm::Intrinsic::smin,
                                             r, vals[at + k]);
    out.push_back(r);
    at += g;
  }
  return out;
}

/// What the lowering of one affine.parallel works with.
struct ParallelNest {
  AffineParallelOp op;
  std::vector<int64_t> steps;
  std::vector<llvm::Value *> lbs, ubs;
  std::vector<ReductionKind> kinds;
  std::vector<llvm::Type *> resultTypes;

  std::vector<llvm::Value *> identities() const {
    std::vector<llvm::Value *> init;
    for (size_t i = 0; i < kinds.size(); ++i)
      init.push_back(reductionIdentity(kinds[i], resultTypes[i]));
    return init;
  }
};

/// Emits the loops of dimensions `first`.. of `nest` (dimension `first`
/// from `firstLb` to `firstUb`), the body innermost, reducing from `init`.
bool emitLoopNest(LoweringContext &lc, const ParallelNest &nest, size_t first,
                  llvm::Value *firstLb, llvm::Value *firstUb,
                  const std::vector<llvm::Value *> &init,
                  std::vector<llvm::Value *> &results) {
  size_t rank = nest.steps.size();
  Block &body = *nest.op.getBody();
  std::vector<llvm::Value *> ivs(rank);
  std::function<bool(size_t, const std::vector<llvm::Value *> &,
                     std::vector<llvm::Value *> &)>
      emitDim = [&](size_t d, const std::vector<llvm::Value *> &acc,
                    std::vector<llvm::Value *> &out) -> bool {
    if (d == rank) {
      std::vector<llvm::Value *> yielded;
      if (!lowerLoopBody(lc, body, ivs, yielded))
        return false;
      out.clear();
      for (size_t i = 0; i < acc.size(); ++i)
        out.push_back(combine(lc.builder(), nest.kinds[i], acc[i], yielded[i]));
      return true;
    }
    llvm::Value *lb = d == first ? firstLb : nest.lbs[d];
    llvm::Value *ub = d == first ? firstUb : nest.ubs[d];
    return emitCountedLoop(
        lc, lb, ub, lc.indexConst(nest.steps[d]), acc,
        [&](llvm::Value *iv, const std::vector<llvm::Value *> &carried,
            std::vector<llvm::Value *> &next) {
          ivs[d] = iv;
          return emitDim(d + 1, carried, next);
        },
        out);
  };
  return emitDim(first, init, results);
}

/// The values the body of `op` uses from outside it, in first-use order.
std::vector<Value *> capturedValues(Operation *op) {
  std::vector<Value *> captured;
  std::unordered_map<Value *, bool> seen;
  op->walk<WalkOrder::PreOrder>([&](Operation *inner) {
    if (inner == op)
      return;
    for (Value *v : inner->getOperands())
      if (!isDefinedInside(v, op) && seen.emplace(v, true).second)
        captured.push_back(v);
  });
  return captured;
}

/// Why the iterations of `op` must run one after another on the calling
/// thread, or null if they may run on several threads.
const char *whySequential(LoweringContext &lc, const ParallelNest &nest) {
  const LowerOptions &o = lc.options();
  if (o.threads <= 1)
    return "one thread";
  // Out-of-bounds reports stop the program from the thread that found them;
  // checked runs are for finding such bugs, in program order.
  if (o.checked)
    return "checked mode";
  if (lc.inParallelRegion())
    return "nested in a parallel region";
  if (nest.steps.empty())
    return "no dimensions";
  for (ReductionKind k : nest.kinds) {
    if (k == ReductionKind::Assign)
      return "an assign reduction";
    if (isFloatKind(k) && !o.fastMath)
      return "a float reduction without fast math";
  }
  // Calls, prints and unknown ops must keep their order; the DMA emulation
  // keeps its transfers in one table.
  for (const MemoryEffect &e :
       getMemoryEffectsRecursive(nest.op.getOperation())) {
    if (e.isOnUnknownMemory())
      return "an op with unknown memory effects";
    if (e.op->getName().find("dma_") != std::string_view::npos)
      return "a DMA";
  }
  return nullptr;
}

/// The outlined function's view of the values it captures: constants are
/// used as they are, everything else travels in the context struct.
class Captures {
public:
  /// Records `v` (once); constants need no slot.
  void add(llvm::Value *v) {
    if (llvm::isa<llvm::Constant>(v) || slot.count(v))
      return;
    slot[v] = (unsigned)values.size();
    values.push_back(v);
  }
  llvm::StructType *structType(llvm::LLVMContext &ctx) const {
    std::vector<llvm::Type *> types;
    for (llvm::Value *v : values)
      types.push_back(v->getType());
    return llvm::StructType::get(ctx, types);
  }
  /// Stores the captured values into a fresh context struct (caller side).
  llvm::Value *pack(LoweringContext &lc) const {
    llvm::StructType *t = structType(lc.ctx());
    llvm::Value *ctx = lc.entryAlloca(t);
    for (unsigned i = 0; i < values.size(); ++i)
      lc.builder().CreateStore(values[i],
                               lc.builder().CreateStructGEP(t, ctx, i));
    return ctx;
  }
  /// Loads every captured value from `ctx` (outlined side).
  void unpack(LoweringContext &lc, llvm::Value *ctx) {
    llvm::StructType *t = structType(lc.ctx());
    inner.clear();
    for (unsigned i = 0; i < values.size(); ++i)
      inner.push_back(lc.builder().CreateLoad(
          values[i]->getType(), lc.builder().CreateStructGEP(t, ctx, i)));
  }
  /// `v` as the outlined function sees it (after unpack).
  llvm::Value *get(llvm::Value *v) const {
    auto it = slot.find(v);
    return it == slot.end() ? v : inner[it->second];
  }

private:
  std::vector<llvm::Value *> values, inner;
  std::unordered_map<llvm::Value *, unsigned> slot;
};

/// Emits the outlined body `void (ptr ctx, i64 begin, i64 end, i64 chunk)`:
/// the nest over the chunk, its partial results stored at `partials[i]
/// [chunk]`.
llvm::Function *emitOutlinedBody(LoweringContext &lc, const ParallelNest &nest,
                                 const std::vector<Value *> &captured,
                                 Captures &captures,
                                 const std::vector<llvm::Value *> &partials,
                                 unsigned numChunks) {
  Builder &b = lc.builder();
  auto *fty = llvm::FunctionType::get(
      b.getVoidTy(),
      {b.getPtrTy(), b.getInt64Ty(), b.getInt64Ty(), b.getInt64Ty()}, false);
  llvm::Function *parent = lc.currentFunction();
  llvm::Function *fn = llvm::Function::Create(
      fty, llvm::Function::InternalLinkage,
      parent->getName() + ".parallel_body", lc.llvmModule());
  auto args = fn->arg_begin();
  llvm::Value *ctx = &*args++, *begin = &*args++, *end = &*args++,
              *chunk = &*args++;
  auto saved = b.saveIP();
  b.SetInsertPoint(llvm::BasicBlock::Create(lc.ctx(), "entry", fn));
  captures.unpack(lc, ctx);
  // The body's ops see the loaded copies; the caller's mapping comes back
  // afterwards.
  std::vector<llvm::Value *> outer = lc.lookup(captured);
  for (size_t i = 0; i < captured.size(); ++i)
    lc.map(captured[i], captures.get(outer[i]));
  ParallelNest inner = nest;
  for (size_t d = 0; d < inner.lbs.size(); ++d) {
    inner.lbs[d] = captures.get(nest.lbs[d]);
    inner.ubs[d] = captures.get(nest.ubs[d]);
  }
  lc.enterParallelRegion();
  std::vector<llvm::Value *> results;
  bool ok = emitLoopNest(lc, inner, 0, begin, end, nest.identities(), results);
  lc.exitParallelRegion();
  for (size_t i = 0; ok && i < results.size(); ++i) {
    llvm::Type *slots = llvm::ArrayType::get(nest.resultTypes[i], numChunks);
    b.CreateStore(results[i],
                  b.CreateInBoundsGEP(slots, captures.get(partials[i]),
                                      {b.getInt64(0), chunk}));
  }
  if (ok)
    b.CreateRetVoid();
  b.restoreIP(saved);
  for (size_t i = 0; i < captured.size(); ++i)
    lc.map(captured[i], outer[i]);
  return ok ? fn : nullptr;
}

/// Combines the chunks' partial results in chunk order, after the region.
std::vector<llvm::Value *>
combinePartials(LoweringContext &lc, const ParallelNest &nest,
                const std::vector<llvm::Value *> &partials,
                unsigned numChunks) {
  Builder &b = lc.builder();
  std::vector<llvm::Value *> results;
  emitCountedLoop(
      lc, lc.indexConst(0), lc.indexConst(numChunks), lc.indexConst(1),
      nest.identities(),
      [&](llvm::Value *c, const std::vector<llvm::Value *> &acc,
          std::vector<llvm::Value *> &next) {
        for (size_t i = 0; i < acc.size(); ++i) {
          llvm::Type *t = nest.resultTypes[i];
          llvm::Type *slots = llvm::ArrayType::get(t, numChunks);
          llvm::Value *part = b.CreateLoad(
              t, b.CreateInBoundsGEP(slots, partials[i], {b.getInt64(0), c}));
          next.push_back(combine(b, nest.kinds[i], acc[i], part));
        }
        return true;
      },
      results);
  return results;
}

bool lowerOnThreads(LoweringContext &lc, const ParallelNest &nest) {
  Builder &b = lc.builder();
  unsigned numChunks = lc.options().threads;
  std::vector<Value *> captured = capturedValues(nest.op.getOperation());
  Captures captures;
  for (llvm::Value *v : lc.lookup(captured)) {
    if (!v)
      return lc.emitError(*nest.op.getOperation(),
                          "a value the parallel body uses was not lowered");
    captures.add(v);
  }
  for (size_t d = 1; d < nest.lbs.size(); ++d) {
    captures.add(nest.lbs[d]);
    captures.add(nest.ubs[d]);
  }
  std::vector<llvm::Value *> partials;
  for (llvm::Type *t : nest.resultTypes) {
    partials.push_back(lc.entryAlloca(llvm::ArrayType::get(t, numChunks)));
    captures.add(partials.back());
  }
  llvm::Function *body =
      emitOutlinedBody(lc, nest, captured, captures, partials, numChunks);
  if (!body)
    return false;
  llvm::Value *ctx = captures.pack(lc);
  llvm::Type *i64 = b.getInt64Ty();
  auto *fty = llvm::FunctionType::get(
      b.getVoidTy(), {b.getPtrTy(), b.getPtrTy(), i64, i64, i64, i64}, false);
  b.CreateCall(lc.runtimeFunction("affjit_rt_parallel_for", fty),
               {body, ctx, nest.lbs[0], nest.ubs[0], b.getInt64(nest.steps[0]),
                b.getInt64(numChunks)});
  std::vector<llvm::Value *> results =
      combinePartials(lc, nest, partials, numChunks);
  for (unsigned i = 0; i < results.size(); ++i)
    lc.map(nest.op->getResult(i), results[i]);
  return true;
}

} // namespace

bool lowerAffineParallel(LoweringContext &lc, Operation &op) {
  ParallelNest nest{AffineParallelOp(&op), {}, {}, {}, {}, {}};
  nest.steps = nest.op.getSteps();
  nest.lbs = emitGroupedBounds(
      lc, nest.op.getLowerBoundsMap(), nest.op.getLowerBoundsGroups(),
      lc.lookup(nest.op.getLowerBoundsOperands()), /*isMax=*/true);
  nest.ubs = emitGroupedBounds(
      lc, nest.op.getUpperBoundsMap(), nest.op.getUpperBoundsGroups(),
      lc.lookup(nest.op.getUpperBoundsOperands()), /*isMax=*/false);
  for (int64_t kind : nest.op.getReductions()) {
    nest.kinds.push_back((ReductionKind)kind);
    nest.resultTypes.push_back(lc.convertType(
        op.getResult((unsigned)nest.resultTypes.size())->getType()));
  }
  if (!whySequential(lc, nest))
    return lowerOnThreads(lc, nest);
  std::vector<llvm::Value *> results;
  llvm::Value *lb0 = nest.lbs.empty() ? nullptr : nest.lbs[0];
  llvm::Value *ub0 = nest.ubs.empty() ? nullptr : nest.ubs[0];
  if (!emitLoopNest(lc, nest, 0, lb0, ub0, nest.identities(), results))
    return false;
  for (unsigned i = 0; i < op.getNumResults(); ++i)
    lc.map(op.getResult(i), results[i]);
  return true;
}

} // namespace affjit
