// libmvec calls for approximable vector math (see VectorMathLibrary.h).
#include "frontend/lower/VectorMathLibrary.h"

#include "frontend/ir/MathFunctions.h"
#include "frontend/target/TargetModel.h"

#include <llvm/Analysis/VectorUtils.h>
#include <llvm/Support/DynamicLibrary.h>

#include <string>
#include <string_view>

namespace affjit {

namespace {

/// An x86 vector ABI level: its mangling letter and register width.
struct VectorIsa {
  char letter;
  unsigned bits;
};

/// The vector ABI levels `target` has, widest first.
std::vector<VectorIsa> isasOf(const TargetModel &target) {
  std::vector<VectorIsa> out;
  if (target.vectorBits >= 512 && target.hasFeature("avx512f"))
    out.push_back({'e', 512});
  if (target.hasFeature("avx2"))
    out.push_back({'d', 256});
  if (target.hasFeature("sse4.2"))
    out.push_back({'b', 128});
  return out;
}

/// Whether `symbol` can be called: libmvec is loaded into the process
/// (once) so that the JIT's process symbol lookup finds it.
bool isAvailable(const std::string &symbol) {
  static const bool loaded =
      !llvm::sys::DynamicLibrary::LoadLibraryPermanently("libmvec.so.1");
  return loaded &&
         llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(symbol) != nullptr;
}

/// `_ZGV<isa>N<lanes><v per argument>_<name>[f]`: the x86 vector function
/// ABI's name of a variant without mask.
std::string variantName(const MathFunction &fn, VectorIsa isa, unsigned lanes,
                        unsigned arity, bool isF32) {
  return std::string("_ZGV") + isa.letter + "N" + std::to_string(lanes) +
         std::string(arity, 'v') + "_" + fn.name + (isF32 ? "f" : "");
}

llvm::Value *lanesOf(llvm::IRBuilder<> &b, llvm::Value *v, unsigned first,
                     unsigned count) {
  std::vector<int> mask;
  for (unsigned k = 0; k < count; ++k)
    mask.push_back((int)(first + k));
  return b.CreateShuffleVector(v, mask);
}

} // namespace

bool lowerWithVectorMathLibrary(LoweringContext &lc, Operation &op) {
  if (!lc.fastMathFlags(op).approxFunc())
    return false;
  // libmvec has a variant of every function findMathFunction knows (glibc
  // 2.35+ for all but exp, log, sin, cos and pow).
  const MathFunction *fn = findMathFunction(op.getName());
  std::vector<llvm::Value *> args = lc.lookup(op.getOperands());
  auto *vty = llvm::dyn_cast<llvm::FixedVectorType>(args[0]->getType());
  if (!fn || !vty)
    return false;
  llvm::Type *elt = vty->getElementType();
  if (!elt->isFloatTy() && !elt->isDoubleTy())
    return false;
  unsigned n = vty->getNumElements(), eltBits = elt->getPrimitiveSizeInBits();
  const TargetModel *target = lc.options().target;
  for (VectorIsa isa : isasOf(target ? *target : TargetModel::host())) {
    unsigned lanes = isa.bits / eltBits;
    if (n % lanes != 0)
      continue;
    std::string symbol =
        variantName(*fn, isa, lanes, (unsigned)args.size(), elt->isFloatTy());
    if (!isAvailable(symbol))
      continue;
    llvm::IRBuilder<> &b = lc.builder();
    auto *chunkTy = llvm::FixedVectorType::get(elt, lanes);
    llvm::FunctionCallee callee = lc.runtimeFunction(
        symbol,
        llvm::FunctionType::get(
            chunkTy, std::vector<llvm::Type *>(args.size(), chunkTy), false));
    std::vector<llvm::Value *> chunks;
    for (unsigned first = 0; first < n; first += lanes) {
      std::vector<llvm::Value *> chunkArgs;
      for (llvm::Value *a : args)
        chunkArgs.push_back(n == lanes ? a : lanesOf(b, a, first, lanes));
      chunks.push_back(b.CreateCall(callee, chunkArgs));
    }
    lc.map(op.getResult(0), chunks.size() == 1
                                ? chunks[0]
                                : llvm::concatenateVectors(b, chunks));
    return true;
  }
  return false;
}

} // namespace affjit
