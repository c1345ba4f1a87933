// Lowering of the math dialect: LLVM intrinsics where LLVM has one (sqrt,
// exp, log, sin, cos, fma, fabs, pow, floor, ceil, round, ...), libm calls
// for the rest (tanh, atan, ...), and rsqrt as 1/sqrt. Vectors of libm calls
// are scalarized lane by lane, unless the op may be approximated: then
// libmvec's vector variants take whole registers (VectorMathLibrary.h); exp
// on f32 vectors gets libm's bits without a call per lane
// (ExactVectorExp.h).
#include "frontend/lower/ExactVectorExp.h"
#include "frontend/lower/OpLowerings.h"
#include "frontend/lower/VectorMathLibrary.h"

#include <llvm/IR/Intrinsics.h>

namespace affjit {

namespace {

struct IntrinsicOp {
  const char *name;
  llvm::Intrinsic::ID id;
};

const IntrinsicOp kIntrinsicOps[] = {
    {"math.sqrt", llvm::Intrinsic::sqrt},
    {"math.exp", llvm::Intrinsic::exp},
    {"math.exp2", llvm::Intrinsic::exp2},
    {"math.log", llvm::Intrinsic::log},
    {"math.log2", llvm::Intrinsic::log2},
    {"math.log10", llvm::Intrinsic::log10},
    {"math.sin", llvm::Intrinsic::sin},
    {"math.cos", llvm::Intrinsic::cos},
    {"math.absf", llvm::Intrinsic::fabs},
    {"math.floor", llvm::Intrinsic::floor},
    {"math.ceil", llvm::Intrinsic::ceil},
    {"math.round", llvm::Intrinsic::round},
    {"math.roundeven", llvm::Intrinsic::roundeven},
    {"math.trunc", llvm::Intrinsic::trunc},
    {"math.powf", llvm::Intrinsic::pow},
    {"math.copysign", llvm::Intrinsic::copysign},
    {"math.fma", llvm::Intrinsic::fma},
    {"math.ctlz", llvm::Intrinsic::ctlz},
    {"math.cttz", llvm::Intrinsic::cttz},
    {"math.ctpop", llvm::Intrinsic::ctpop},
};

/// Ops without an LLVM intrinsic: the libm function (float and double).
struct LibmOp {
  const char *name;
  const char *f32;
  const char *f64;
};

const LibmOp kLibmOps[] = {
    {"math.tanh", "tanhf", "tanh"},    {"math.tan", "tanf", "tan"},
    {"math.atan", "atanf", "atan"},    {"math.atan2", "atan2f", "atan2"},
    {"math.asin", "asinf", "asin"},    {"math.acos", "acosf", "acos"},
    {"math.sinh", "sinhf", "sinh"},    {"math.cosh", "coshf", "cosh"},
    {"math.erf", "erff", "erf"},       {"math.expm1", "expm1f", "expm1"},
    {"math.log1p", "log1pf", "log1p"}, {"math.cbrt", "cbrtf", "cbrt"},
};

bool lowerIntrinsic(LoweringContext &lc, Operation &op) {
  if (lowerWithVectorMathLibrary(lc, op) || lowerExactVectorExp(lc, op))
    return true;
  llvm::IRBuilder<> &b = lc.builder();
  llvm::Intrinsic::ID id = llvm::Intrinsic::not_intrinsic;
  for (const IntrinsicOp &e : kIntrinsicOps)
    if (op.getName() == e.name)
      id = e.id;
  std::vector<llvm::Value *> args = lc.lookup(op.getOperands());
  llvm::Type *ty = args[0]->getType();
  if (id == llvm::Intrinsic::ctlz || id == llvm::Intrinsic::cttz)
    args.push_back(b.getFalse()); // defined result for zero input
  llvm::Function *fn =
      llvm::Intrinsic::getDeclaration(&lc.llvmModule(), id, {ty});
  lc.map(op.getResult(0), b.CreateCall(fn, args));
  return true;
}

bool lowerAbsI(LoweringContext &lc, Operation &op) {
  llvm::IRBuilder<> &b = lc.builder();
  llvm::Value *x = lc.lookup(op.getOperand(0));
  llvm::Function *fn = llvm::Intrinsic::getDeclaration(
      &lc.llvmModule(), llvm::Intrinsic::abs, {x->getType()});
  lc.map(op.getResult(0), b.CreateCall(fn, {x, b.getFalse()}));
  return true;
}

bool lowerRsqrt(LoweringContext &lc, Operation &op) {
  llvm::IRBuilder<> &b = lc.builder();
  llvm::Value *x = lc.lookup(op.getOperand(0));
  llvm::Function *sqrt = llvm::Intrinsic::getDeclaration(
      &lc.llvmModule(), llvm::Intrinsic::sqrt, {x->getType()});
  llvm::Value *one = llvm::ConstantFP::get(x->getType(), 1.0);
  lc.map(op.getResult(0), b.CreateFDiv(one, b.CreateCall(sqrt, {x})));
  return true;
}

/// Calls libm on a scalar, or on each lane of a 1-D vector.
bool lowerLibm(LoweringContext &lc, Operation &op) {
  if (lowerWithVectorMathLibrary(lc, op))
    return true;
  llvm::IRBuilder<> &b = lc.builder();
  const LibmOp *entry = nullptr;
  for (const LibmOp &e : kLibmOps)
    if (op.getName() == e.name)
      entry = &e;
  Type elt = op.getResult(0)->getType().getElementTypeOrSelf();
  if (!elt.isFloat() || elt.getWidth() < 32)
    return lc.emitError(op, "only f32 and f64 are supported");
  llvm::Type *scalar = lc.convertType(elt);
  std::vector<llvm::Value *> args = lc.lookup(op.getOperands());
  std::vector<llvm::Type *> params(args.size(), scalar);
  llvm::FunctionCallee fn =
      lc.runtimeFunction(elt.getWidth() == 32 ? entry->f32 : entry->f64,
                         llvm::FunctionType::get(scalar, params, false));
  auto *vty = llvm::dyn_cast<llvm::FixedVectorType>(args[0]->getType());
  if (!vty) {
    lc.map(op.getResult(0), b.CreateCall(fn, args));
    return true;
  }
  llvm::Value *out = llvm::UndefValue::get(vty);
  for (unsigned lane = 0; lane < vty->getNumElements(); ++lane) {
    std::vector<llvm::Value *> laneArgs;
    for (llvm::Value *a : args)
      laneArgs.push_back(b.CreateExtractElement(a, lane));
    out = b.CreateInsertElement(out, b.CreateCall(fn, laneArgs), lane);
  }
  lc.map(op.getResult(0), out);
  return true;
}

} // namespace

void registerMathOpLowerings(OpLoweringRegistry &r) {
  for (const IntrinsicOp &e : kIntrinsicOps)
    r.add(e.name, lowerIntrinsic);
  for (const LibmOp &e : kLibmOps)
    r.add(e.name, lowerLibm);
  r.add("math.absi", lowerAbsI);
  r.add("math.rsqrt", lowerRsqrt);
}

} // namespace affjit
