// Checked mode's bounds checks (see CheckedAccess.h).
#include "frontend/lower/CheckedAccess.h"

#include "frontend/lower/LoweringContext.h"

#include <llvm/IR/Intrinsics.h>

#include <functional>

namespace affjit {

namespace {

/// Branches to a report of `dim` at `loc` when `bad` holds; the reported
/// index is computed in the report's block only (`index`), off the fast
/// path.
void branchToReport(LoweringContext &lc, llvm::Value *bad, unsigned dim,
                    const std::function<llvm::Value *()> &index,
                    llvm::Value *size, const Location &loc) {
  llvm::IRBuilder<> &b = lc.builder();
  llvm::Function *fn = lc.currentFunction();
  llvm::BasicBlock *fail = llvm::BasicBlock::Create(lc.ctx(), "oob", fn);
  llvm::BasicBlock *cont = llvm::BasicBlock::Create(lc.ctx(), "inbounds", fn);
  b.CreateCondBr(bad, fail, cont);
  b.SetInsertPoint(fail);
  llvm::Type *i64 = b.getInt64Ty();
  auto *fty = llvm::FunctionType::get(
      b.getVoidTy(), {b.getPtrTy(), i64, i64, i64, i64, i64}, false);
  llvm::FunctionCallee report =
      lc.runtimeFunction("affjit_rt_out_of_bounds", fty);
  std::string file = loc.file ? *loc.file : "<unknown>";
  b.CreateCall(report, {b.CreateGlobalStringPtr(file), b.getInt64(loc.line),
                        b.getInt64(loc.col), b.getInt64(dim), index(), size});
  b.CreateUnreachable();
  b.SetInsertPoint(cont);
}

/// Outside [0, size): a negative index is a huge unsigned one.
llvm::Value *isOutside(llvm::IRBuilder<> &b, llvm::Value *index,
                       llvm::Value *size) {
  return b.CreateICmpUGE(index, size);
}

/// [0, 1, ..., lanes - 1] as an <lanes x i64>.
llvm::Value *laneOffsets(llvm::IRBuilder<> &b, unsigned lanes) {
  std::vector<llvm::Constant *> ids;
  for (unsigned l = 0; l < lanes; ++l)
    ids.push_back(b.getInt64(l));
  return llvm::ConstantVector::get(ids);
}

/// The index of the first set lane of `lanesSet` (known to have one) in a
/// dimension whose lane 0 is at `first`.
llvm::Value *firstSetLaneIndex(llvm::IRBuilder<> &b, llvm::Value *lanesSet,
                               llvm::Value *first, unsigned lanes) {
  llvm::Value *bits = b.CreateBitCast(lanesSet, b.getIntNTy(lanes));
  llvm::Value *lane =
      b.CreateBinaryIntrinsic(llvm::Intrinsic::cttz, bits, b.getTrue());
  return b.CreateAdd(first, b.CreateZExtOrTrunc(lane, b.getInt64Ty()));
}

/// Checks the dimension the lanes advance along: lane l's index is
/// `first + l`, checked where `mask` enables it.
void checkLaneDimension(LoweringContext &lc, const LaneAccess &a, unsigned dim,
                        llvm::Value *size, const Location &loc) {
  llvm::IRBuilder<> &b = lc.builder();
  llvm::Value *first = a.first[dim];
  llvm::Value *indices =
      b.CreateAdd(b.CreateVectorSplat(a.lanes, first), laneOffsets(b, a.lanes));
  llvm::Value *outside =
      isOutside(b, indices, b.CreateVectorSplat(a.lanes, size));
  if (a.mask)
    outside = b.CreateAnd(outside, a.mask);
  branchToReport(
      lc, b.CreateOrReduce(outside), dim,
      [&] { return firstSetLaneIndex(b, outside, first, a.lanes); }, size, loc);
}

} // namespace

void emitIndexCheck(LoweringContext &lc, llvm::Value *index, llvm::Value *size,
                    unsigned dim, const Location &loc) {
  branchToReport(
      lc, isOutside(lc.builder(), index, size), dim, [&] { return index; },
      size, loc);
}

void emitLaneChecks(LoweringContext &lc, const LaneAccess &a,
                    const Location &loc) {
  if (!lc.options().checked)
    return;
  llvm::IRBuilder<> &b = lc.builder();
  llvm::Value *desc = lc.lookup(a.memref);
  Type type = a.memref->getType();
  // The dimensions the lanes share matter only if some lane runs.
  llvm::Value *anyLane = a.mask ? b.CreateOrReduce(a.mask) : nullptr;
  for (unsigned d = 0; d < a.first.size(); ++d) {
    llvm::Value *size = lc.size(desc, type, d);
    if (a.laneDim && *a.laneDim == d) {
      checkLaneDimension(lc, a, d, size, loc);
      continue;
    }
    llvm::Value *bad = isOutside(b, a.first[d], size);
    if (anyLane)
      bad = b.CreateAnd(bad, anyLane);
    llvm::Value *index = a.first[d];
    branchToReport(lc, bad, d, [&] { return index; }, size, loc);
  }
}

} // namespace affjit
