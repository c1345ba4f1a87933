// Lowering of the memref dialect (seed 004) to LLVM IR on MLIR-compatible
// descriptors: allocation (heap with alignment, stack, alloca scopes with
// stacksave/stackrestore), element access, dim, casts to and from unranked,
// copies, and every view op (subview, view, reinterpret_cast, collapse and
// expand shape, transpose, reshape) as descriptor arithmetic without copies;
// globals; prefetch; DMA through the runtime.
#include "frontend/ir/MemRefLayout.h"
#include "frontend/ir/MemRefOps.h"
#include "frontend/lower/LoopBuilder.h"
#include "frontend/lower/OpLowerings.h"

#include <llvm/IR/Intrinsics.h>

namespace affjit {

namespace {

using Builder = llvm::IRBuilder<>;
using Values = std::vector<llvm::Value *>;

int64_t elementBytes(LoweringContext &lc, Type memref) {
  return (int64_t)lc.llvmModule().getDataLayout().getTypeAllocSize(
      lc.convertType(memref.getElementType()));
}

/// Row-major strides for `sizes`.
Values rowMajorStrides(Builder &b, const Values &sizes) {
  Values strides(sizes.size());
  llvm::Value *running = b.getInt64(1);
  for (size_t i = sizes.size(); i-- > 0;) {
    strides[i] = running;
    running = b.CreateMul(running, sizes[i]);
  }
  return strides;
}

/// Sizes of a new memref: static dims as constants, `?` from `dynamic`.
Values shapeSizes(LoweringContext &lc, Type type, const Values &dynamic) {
  Values sizes;
  size_t next = 0;
  for (unsigned d = 0; d < type.getRank(); ++d)
    sizes.push_back(type.isDynamicDim(d) ? dynamic[next++]
                                         : lc.indexConst(type.getDimSize(d)));
  return sizes;
}

bool requireStrided(LoweringContext &lc, Operation &op, Type t) {
  std::vector<int64_t> strides;
  int64_t offset;
  if (t.isMemRef() && !t.getStridesAndOffset(strides, offset))
    return lc.emitError(op, "memrefs with non-strided layout maps are not "
                            "supported; normalize the layout first");
  return true;
}

//===-- allocation
//----------------------------------------------------------===//

/// Where the elements of a new memref go: an offset and a stride per
/// dimension into the new buffer.
struct NewLayout {
  llvm::Value *offset;
  Values strides;
};

/// The layout a new memref of `type` gets: row-major for the identity
/// layout; for `strided<...>` its static offset and strides, the dynamic
/// ones from `symbols` in the order of the layout map's symbols (the
/// offset, then the strides). nullopt for affine-map layouts.
std::optional<NewLayout> allocationLayout(LoweringContext &lc, Type type,
                                          const Values &sizes,
                                          const Values &symbols) {
  if (hasIdentityLayout(type))
    return NewLayout{lc.indexConst(0), rowMajorStrides(lc.builder(), sizes)};
  if (type.getLayoutKind() != LayoutKind::Strided)
    return std::nullopt;
  size_t next = 0;
  auto take = [&](int64_t v) {
    return v == kDynamic ? symbols[next++] : lc.indexConst(v);
  };
  NewLayout l{take(type.getLayoutOffset()), {}};
  for (int64_t s : type.getLayoutStrides())
    l.strides.push_back(take(s));
  return l;
}

/// Elements the buffer needs for every index to land in it: the offset,
/// plus (size - 1) * stride per dimension, plus one; none if a size is 0.
/// Strides are non-negative (checked for static ones).
llvm::Value *extentElements(Builder &b, const NewLayout &l,
                            const Values &sizes) {
  llvm::Value *last = l.offset;
  llvm::Value *empty = b.getFalse();
  for (size_t d = 0; d < sizes.size(); ++d) {
    llvm::Value *span = b.CreateSub(sizes[d], b.getInt64(1));
    last = b.CreateAdd(last, b.CreateMul(span, l.strides[d]));
    empty = b.CreateOr(empty, b.CreateICmpEQ(sizes[d], b.getInt64(0)));
  }
  return b.CreateSelect(empty, b.getInt64(0), b.CreateAdd(last, b.getInt64(1)));
}

bool hasNegativeStaticStride(Type type) {
  if (type.getLayoutKind() != LayoutKind::Strided)
    return false;
  for (int64_t s : type.getLayoutStrides())
    if (s != kDynamic && s < 0)
      return true;
  return false;
}

/// A new buffer's alignment in bytes: the op's (at least 1), else 64, a
/// full AVX-512 vector and one cache line.
int64_t bufferAlignment(std::optional<int64_t> alignment) {
  return alignment ? std::max<int64_t>(*alignment, 1) : 64;
}

/// memref.alloc and memref.alloca (`AllocOp` or `AllocaOp`).
template <typename AllocLikeOp>
bool lowerAllocLike(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  AllocLikeOp alloc(&op);
  Type type = alloc.getType();
  if (!requireStrided(lc, op, type))
    return false;
  Values dyn = lc.lookup(alloc.getDynamicSizes());
  Values symbols = lc.lookup(alloc.getSymbolOperands());
  Values sizes = shapeSizes(lc, type, dyn);
  std::optional<NewLayout> layout = allocationLayout(lc, type, sizes, symbols);
  if (!layout || hasNegativeStaticStride(type))
    return lc.emitError(op, "allocating with an affine-map layout or a "
                            "negative stride is not supported; allocate "
                            "with the identity or a strided<...> layout");
  llvm::Value *bytes = b.CreateMul(extentElements(b, *layout, sizes),
                                   b.getInt64(elementBytes(lc, type)));
  int64_t align = bufferAlignment(alloc.getAlignment());
  llvm::Value *ptr;
  if (op.isa("memref.alloca")) {
    ptr = b.CreateAlloca(b.getInt8Ty(), bytes);
    llvm::cast<llvm::AllocaInst>(ptr)->setAlignment(llvm::Align(align));
  } else {
    auto *fty = llvm::FunctionType::get(
        b.getPtrTy(), {b.getInt64Ty(), b.getInt64Ty()}, false);
    ptr = b.CreateCall(lc.runtimeFunction("affjit_rt_aligned_alloc", fty),
                       {bytes, b.getInt64(align)});
  }
  lc.map(op.getResult(0), lc.makeDescriptor(type, ptr, ptr, layout->offset,
                                            sizes, layout->strides));
  return true;
}

/// A new buffer of the result's size holding the source's first elements
/// (as many as both have); the source's buffer is freed, as memref.realloc
/// invalidates it.
bool lowerRealloc(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  Value *source = op.getOperand(0);
  Type from = source->getType(), to = op.getResult(0)->getType();
  llvm::Value *desc = lc.lookup(source);
  llvm::Value *newSize = to.isDynamicDim(0) ? lc.lookup(op.getOperand(1))
                                            : lc.indexConst(to.getDimSize(0));
  llvm::Value *eltBytes = b.getInt64(elementBytes(lc, to));
  int64_t align = bufferAlignment(ReallocOp(&op).getAlignment());
  auto *allocTy = llvm::FunctionType::get(
      b.getPtrTy(), {b.getInt64Ty(), b.getInt64Ty()}, false);
  llvm::Value *ptr =
      b.CreateCall(lc.runtimeFunction("affjit_rt_aligned_alloc", allocTy),
                   {b.CreateMul(newSize, eltBytes), b.getInt64(align)});
  llvm::Value *oldSize = lc.size(desc, from, 0);
  llvm::Value *kept =
      b.CreateSelect(b.CreateICmpULT(oldSize, newSize), oldSize, newSize);
  llvm::Value *first = b.CreateGEP(lc.convertType(from.getElementType()),
                                   lc.alignedPtr(desc), lc.offset(desc, from));
  b.CreateMemCpy(ptr, llvm::MaybeAlign(1), first, llvm::MaybeAlign(1),
                 b.CreateMul(kept, eltBytes));
  auto *freeTy = llvm::FunctionType::get(b.getVoidTy(), {b.getPtrTy()}, false);
  b.CreateCall(lc.runtimeFunction("affjit_rt_free", freeTy),
               {lc.allocatedPtr(desc)});
  lc.map(op.getResult(0), lc.makeDescriptor(to, ptr, ptr, lc.indexConst(0),
                                            {newSize}, {lc.indexConst(1)}));
  return true;
}

bool lowerDealloc(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  auto *fty = llvm::FunctionType::get(b.getVoidTy(), {b.getPtrTy()}, false);
  b.CreateCall(lc.runtimeFunction("affjit_rt_free", fty),
               {lc.allocatedPtr(lc.lookup(op.getOperand(0)))});
  return true;
}

/// Allocas inside the scope are released when it ends, so a scope in a loop
/// does not grow the stack.
bool lowerAllocaScope(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  llvm::Value *saved = b.CreateStackSave();
  Block &body = op.getRegion(0).front();
  if (!lc.lowerOpsExceptTerminator(body))
    return false;
  Operation *term = body.getTerminator();
  for (unsigned i = 0; i < op.getNumResults(); ++i)
    lc.map(op.getResult(i), lc.lookup(term->getOperand(i)));
  b.CreateStackRestore(saved);
  return true;
}

//===-- element access
//------------------------------------------------------===//

llvm::Align elementAlign(LoweringContext &lc, Type memref) {
  return lc.llvmModule().getDataLayout().getABITypeAlign(
      lc.convertType(memref.getElementType()));
}

bool lowerLoad(LoweringContext &lc, Operation &op) {
  Type type = op.getOperand(0)->getType();
  Values idx = lc.lookup(op.getOperands(1, op.getNumOperands() - 1));
  llvm::Value *ptr = lc.elementPtr(op.getOperand(0), idx, op.getLoc());
  lc.map(op.getResult(0),
         lc.builder().CreateAlignedLoad(lc.convertType(type.getElementType()),
                                        ptr, elementAlign(lc, type)));
  return true;
}

bool lowerStore(LoweringContext &lc, Operation &op) {
  Type type = op.getOperand(1)->getType();
  Values idx = lc.lookup(op.getOperands(2, op.getNumOperands() - 2));
  llvm::Value *ptr = lc.elementPtr(op.getOperand(1), idx, op.getLoc());
  lc.builder().CreateAlignedStore(lc.lookup(op.getOperand(0)), ptr,
                                  elementAlign(lc, type));
  return true;
}

/// memref.dim with a constant or dynamic index.
bool lowerDim(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  Type type = op.getOperand(0)->getType();
  llvm::Value *desc = lc.lookup(op.getOperand(0));
  llvm::Value *index = lc.lookup(op.getOperand(1));
  if (type.isUnrankedMemRef()) {
    // sizes[index] of the ranked descriptor: after {ptr, ptr, i64 offset}.
    llvm::Value *ranked = b.CreateExtractValue(desc, {1});
    llvm::Value *at = b.CreateAdd(index, b.getInt64(3));
    llvm::Value *ptr = b.CreateGEP(b.getInt64Ty(), ranked, at);
    lc.map(op.getResult(0), b.CreateLoad(b.getInt64Ty(), ptr));
    return true;
  }
  if (auto *c = llvm::dyn_cast<llvm::ConstantInt>(index)) {
    uint64_t d = c->getZExtValue();
    if (d >= (uint64_t)type.getRank())
      return lc.emitError(op, "index out of range");
    lc.map(op.getResult(0), lc.size(desc, type, (unsigned)d));
    return true;
  }
  // Dynamic index: select among the sizes (out of range gives 0).
  llvm::Value *r = b.getInt64(0);
  for (unsigned d = 0; d < type.getRank(); ++d)
    r = b.CreateSelect(b.CreateICmpEQ(index, b.getInt64(d)),
                       lc.size(desc, type, d), r);
  lc.map(op.getResult(0), r);
  return true;
}

//===-- casts
//---------------------------------------------------------------===//

bool lowerCast(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  Type from = op.getOperand(0)->getType(), to = op.getResult(0)->getType();
  llvm::Value *in = lc.lookup(op.getOperand(0));
  if (from.isMemRef() && to.isMemRef()) {
    lc.map(op.getResult(0), in);
    return true;
  }
  if (from.isMemRef() && to.isUnrankedMemRef()) {
    // The ranked descriptor lives in an entry-block slot of this function.
    llvm::Value *slot = lc.entryAlloca(in->getType());
    b.CreateStore(in, slot);
    llvm::Value *u = llvm::UndefValue::get(lc.convertType(to));
    u = b.CreateInsertValue(u, b.getInt64(from.getRank()), {0});
    lc.map(op.getResult(0), b.CreateInsertValue(u, slot, {1}));
    return true;
  }
  if (from.isUnrankedMemRef() && to.isMemRef()) {
    llvm::Value *ptr = b.CreateExtractValue(in, {1});
    lc.map(op.getResult(0), b.CreateLoad(lc.convertType(to), ptr));
    return true;
  }
  lc.map(op.getResult(0), in);
  return true;
}

//===-- views
//---------------------------------------------------------------===//

/// `statics` with kDynamic slots filled from `dynamic` in order.
Values mixedValues(LoweringContext &lc, const std::vector<int64_t> &statics,
                   const std::vector<Value *> &dynamic) {
  Values dyn = lc.lookup(dynamic);
  Values out;
  size_t next = 0;
  for (int64_t v : statics)
    out.push_back(v == kDynamic ? dyn[next++] : lc.indexConst(v));
  return out;
}

bool lowerSubView(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  Type src = op.getOperand(0)->getType(), dst = op.getResult(0)->getType();
  if (!requireStrided(lc, op, src))
    return false;
  SubViewOp subview(&op);
  llvm::Value *desc = lc.lookup(subview.getSource());
  Values offs =
      mixedValues(lc, subview.getStaticOffsets(), subview.getOffsets());
  Values sizes = mixedValues(lc, subview.getStaticSizes(), subview.getSizes());
  Values steps =
      mixedValues(lc, subview.getStaticStrides(), subview.getStrides());
  std::vector<bool> dropped = subview.getDroppedDims();
  llvm::Value *offset = lc.offset(desc, src);
  Values newSizes, newStrides;
  for (unsigned d = 0; d < src.getRank(); ++d) {
    llvm::Value *s = lc.stride(desc, src, d);
    offset = b.CreateAdd(offset, b.CreateMul(offs[d], s));
    if (dropped[d])
      continue;
    newSizes.push_back(sizes[d]);
    newStrides.push_back(b.CreateMul(s, steps[d]));
  }
  lc.map(op.getResult(0),
         lc.makeDescriptor(dst, lc.allocatedPtr(desc), lc.alignedPtr(desc),
                           offset, newSizes, newStrides));
  return true;
}

bool lowerReinterpretCast(LoweringContext &lc, Operation &op) {
  ReinterpretCastOp reinterpret(&op);
  llvm::Value *desc = lc.lookup(reinterpret.getSource());
  Type src = op.getOperand(0)->getType(), dst = op.getResult(0)->getType();
  Builder &b = lc.builder();
  llvm::Value *allocated, *aligned;
  if (src.isUnrankedMemRef()) {
    // Only the pointers are taken from the source; they lead every layout.
    llvm::Value *ptr = b.CreateExtractValue(desc, {1});
    auto *headTy =
        llvm::StructType::get(lc.ctx(), {b.getPtrTy(), b.getPtrTy()});
    llvm::Value *head = b.CreateLoad(headTy, ptr);
    allocated = b.CreateExtractValue(head, {0});
    aligned = b.CreateExtractValue(head, {1});
  } else {
    allocated = lc.allocatedPtr(desc);
    aligned = lc.alignedPtr(desc);
  }
  Values offs =
      mixedValues(lc, reinterpret.getStaticOffsets(), reinterpret.getOffsets());
  Values sizes =
      mixedValues(lc, reinterpret.getStaticSizes(), reinterpret.getSizes());
  Values strides =
      mixedValues(lc, reinterpret.getStaticStrides(), reinterpret.getStrides());
  lc.map(op.getResult(0),
         lc.makeDescriptor(dst, allocated, aligned, offs[0], sizes, strides));
  return true;
}

bool lowerView(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  Type src = op.getOperand(0)->getType(), dst = op.getResult(0)->getType();
  llvm::Value *desc = lc.lookup(op.getOperand(0));
  llvm::Value *shift = lc.lookup(op.getOperand(1));
  Values dyn = lc.lookup(op.getOperands(2, op.getNumOperands() - 2));
  llvm::Value *base = b.CreateGEP(b.getInt8Ty(), lc.alignedPtr(desc),
                                  b.CreateAdd(lc.offset(desc, src), shift));
  Values sizes = shapeSizes(lc, dst, dyn);
  lc.map(op.getResult(0),
         lc.makeDescriptor(dst, lc.allocatedPtr(desc), base, lc.indexConst(0),
                           sizes, rowMajorStrides(b, sizes)));
  return true;
}

bool lowerCollapseShape(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  Type src = op.getOperand(0)->getType(), dst = op.getResult(0)->getType();
  llvm::Value *desc = lc.lookup(op.getOperand(0));
  Values sizes, strides;
  for (const auto &group : CollapseShapeOp(&op).getReassociation()) {
    llvm::Value *size = b.getInt64(1);
    for (int64_t d : group)
      size = b.CreateMul(size, lc.size(desc, src, (unsigned)d));
    sizes.push_back(size);
    strides.push_back(group.empty()
                          ? b.getInt64(1)
                          : lc.stride(desc, src, (unsigned)group.back()));
  }
  lc.map(op.getResult(0),
         lc.makeDescriptor(dst, lc.allocatedPtr(desc), lc.alignedPtr(desc),
                           lc.offset(desc, src), sizes, strides));
  return true;
}

bool lowerExpandShape(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  Type src = op.getOperand(0)->getType(), dst = op.getResult(0)->getType();
  llvm::Value *desc = lc.lookup(op.getOperand(0));
  ExpandShapeOp expand(&op);
  Values sizes =
      mixedValues(lc, expand.getStaticOutputShape(), expand.getOutputShape());
  Values strides(dst.getRank());
  Reassociation groups = expand.getReassociation();
  for (unsigned g = 0; g < groups.size(); ++g) {
    llvm::Value *s = lc.stride(desc, src, g);
    for (size_t k = groups[g].size(); k-- > 0;) {
      unsigned d = (unsigned)groups[g][k];
      strides[d] = s;
      s = b.CreateMul(s, sizes[d]);
    }
  }
  lc.map(op.getResult(0),
         lc.makeDescriptor(dst, lc.allocatedPtr(desc), lc.alignedPtr(desc),
                           lc.offset(desc, src), sizes, strides));
  return true;
}

bool lowerTranspose(LoweringContext &lc, Operation &op) {
  Type src = op.getOperand(0)->getType(), dst = op.getResult(0)->getType();
  llvm::Value *desc = lc.lookup(op.getOperand(0));
  AffineMap perm = MemRefTransposeOp(&op).getPermutation();
  Values sizes, strides;
  for (const AffineExpr &e : perm.getResults()) {
    sizes.push_back(lc.size(desc, src, e.getPosition()));
    strides.push_back(lc.stride(desc, src, e.getPosition()));
  }
  lc.map(op.getResult(0),
         lc.makeDescriptor(dst, lc.allocatedPtr(desc), lc.alignedPtr(desc),
                           lc.offset(desc, src), sizes, strides));
  return true;
}

/// The allocated pointer, aligned pointer and offset of a ranked or
/// unranked memref (unranked ones hold a pointer to a ranked descriptor).
struct BaseFields {
  llvm::Value *allocated, *aligned, *offset;
};
BaseFields baseFields(LoweringContext &lc, Value *memref) {
  Builder &b = lc.builder();
  llvm::Value *desc = lc.lookup(memref);
  Type t = memref->getType();
  if (t.isMemRef())
    return {lc.allocatedPtr(desc), lc.alignedPtr(desc), lc.offset(desc, t)};
  llvm::Value *ranked = b.CreateExtractValue(desc, {1});
  auto field = [&](unsigned i, llvm::Type *ty) {
    return b.CreateLoad(ty, b.CreateGEP(b.getInt64Ty(), ranked, b.getInt64(i)));
  };
  return {field(0, b.getPtrTy()), field(1, b.getPtrTy()),
          field(2, b.getInt64Ty())};
}

/// Reshape whose rank is the run-time length of the shape operand: the
/// ranked descriptor is built on the stack, sizes from the shape, row-major
/// strides filled from the innermost dimension outwards.
bool lowerReshapeToUnranked(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  Value *shape = op.getOperand(1);
  Type shapeElt = shape->getType().getElementType();
  BaseFields base = baseFields(lc, op.getOperand(0));
  llvm::Value *rank = lc.size(lc.lookup(shape), shape->getType(), 0);
  // {ptr, ptr, i64, sizes[rank], strides[rank]} as 3 + 2 * rank words.
  llvm::Value *words =
      b.CreateAdd(b.getInt64(3), b.CreateMul(rank, b.getInt64(2)));
  llvm::Value *ranked = b.CreateAlloca(b.getInt64Ty(), words);
  b.CreateStore(base.allocated, ranked);
  b.CreateStore(base.aligned,
                b.CreateGEP(b.getInt64Ty(), ranked, b.getInt64(1)));
  b.CreateStore(base.offset,
                b.CreateGEP(b.getInt64Ty(), ranked, b.getInt64(2)));
  Values results;
  bool ok = emitCountedLoop(
      lc, b.getInt64(0), rank, b.getInt64(1), {b.getInt64(1)},
      [&](llvm::Value *i, const Values &carried, Values &next) {
        llvm::Value *d = b.CreateSub(b.CreateSub(rank, b.getInt64(1)), i);
        llvm::Value *v = b.CreateLoad(lc.convertType(shapeElt),
                                      lc.elementPtr(shape, {d}, op.getLoc()));
        llvm::Value *size = b.CreateSExtOrTrunc(v, b.getInt64Ty());
        llvm::Value *sizeAt = b.CreateAdd(d, b.getInt64(3));
        llvm::Value *strideAt = b.CreateAdd(sizeAt, rank);
        b.CreateStore(size, b.CreateGEP(b.getInt64Ty(), ranked, sizeAt));
        b.CreateStore(carried[0],
                      b.CreateGEP(b.getInt64Ty(), ranked, strideAt));
        next = {b.CreateMul(carried[0], size)};
        return true;
      },
      results);
  if (!ok)
    return false;
  llvm::Value *u =
      llvm::UndefValue::get(lc.convertType(op.getResult(0)->getType()));
  u = b.CreateInsertValue(u, rank, {0});
  lc.map(op.getResult(0), b.CreateInsertValue(u, ranked, {1}));
  return true;
}

bool lowerReshape(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  Type dst = op.getResult(0)->getType();
  if (!dst.isMemRef())
    return lowerReshapeToUnranked(lc, op);
  Type shapeType = op.getOperand(1)->getType();
  Values sizes;
  for (unsigned d = 0; d < dst.getRank(); ++d) {
    if (!dst.isDynamicDim(d)) {
      sizes.push_back(b.getInt64(dst.getDimSize(d)));
      continue;
    }
    llvm::Value *ptr =
        lc.elementPtr(op.getOperand(1), {b.getInt64(d)}, op.getLoc());
    llvm::Value *v =
        b.CreateLoad(lc.convertType(shapeType.getElementType()), ptr);
    sizes.push_back(b.CreateSExtOrTrunc(v, b.getInt64Ty()));
  }
  BaseFields base = baseFields(lc, op.getOperand(0));
  lc.map(op.getResult(0),
         lc.makeDescriptor(dst, base.allocated, base.aligned, base.offset,
                           sizes, rowMajorStrides(b, sizes)));
  return true;
}

//===-- copy
//----------------------------------------------------------------===//

/// Unranked (or mixed) copies go through the runtime with both sides as
/// unranked descriptors in memory.
bool lowerUnrankedCopy(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  Values ptrs;
  for (Value *v : {op.getOperand(0), op.getOperand(1)}) {
    llvm::Value *desc = lc.lookup(v);
    Type t = v->getType();
    llvm::Type *unranked = lc.convertType(
        Type::unrankedMemref(t.getElementType(), t.getMemorySpace()));
    llvm::Value *u = desc;
    if (t.isMemRef()) {
      llvm::Value *slot = lc.entryAlloca(desc->getType());
      b.CreateStore(desc, slot);
      u = llvm::UndefValue::get(unranked);
      u = b.CreateInsertValue(u, b.getInt64(t.getRank()), {0});
      u = b.CreateInsertValue(u, slot, {1});
    }
    llvm::Value *slot = lc.entryAlloca(unranked);
    b.CreateStore(u, slot);
    ptrs.push_back(slot);
  }
  llvm::FunctionCallee fn = lc.llvmModule().getOrInsertFunction(
      "affjit_rt_memref_copy", b.getVoidTy(), b.getInt64Ty(), b.getPtrTy(),
      b.getPtrTy());
  b.CreateCall(fn, {b.getInt64(elementBytes(lc, op.getOperand(0)->getType())),
                    ptrs[0], ptrs[1]});
  return true;
}

/// memref.rank: a constant for ranked memrefs, the descriptor's rank field
/// for unranked ones.
bool lowerRank(LoweringContext &lc, Operation &op) {
  Type t = op.getOperand(0)->getType();
  llvm::Value *desc = lc.lookup(op.getOperand(0));
  lc.map(op.getResult(0), t.isMemRef()
                              ? lc.indexConst(t.getRank())
                              : lc.builder().CreateExtractValue(desc, {0}));
  return true;
}

/// Element-wise copy with a loop per dimension; LLVM vectorizes the
/// innermost loop when strides allow.
bool lowerCopy(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  Value *srcV = op.getOperand(0), *dstV = op.getOperand(1);
  Type src = srcV->getType();
  if (!src.isMemRef() || !dstV->getType().isMemRef())
    return lowerUnrankedCopy(lc, op);
  llvm::Value *desc = lc.lookup(srcV);
  unsigned rank = (unsigned)src.getRank();
  Values ivs(rank);
  std::function<bool(unsigned)> emitDim = [&](unsigned d) -> bool {
    if (d == rank) {
      llvm::Value *from = lc.elementPtr(srcV, ivs, op.getLoc());
      llvm::Value *to = lc.elementPtr(dstV, ivs, op.getLoc());
      b.CreateStore(b.CreateLoad(lc.convertType(src.getElementType()), from),
                    to);
      return true;
    }
    Values results;
    return emitCountedLoop(
        lc, b.getInt64(0), lc.size(desc, src, d), b.getInt64(1), {},
        [&](llvm::Value *iv, const Values &, Values &next) {
          ivs[d] = iv;
          next.clear();
          return emitDim(d + 1);
        },
        results);
  };
  return emitDim(0);
}

//===-- globals
//-------------------------------------------------------------===//

llvm::Constant *denseInitializer(LoweringContext &lc, Attribute init,
                                 Type memref) {
  llvm::Type *elt = lc.convertType(memref.getElementType());
  int64_t n = memref.getNumElements();
  std::vector<llvm::Constant *> elems;
  for (int64_t k = 0; k < n; ++k) {
    size_t at = init.isSplat() ? 0 : (size_t)k;
    if (memref.getElementType().isFloat())
      elems.push_back(llvm::ConstantFP::get(elt, init.getFloats()[at]));
    else
      elems.push_back(llvm::ConstantInt::get(elt, init.getInts()[at], true));
  }
  return llvm::ConstantArray::get(llvm::ArrayType::get(elt, n), elems);
}

std::string globalSymbol(const std::string &name) {
  return "__affjit_global_" + name;
}

bool lowerGlobal(LoweringContext &lc, Operation &op) {
  GlobalOp global(&op);
  Type type = global.getType();
  if (!type.hasStaticShape())
    return lc.emitError(op, "globals must have a static shape");
  llvm::Type *elt = lc.convertType(type.getElementType());
  llvm::ArrayType *arr = llvm::ArrayType::get(elt, type.getNumElements());
  Attribute init = global.getInitialValue();
  llvm::Constant *value = init && init.isa(AttrKind::DenseElements)
                              ? denseInitializer(lc, init, type)
                              : llvm::Constant::getNullValue(arr);
  auto *gv =
      new llvm::GlobalVariable(lc.llvmModule(), arr, global.getConstant(),
                               llvm::GlobalValue::InternalLinkage, value,
                               globalSymbol(global.getSymName()));
  gv->setAlignment(llvm::Align(global.getAlignment().value_or(64)));
  return true;
}

bool lowerGetGlobal(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  Type type = op.getResult(0)->getType();
  llvm::GlobalVariable *gv = lc.llvmModule().getGlobalVariable(
      globalSymbol(GetGlobalOp(&op).getName()), true);
  if (!gv)
    return lc.emitError(op, "unknown global");
  Values sizes = shapeSizes(lc, type, {});
  lc.map(op.getResult(0), lc.makeDescriptor(type, gv, gv, b.getInt64(0), sizes,
                                            rowMajorStrides(b, sizes)));
  return true;
}

//===-- prefetch, alignment, DMA
//--------------------------------------------===//

bool lowerPrefetch(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  Values idx = lc.lookup(op.getOperands(1, op.getNumOperands() - 1));
  llvm::Value *ptr = lc.elementPtr(op.getOperand(0), idx, op.getLoc());
  llvm::Function *fn = llvm::Intrinsic::getDeclaration(
      &lc.llvmModule(), llvm::Intrinsic::prefetch, {b.getPtrTy()});
  PrefetchOp prefetch(&op);
  b.CreateCall(fn, {ptr, b.getInt32(prefetch.getIsWrite()),
                    b.getInt32((int32_t)prefetch.getLocalityHint()),
                    b.getInt32(prefetch.getIsDataCache())});
  return true;
}

bool lowerNoOp(LoweringContext &, Operation &) { return true; }

/// memref.dma_start %src[i...], %dst[j...], %n, %tag[k...] [, %stride, %per]
bool lowerDmaStart(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  unsigned srcAt = 0;
  unsigned dstAt =
      srcAt + 1 + (unsigned)op.getOperand(srcAt)->getType().getRank();
  unsigned numAt =
      dstAt + 1 + (unsigned)op.getOperand(dstAt)->getType().getRank();
  unsigned tagAt = numAt + 1;
  unsigned tagRank = (unsigned)op.getOperand(tagAt)->getType().getRank();
  auto ptrAt = [&](unsigned at, unsigned rank) {
    return lc.elementPtr(op.getOperand(at),
                         lc.lookup(op.getOperands(at + 1, rank)), op.getLoc());
  };
  Type srcType = op.getOperand(srcAt)->getType();
  Type dstType = op.getOperand(dstAt)->getType();
  llvm::Value *src = ptrAt(srcAt, (unsigned)srcType.getRank());
  llvm::Value *dst = ptrAt(dstAt, (unsigned)dstType.getRank());
  llvm::Value *tag = ptrAt(tagAt, tagRank);
  unsigned strideAt = tagAt + 1 + tagRank;
  bool strided = op.getNumOperands() > strideAt;
  llvm::Value *stride =
      strided ? lc.lookup(op.getOperand(strideAt)) : b.getInt64(0);
  llvm::Value *per =
      strided ? lc.lookup(op.getOperand(strideAt + 1)) : b.getInt64(0);
  llvm::Type *i64 = b.getInt64Ty();
  auto *fty = llvm::FunctionType::get(b.getVoidTy(),
                                      {b.getPtrTy(), b.getPtrTy(), i64, i64,
                                       i64, i64, b.getInt1Ty(), b.getPtrTy()},
                                      false);
  b.CreateCall(lc.runtimeFunction("affjit_rt_dma_start", fty),
               {src, dst, lc.lookup(op.getOperand(numAt)),
                b.getInt64(elementBytes(lc, srcType)), stride, per,
                b.getInt1(srcType.getMemorySpace() <= dstType.getMemorySpace()),
                tag});
  return true;
}

bool lowerDmaWait(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  unsigned rank = (unsigned)op.getOperand(0)->getType().getRank();
  llvm::Value *tag = lc.elementPtr(
      op.getOperand(0), lc.lookup(op.getOperands(1, rank)), op.getLoc());
  auto *fty = llvm::FunctionType::get(b.getVoidTy(),
                                      {b.getPtrTy(), b.getInt64Ty()}, false);
  b.CreateCall(lc.runtimeFunction("affjit_rt_dma_wait", fty),
               {tag, lc.lookup(op.getOperand(1 + rank))});
  return true;
}

/// The aligned pointer as an integer (a ranked or unranked memref).
bool lowerExtractAlignedPointer(LoweringContext &lc, Operation &op) {
  BaseFields base = baseFields(lc, op.getOperand(0));
  lc.map(op.getResult(0),
         lc.builder().CreatePtrToInt(base.aligned, lc.builder().getInt64Ty()));
  return true;
}

/// The descriptor's fields: a 0-d base buffer on the same pointers, then
/// offset, sizes and strides.
bool lowerExtractStridedMetadata(LoweringContext &lc, Operation &op) {
  Type t = op.getOperand(0)->getType();
  llvm::Value *desc = lc.lookup(op.getOperand(0));
  lc.map(op.getResult(0),
         lc.makeDescriptor(op.getResult(0)->getType(), lc.allocatedPtr(desc),
                           lc.alignedPtr(desc), lc.indexConst(0), {}, {}));
  lc.map(op.getResult(1), lc.offset(desc, t));
  unsigned rank = (unsigned)t.getRank();
  for (unsigned d = 0; d < rank; ++d) {
    lc.map(op.getResult(2 + d), lc.size(desc, t, d));
    lc.map(op.getResult(2 + rank + d), lc.stride(desc, t, d));
  }
  return true;
}

} // namespace

void registerMemRefOpLowerings(OpLoweringRegistry &r) {
  r.add("memref.alloc", lowerAllocLike<AllocOp>);
  r.add("memref.alloca", lowerAllocLike<AllocaOp>);
  r.add("memref.dealloc", lowerDealloc);
  r.add("memref.realloc", lowerRealloc);
  r.add("memref.alloca_scope", lowerAllocaScope);
  r.add("memref.load", lowerLoad);
  r.add("memref.store", lowerStore);
  r.add("memref.dim", lowerDim);
  r.add("memref.cast", lowerCast);
  r.add("memref.subview", lowerSubView);
  r.add("memref.reinterpret_cast", lowerReinterpretCast);
  r.add("memref.view", lowerView);
  r.add("memref.collapse_shape", lowerCollapseShape);
  r.add("memref.expand_shape", lowerExpandShape);
  r.add("memref.transpose", lowerTranspose);
  r.add("memref.reshape", lowerReshape);
  r.add("memref.copy", lowerCopy);
  r.add("memref.rank", lowerRank);
  r.add("memref.global", lowerGlobal);
  r.add("memref.get_global", lowerGetGlobal);
  r.add("memref.prefetch", lowerPrefetch);
  r.add("memref.assume_alignment", lowerNoOp);
  r.add("memref.dma_start", lowerDmaStart);
  r.add("memref.dma_wait", lowerDmaWait);
  r.add("memref.extract_aligned_pointer_as_index", lowerExtractAlignedPointer);
  r.add("memref.extract_strided_metadata", lowerExtractStridedMetadata);
}

} // namespace affjit
