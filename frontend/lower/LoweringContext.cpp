// Type conversion, value mapping, memref descriptor access and affine
// expression emission for the LLVM lowering.
#include "frontend/lower/LoweringContext.h"

#include "frontend/ir/ArithOpTable.h"
#include "frontend/ir/FuncOps.h"
#include "frontend/lower/CheckedAccess.h"
#include "frontend/lower/OpLowerings.h"

namespace affjit {

LoweringContext::LoweringContext(llvm::Module &m, DiagnosticEngine &d,
                                 const LowerOptions &o, Module &src)
    : module(m), diag(d), opts(o), source(src), b(m.getContext()) {}

llvm::FastMathFlags LoweringContext::fastMathFlags(Operation &op) const {
  llvm::FastMathFlags f;
  ArithFastMathOp flags(&op);
  auto has = [&](const char *flag) { return flags.hasFastMathFlag(flag); };
  if (opts.fastMath || has("fast")) {
    f.setFast();
  } else {
    f.setAllowReassoc(has("reassoc"));
    f.setNoNaNs(has("nnan"));
    f.setNoInfs(has("ninf"));
    f.setNoSignedZeros(has("nsz"));
    f.setAllowReciprocal(has("arcp"));
    f.setAllowContract(has("contract"));
    f.setApproxFunc(has("afn"));
  }
  if (op.getAttr(kOrderedAttrName))
    f.setAllowReassoc(false);
  return f;
}

//===-- types
//---------------------------------------------------------------===//

/// MLIR's descriptor: {allocated, aligned, offset, sizes[r], strides[r]}.
static llvm::StructType *descriptorType(llvm::LLVMContext &c, int64_t rank) {
  llvm::Type *ptr = llvm::PointerType::get(c, 0);
  llvm::Type *i64 = llvm::Type::getInt64Ty(c);
  if (rank == 0)
    return llvm::StructType::get(c, {ptr, ptr, i64});
  llvm::Type *arr = llvm::ArrayType::get(i64, rank);
  return llvm::StructType::get(c, {ptr, ptr, i64, arr, arr});
}

llvm::Type *LoweringContext::convertType(Type t) {
  llvm::LLVMContext &c = ctx();
  switch (t.getKind()) {
  case TypeKind::Index:
    return b.getInt64Ty();
  case TypeKind::Integer:
    return b.getIntNTy(t.getWidth());
  case TypeKind::F16:
    return b.getHalfTy();
  case TypeKind::BF16:
    return b.getBFloatTy();
  case TypeKind::F32:
    return b.getFloatTy();
  case TypeKind::F64:
    return b.getDoubleTy();
  case TypeKind::Vector: {
    const auto &shape = t.getShape();
    llvm::Type *elt = convertType(t.getElementType());
    if (shape.empty())
      return llvm::FixedVectorType::get(elt, 1);
    llvm::Type *ty = llvm::FixedVectorType::get(elt, (unsigned)shape.back());
    for (size_t i = shape.size() - 1; i-- > 0;)
      ty = llvm::ArrayType::get(ty, shape[i]);
    return ty;
  }
  case TypeKind::MemRef:
    return descriptorType(c, t.getRank());
  case TypeKind::UnrankedMemRef:
    return llvm::StructType::get(c, {b.getInt64Ty(), b.getPtrTy()});
  default:
    return nullptr;
  }
}

//===-- values
//--------------------------------------------------------------===//

llvm::Value *LoweringContext::lookup(Value *v) {
  auto it = values.find(v);
  return it == values.end() ? nullptr : it->second;
}

std::vector<llvm::Value *>
LoweringContext::lookup(const std::vector<Value *> &vs) {
  std::vector<llvm::Value *> out;
  for (Value *v : vs)
    out.push_back(lookup(v));
  return out;
}

//===-- memref descriptors
//--------------------------------------------------===//

llvm::Value *LoweringContext::allocatedPtr(llvm::Value *desc) {
  return b.CreateExtractValue(desc, {0});
}

llvm::Value *LoweringContext::alignedPtr(llvm::Value *desc) {
  return b.CreateExtractValue(desc, {1});
}

llvm::Value *LoweringContext::offset(llvm::Value *desc, Type type) {
  std::vector<int64_t> strides;
  int64_t off;
  if (type.getStridesAndOffset(strides, off) && off != kDynamic)
    return indexConst(off);
  return b.CreateExtractValue(desc, {2});
}

llvm::Value *LoweringContext::size(llvm::Value *desc, Type type, unsigned dim) {
  if (!type.isDynamicDim(dim))
    return indexConst(type.getDimSize(dim));
  return b.CreateExtractValue(desc, {3, dim});
}

llvm::Value *LoweringContext::stride(llvm::Value *desc, Type type,
                                     unsigned dim) {
  std::vector<int64_t> strides;
  int64_t off;
  if (type.getStridesAndOffset(strides, off) && strides[dim] != kDynamic)
    return indexConst(strides[dim]);
  return b.CreateExtractValue(desc, {4, dim});
}

llvm::Value *
LoweringContext::makeDescriptor(Type type, llvm::Value *allocated,
                                llvm::Value *aligned, llvm::Value *off,
                                const std::vector<llvm::Value *> &sizes,
                                const std::vector<llvm::Value *> &strides) {
  llvm::Value *d = llvm::UndefValue::get(convertType(type));
  d = b.CreateInsertValue(d, allocated, {0});
  d = b.CreateInsertValue(d, aligned, {1});
  d = b.CreateInsertValue(d, off, {2});
  for (unsigned i = 0; i < sizes.size(); ++i) {
    d = b.CreateInsertValue(d, sizes[i], {3, i});
    d = b.CreateInsertValue(d, strides[i], {4, i});
  }
  return d;
}

llvm::Value *LoweringContext::elementPtr(Value *memref,
                                         const std::vector<llvm::Value *> &idx,
                                         const Location &loc) {
  if (opts.checked) {
    Type type = memref->getType();
    llvm::Value *desc = lookup(memref);
    for (unsigned d = 0; d < idx.size(); ++d)
      emitIndexCheck(*this, idx[d], size(desc, type, d), d, loc);
  }
  return elementAddress(memref, idx, /*insideBuffer=*/true);
}

llvm::Value *LoweringContext::elementAddress(
    Value *memref, const std::vector<llvm::Value *> &idx, bool insideBuffer) {
  Type type = memref->getType();
  llvm::Value *desc = lookup(memref);
  llvm::Value *linear = offset(desc, type);
  // Fold the trivial `* 1` and `0 +` here: fewer instructions for LLVM's
  // loop passes to analyse is compile time saved. In-bounds accesses never
  // overflow, hence nsw (MLIR makes the same assumption).
  auto isConst = [](llvm::Value *v, int64_t c) {
    auto *k = llvm::dyn_cast<llvm::ConstantInt>(v);
    return k && k->getSExtValue() == c;
  };
  for (unsigned d = 0; d < idx.size(); ++d) {
    llvm::Value *st = stride(desc, type, d);
    llvm::Value *term = isConst(st, 1) ? idx[d] : b.CreateNSWMul(idx[d], st);
    linear = isConst(linear, 0) ? term : b.CreateNSWAdd(linear, term);
  }
  llvm::Type *elt = convertType(type.getElementType());
  // `inbounds` would make an address outside the buffer poison, and the
  // enabled lanes of a masked access are reached through it.
  if (insideBuffer)
    return b.CreateInBoundsGEP(elt, alignedPtr(desc), linear);
  return b.CreateGEP(elt, alignedPtr(desc), linear);
}

//===-- affine expressions
//--------------------------------------------------===//

/// floor(a / b) for b > 0: (a < 0 ? -1 - (-1 - a) / b : a / b).
static llvm::Value *emitFloorDiv(llvm::IRBuilder<> &b, llvm::Value *a,
                                 llvm::Value *d) {
  llvm::Value *zero = b.getInt64(0), *minusOne = b.getInt64(-1);
  llvm::Value *neg = b.CreateICmpSLT(a, zero);
  llvm::Value *adj = b.CreateSelect(neg, b.CreateSub(minusOne, a), a);
  llvm::Value *q = b.CreateSDiv(adj, d);
  return b.CreateSelect(neg, b.CreateSub(minusOne, q), q);
}

/// ceil(a / b) for b > 0: (a <= 0 ? -((-a) / b) : (a - 1) / b + 1).
static llvm::Value *emitCeilDiv(llvm::IRBuilder<> &b, llvm::Value *a,
                                llvm::Value *d) {
  llvm::Value *zero = b.getInt64(0), *one = b.getInt64(1);
  llvm::Value *nonPos = b.CreateICmpSLE(a, zero);
  llvm::Value *negQ = b.CreateNeg(b.CreateSDiv(b.CreateNeg(a), d));
  llvm::Value *posQ = b.CreateAdd(b.CreateSDiv(b.CreateSub(a, one), d), one);
  return b.CreateSelect(nonPos, negQ, posQ);
}

/// a mod b for b > 0, always in [0, b).
static llvm::Value *emitMod(llvm::IRBuilder<> &b, llvm::Value *a,
                            llvm::Value *d) {
  llvm::Value *r = b.CreateSRem(a, d);
  llvm::Value *neg = b.CreateICmpSLT(r, b.getInt64(0));
  return b.CreateSelect(neg, b.CreateAdd(r, d), r);
}

llvm::Value *LoweringContext::emitFloorDiv(llvm::Value *a, llvm::Value *d) {
  return affjit::emitFloorDiv(b, a, d);
}

llvm::Value *LoweringContext::emitMod(llvm::Value *a, llvm::Value *d) {
  return affjit::emitMod(b, a, d);
}

llvm::Value *
LoweringContext::emitAffineExpr(AffineExpr e,
                                const std::vector<llvm::Value *> &dims,
                                const std::vector<llvm::Value *> &syms) {
  switch (e.getKind()) {
  case AffineExprKind::Constant:
    return indexConst(e.getValue());
  case AffineExprKind::Dim:
    return dims[e.getPosition()];
  case AffineExprKind::Symbol:
    return syms[e.getPosition()];
  default:
    break;
  }
  llvm::Value *l = emitAffineExpr(e.getLHS(), dims, syms);
  llvm::Value *r = emitAffineExpr(e.getRHS(), dims, syms);
  switch (e.getKind()) {
  case AffineExprKind::Add:
    return b.CreateAdd(l, r);
  case AffineExprKind::Mul:
    return b.CreateMul(l, r);
  case AffineExprKind::FloorDiv:
    return affjit::emitFloorDiv(b, l, r);
  case AffineExprKind::CeilDiv:
    return emitCeilDiv(b, l, r);
  case AffineExprKind::Mod:
    return affjit::emitMod(b, l, r);
  default:
    return nullptr;
  }
}

std::vector<llvm::Value *>
LoweringContext::emitAffineMap(const AffineMap &map,
                               const std::vector<llvm::Value *> &operands) {
  std::vector<llvm::Value *> dims(operands.begin(),
                                  operands.begin() + map.getNumDims());
  std::vector<llvm::Value *> syms(operands.begin() + map.getNumDims(),
                                  operands.end());
  std::vector<llvm::Value *> out;
  for (const AffineExpr &e : map.getResults())
    out.push_back(emitAffineExpr(e, dims, syms));
  return out;
}

//===-- structure
//-----------------------------------------------------------===//

bool LoweringContext::emitError(Operation &op, const std::string &msg) {
  diag.error(op.getLoc(), "failed to lower '" + op.getName() + "': " + msg);
  return false;
}

bool LoweringContext::lowerOp(Operation &op) {
  OpLowerFn fn = OpLoweringRegistry::get().lookup(op.getName());
  if (!fn)
    return emitError(op, "no lowering to LLVM IR for this operation");
  return fn(*this, op);
}

bool LoweringContext::lowerOpsExceptTerminator(Block &block) {
  Operation *term = block.getTerminator();
  for (auto &op : block.getOperations()) {
    if (op.get() == term)
      break;
    if (!lowerOp(*op))
      return false;
  }
  return true;
}

llvm::FunctionCallee LoweringContext::runtimeFunction(llvm::StringRef name,
                                                      llvm::FunctionType *ty) {
  return module.getOrInsertFunction(name, ty);
}

llvm::Value *LoweringContext::entryAlloca(llvm::Type *type) {
  llvm::BasicBlock &entry = currentFunction()->getEntryBlock();
  llvm::IRBuilder<> eb(&entry, entry.getFirstInsertionPt());
  return eb.CreateAlloca(type);
}

const OpLoweringRegistry &OpLoweringRegistry::get() {
  static const OpLoweringRegistry registry = [] {
    OpLoweringRegistry r;
    registerFuncOpLowerings(r);
    registerArithOpLowerings(r);
    registerMathOpLowerings(r);
    registerAffineOpLowerings(r);
    registerMemRefOpLowerings(r);
    registerVectorOpLowerings(r);
    registerScfOpLowerings(r);
    registerMemRefAtomicOpLowerings(r);
    registerControlFlowOpLowerings(r);
    return r;
  }();
  return registry;
}

OpLowerFn OpLoweringRegistry::lookup(std::string_view name) const {
  auto it = fns.find(std::string(name));
  return it == fns.end() ? nullptr : it->second;
}

} // namespace affjit
