// Lowering of the arith dialect to LLVM IR: constants (scalars and dense
// vectors), integer and float arithmetic, comparisons (cmpi/cmpf predicates
// map one-to-one onto LLVM's), select, min/max via LLVM intrinsics, and
// casts. Ops on 1-D vectors lower to the same instructions on LLVM vectors.
#include "frontend/ir/FuncOps.h"
#include "frontend/lower/OpLowerings.h"

#include <llvm/IR/Intrinsics.h>

namespace affjit {

namespace {

using Builder = llvm::IRBuilder<>;

llvm::Value *binaryOperand(LoweringContext &lc, Operation &op, unsigned i) {
  return lc.lookup(op.getOperand(i));
}

bool requireLowerableVector(LoweringContext &lc, Operation &op) {
  for (Value *v : op.getOperands())
    if (v->getType().isVector() && v->getType().getRank() > 1)
      return lc.emitError(op, "n-D vector arithmetic is not supported yet");
  return true;
}

//===-- constants
//-----------------------------------------------------------===//

llvm::Constant *scalarConstant(LoweringContext &lc, Type type, int64_t i,
                               double f) {
  llvm::Type *t = lc.convertType(type);
  if (type.isFloat())
    return llvm::ConstantFP::get(t, f);
  return llvm::ConstantInt::get(t, (uint64_t)i, /*isSigned=*/true);
}

/// A dense vector constant (splat or not) of any rank: 0-D and 1-D are
/// LLVM vectors, n-D nested arrays of rows (1-D vectors of the innermost
/// dimension), elements in row-major order.
llvm::Constant *denseVectorConstant(LoweringContext &lc, Type type,
                                    Attribute value) {
  Type elt = type.getElementType();
  bool isF = elt.isFloat();
  int64_t lanes = type.getRank() == 0 ? 1 : type.getShape().back();
  std::vector<llvm::Constant *> rows;
  for (int64_t base = 0; base < type.getNumElements(); base += lanes) {
    std::vector<llvm::Constant *> elems;
    for (int64_t k = base; k < base + lanes; ++k) {
      size_t at = value.isSplat() ? 0 : (size_t)k;
      elems.push_back(scalarConstant(lc, elt, isF ? 0 : value.getInts()[at],
                                     isF ? value.getFloats()[at] : 0));
    }
    rows.push_back(llvm::ConstantVector::get(elems));
  }
  // Group rows into arrays from the second-innermost dimension outwards.
  for (int64_t d = type.getRank() - 2; d >= 0; --d) {
    int64_t n = type.getShape()[d];
    auto *arrayTy = llvm::ArrayType::get(rows[0]->getType(), (uint64_t)n);
    std::vector<llvm::Constant *> grouped;
    for (size_t i = 0; i < rows.size(); i += (size_t)n)
      grouped.push_back(llvm::ConstantArray::get(
          arrayTy, llvm::ArrayRef(rows).slice(i, (size_t)n)));
    rows = std::move(grouped);
  }
  return rows[0];
}

bool lowerConstant(LoweringContext &lc, Operation &op) {
  Attribute value = ConstantOp(&op).getValue();
  Type type = op.getResult(0)->getType();
  llvm::Constant *c = nullptr;
  if (value.isa(AttrKind::DenseElements)) {
    c = denseVectorConstant(lc, type, value);
  } else if (value.isa(AttrKind::Float)) {
    c = scalarConstant(lc, type, 0, value.getFloat());
  } else if (value.isa(AttrKind::Integer) || value.isa(AttrKind::Bool)) {
    c = scalarConstant(lc, type, value.getInt(), 0);
  } else {
    return lc.emitError(op, "unsupported constant value");
  }
  lc.map(op.getResult(0), c);
  return true;
}

//===-- binary and unary arithmetic
//-----------------------------------------===//

using BinaryEmitter = llvm::Value *(*)(Builder &, llvm::Value *, llvm::Value *);

struct BinaryOp {
  const char *name;
  BinaryEmitter emit;
};

llvm::Value *intrinsic2(Builder &b, llvm::Intrinsic::ID id, llvm::Value *l,
                        llvm::Value *r) {
  return b.CreateBinaryIntrinsic(id, l, r);
}

/// floor(a / b) for signed integers of any width (b may be negative).
llvm::Value *floorDivSI(Builder &b, llvm::Value *a, llvm::Value *d) {
  llvm::Value *q = b.CreateSDiv(a, d);
  llvm::Value *r = b.CreateSRem(a, d);
  llvm::Value *zero = llvm::Constant::getNullValue(a->getType());
  llvm::Value *signsDiffer =
      b.CreateICmpNE(b.CreateICmpSLT(r, zero), b.CreateICmpSLT(d, zero));
  llvm::Value *adjust = b.CreateAnd(b.CreateICmpNE(r, zero), signsDiffer);
  return b.CreateSub(q, b.CreateZExt(adjust, a->getType()));
}

/// ceil(a / b) for signed integers (b may be negative).
llvm::Value *ceilDivSI(Builder &b, llvm::Value *a, llvm::Value *d) {
  llvm::Value *q = b.CreateSDiv(a, d);
  llvm::Value *r = b.CreateSRem(a, d);
  llvm::Value *zero = llvm::Constant::getNullValue(a->getType());
  llvm::Value *signsSame =
      b.CreateICmpEQ(b.CreateICmpSLT(r, zero), b.CreateICmpSLT(d, zero));
  llvm::Value *adjust = b.CreateAnd(b.CreateICmpNE(r, zero), signsSame);
  return b.CreateAdd(q, b.CreateZExt(adjust, a->getType()));
}

/// a rem d with the sign of a. LLVM's srem of the smallest value by -1
/// overflows (poison, or a trap on x86), while arith.remsi's result is 0,
/// as for any a rem -1: dividing by 1 instead gives that 0.
llvm::Value *remSI(Builder &b, llvm::Value *a, llvm::Value *d) {
  llvm::Value *minusOne = llvm::Constant::getAllOnesValue(d->getType());
  llvm::Value *one = llvm::ConstantInt::get(d->getType(), 1);
  return b.CreateSRem(a, b.CreateSelect(b.CreateICmpEQ(d, minusOne), one, d));
}

/// ceil(a / d) for unsigned integers: 0 for a = 0, else (a - 1) / d + 1
/// (no overflow where a + d - 1 would wrap).
llvm::Value *ceilDivUI(Builder &b, llvm::Value *a, llvm::Value *d) {
  llvm::Value *zero = llvm::Constant::getNullValue(a->getType());
  llvm::Value *one = llvm::ConstantInt::get(a->getType(), 1);
  llvm::Value *q = b.CreateAdd(b.CreateUDiv(b.CreateSub(a, one), d), one);
  return b.CreateSelect(b.CreateICmpEQ(a, zero), zero, q);
}

const BinaryOp kBinaryOps[] = {
    {"arith.addi",
     [](Builder &b, auto l, auto r) { return b.CreateAdd(l, r); }},
    {"arith.subi",
     [](Builder &b, auto l, auto r) { return b.CreateSub(l, r); }},
    {"arith.muli",
     [](Builder &b, auto l, auto r) { return b.CreateMul(l, r); }},
    {"arith.divsi",
     [](Builder &b, auto l, auto r) { return b.CreateSDiv(l, r); }},
    {"arith.divui",
     [](Builder &b, auto l, auto r) { return b.CreateUDiv(l, r); }},
    {"arith.remsi", remSI},
    {"arith.remui",
     [](Builder &b, auto l, auto r) { return b.CreateURem(l, r); }},
    {"arith.floordivsi", floorDivSI},
    {"arith.ceildivsi", ceilDivSI},
    {"arith.ceildivui", ceilDivUI},
    {"arith.andi",
     [](Builder &b, auto l, auto r) { return b.CreateAnd(l, r); }},
    {"arith.ori", [](Builder &b, auto l, auto r) { return b.CreateOr(l, r); }},
    {"arith.xori",
     [](Builder &b, auto l, auto r) { return b.CreateXor(l, r); }},
    {"arith.shli",
     [](Builder &b, auto l, auto r) { return b.CreateShl(l, r); }},
    {"arith.shrsi",
     [](Builder &b, auto l, auto r) { return b.CreateAShr(l, r); }},
    {"arith.shrui",
     [](Builder &b, auto l, auto r) { return b.CreateLShr(l, r); }},
    {"arith.addf",
     [](Builder &b, auto l, auto r) { return b.CreateFAdd(l, r); }},
    {"arith.subf",
     [](Builder &b, auto l, auto r) { return b.CreateFSub(l, r); }},
    {"arith.mulf",
     [](Builder &b, auto l, auto r) { return b.CreateFMul(l, r); }},
    {"arith.divf",
     [](Builder &b, auto l, auto r) { return b.CreateFDiv(l, r); }},
    {"arith.remf",
     [](Builder &b, auto l, auto r) { return b.CreateFRem(l, r); }},
    {"arith.minsi",
     [](Builder &b, auto l, auto r) {
       return intrinsic2(b, llvm::Intrinsic::smin, l, r);
     }},
    {"arith.maxsi",
     [](Builder &b, auto l, auto r) {
       return intrinsic2(b, llvm::Intrinsic::smax, l, r);
     }},
    {"arith.minui",
     [](Builder &b, auto l, auto r) {
       return intrinsic2(b, llvm::Intrinsic::umin, l, r);
     }},
    {"arith.maxui",
     [](Builder &b, auto l, auto r) {
       return intrinsic2(b, llvm::Intrinsic::umax, l, r);
     }},
    {"arith.minimumf",
     [](Builder &b, auto l, auto r) {
       return intrinsic2(b, llvm::Intrinsic::minimum, l, r);
     }},
    {"arith.maximumf",
     [](Builder &b, auto l, auto r) {
       return intrinsic2(b, llvm::Intrinsic::maximum, l, r);
     }},
    {"arith.minnumf",
     [](Builder &b, auto l, auto r) {
       return intrinsic2(b, llvm::Intrinsic::minnum, l, r);
     }},
    {"arith.maxnumf",
     [](Builder &b, auto l, auto r) {
       return intrinsic2(b, llvm::Intrinsic::maxnum, l, r);
     }},
};

const BinaryOp *findBinary(std::string_view name) {
  for (const BinaryOp &op : kBinaryOps)
    if (name == op.name)
      return &op;
  return nullptr;
}

/// `emit` on each innermost 1-D vector of n-D operands (nested LLVM
/// arrays of rows, as n-D vector constants and vector ops build them).
llvm::Value *emitRowWise(Builder &b, BinaryEmitter emit, llvm::Value *l,
                         llvm::Value *r) {
  auto *arrayTy = llvm::dyn_cast<llvm::ArrayType>(l->getType());
  if (!arrayTy)
    return emit(b, l, r);
  llvm::Value *out = llvm::UndefValue::get(arrayTy);
  for (unsigned i = 0; i < arrayTy->getNumElements(); ++i)
    out = b.CreateInsertValue(out,
                              emitRowWise(b, emit, b.CreateExtractValue(l, i),
                                          b.CreateExtractValue(r, i)),
                              i);
  return out;
}

bool lowerBinary(LoweringContext &lc, Operation &op) {
  const BinaryOp *entry = findBinary(op.getName());
  llvm::IRBuilder<>::FastMathFlagGuard guard(lc.builder());
  lc.builder().setFastMathFlags(lc.fastMathFlags(op));
  lc.map(op.getResult(0),
         emitRowWise(lc.builder(), entry->emit, binaryOperand(lc, op, 0),
                     binaryOperand(lc, op, 1)));
  return true;
}

bool lowerNegF(LoweringContext &lc, Operation &op) {
  if (!requireLowerableVector(lc, op))
    return false;
  llvm::IRBuilder<>::FastMathFlagGuard guard(lc.builder());
  lc.builder().setFastMathFlags(lc.fastMathFlags(op));
  lc.map(op.getResult(0), lc.builder().CreateFNeg(binaryOperand(lc, op, 0)));
  return true;
}

//===-- comparisons and select
//----------------------------------------------===//

llvm::CmpInst::Predicate cmpiPredicate(int64_t p) {
  static const llvm::CmpInst::Predicate table[] = {
      llvm::CmpInst::ICMP_EQ,  llvm::CmpInst::ICMP_NE,  llvm::CmpInst::ICMP_SLT,
      llvm::CmpInst::ICMP_SLE, llvm::CmpInst::ICMP_SGT, llvm::CmpInst::ICMP_SGE,
      llvm::CmpInst::ICMP_ULT, llvm::CmpInst::ICMP_ULE, llvm::CmpInst::ICMP_UGT,
      llvm::CmpInst::ICMP_UGE};
  return table[p];
}

bool lowerCmpI(LoweringContext &lc, Operation &op) {
  if (!requireLowerableVector(lc, op))
    return false;
  int64_t p = CmpIOp(&op).getPredicate();
  if (p < 0 || p > 9)
    return lc.emitError(op, "invalid predicate");
  lc.map(op.getResult(0),
         lc.builder().CreateICmp(cmpiPredicate(p), binaryOperand(lc, op, 0),
                                 binaryOperand(lc, op, 1)));
  return true;
}

bool lowerCmpF(LoweringContext &lc, Operation &op) {
  if (!requireLowerableVector(lc, op))
    return false;
  int64_t p = CmpFOp(&op).getPredicate();
  if (p < 0 || p > 15)
    return lc.emitError(op, "invalid predicate");
  // arith.cmpf numbers its predicates like LLVM up to `ord`; then MLIR has
  // ueq..une, uno where LLVM has uno, ueq..une.
  using P = llvm::CmpInst::Predicate;
  static const P kPredicates[16] = {
      P::FCMP_FALSE, P::FCMP_OEQ, P::FCMP_OGT, P::FCMP_OGE,
      P::FCMP_OLT,   P::FCMP_OLE, P::FCMP_ONE, P::FCMP_ORD,
      P::FCMP_UEQ,   P::FCMP_UGT, P::FCMP_UGE, P::FCMP_ULT,
      P::FCMP_ULE,   P::FCMP_UNE, P::FCMP_UNO, P::FCMP_TRUE};
  lc.map(op.getResult(0),
         lc.builder().CreateFCmp(kPredicates[p], binaryOperand(lc, op, 0),
                                 binaryOperand(lc, op, 1)));
  return true;
}

bool lowerSelect(LoweringContext &lc, Operation &op) {
  if (!requireLowerableVector(lc, op))
    return false;
  lc.map(op.getResult(0), lc.builder().CreateSelect(binaryOperand(lc, op, 0),
                                                    binaryOperand(lc, op, 1),
                                                    binaryOperand(lc, op, 2)));
  return true;
}

//===-- casts
//---------------------------------------------------------------===//

bool lowerCast(LoweringContext &lc, Operation &op) {
  if (!requireLowerableVector(lc, op))
    return false;
  Builder &b = lc.builder();
  llvm::Value *in = binaryOperand(lc, op, 0);
  llvm::Type *to = lc.convertType(op.getResult(0)->getType());
  std::string_view n = op.getName();
  llvm::Value *out;
  if (n == "arith.index_cast" || n == "arith.extsi")
    out = b.CreateSExtOrTrunc(in, to);
  else if (n == "arith.index_castui" || n == "arith.extui")
    out = b.CreateZExtOrTrunc(in, to);
  else if (n == "arith.trunci")
    out = b.CreateTrunc(in, to);
  else if (n == "arith.sitofp")
    out = b.CreateSIToFP(in, to);
  else if (n == "arith.uitofp")
    out = b.CreateUIToFP(in, to);
  else if (n == "arith.fptosi")
    out = b.CreateFPToSI(in, to);
  else if (n == "arith.fptoui")
    out = b.CreateFPToUI(in, to);
  else if (n == "arith.extf")
    out = b.CreateFPExt(in, to);
  else if (n == "arith.truncf")
    out = b.CreateFPTrunc(in, to);
  else
    out = b.CreateBitCast(in, to);
  lc.map(op.getResult(0), out);
  return true;
}

} // namespace

/// addui_extended: the wrapped sum, and whether it wrapped (it is then
/// below either operand).
bool lowerAddExtended(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  llvm::Value *lhs = lc.lookup(op.getOperand(0));
  llvm::Value *sum = b.CreateAdd(lhs, lc.lookup(op.getOperand(1)));
  lc.map(op.getResult(0), sum);
  lc.map(op.getResult(1), b.CreateICmpULT(sum, lhs));
  return true;
}

/// mulsi/mului_extended: the product in twice the width, split into its
/// low and high halves.
bool lowerMulExtended(LoweringContext &lc, Operation &op) {
  Builder &b = lc.builder();
  bool isSigned = op.getName() == "arith.mulsi_extended";
  llvm::Value *lhs = lc.lookup(op.getOperand(0));
  llvm::Value *rhs = lc.lookup(op.getOperand(1));
  llvm::Type *narrow = lhs->getType();
  unsigned bits = narrow->getScalarSizeInBits();
  llvm::Type *wide = narrow->getWithNewBitWidth(2 * bits);
  auto widen = [&](llvm::Value *v) {
    return isSigned ? b.CreateSExt(v, wide) : b.CreateZExt(v, wide);
  };
  llvm::Value *product = b.CreateMul(widen(lhs), widen(rhs));
  lc.map(op.getResult(0), b.CreateTrunc(product, narrow));
  llvm::Value *high = b.CreateLShr(product, llvm::ConstantInt::get(wide, bits));
  lc.map(op.getResult(1), b.CreateTrunc(high, narrow));
  return true;
}

void registerArithOpLowerings(OpLoweringRegistry &r) {
  r.add("arith.addui_extended", lowerAddExtended);
  r.add("arith.mulsi_extended", lowerMulExtended);
  r.add("arith.mului_extended", lowerMulExtended);
  r.add("arith.constant", lowerConstant);
  for (const BinaryOp &op : kBinaryOps)
    r.add(op.name, lowerBinary);
  r.add("arith.negf", lowerNegF);
  r.add("arith.cmpi", lowerCmpI);
  r.add("arith.cmpf", lowerCmpF);
  r.add("arith.select", lowerSelect);
  for (const char *cast :
       {"arith.index_cast", "arith.index_castui", "arith.extsi", "arith.extui",
        "arith.trunci", "arith.sitofp", "arith.uitofp", "arith.fptosi",
        "arith.fptoui", "arith.extf", "arith.truncf", "arith.bitcast"})
    r.add(cast, lowerCast);
}

} // namespace affjit
