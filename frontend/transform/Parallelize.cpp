// Pass `parallelize` (see Parallelize.h).
#include "frontend/transform/Parallelize.h"

#include "frontend/analysis/LoopParallelism.h"
#include "frontend/analysis/WorkEstimate.h"
#include "frontend/ir/AffineOps.h"
#include "frontend/ir/ArithOpTable.h"
#include "frontend/ir/Builder.h"
#include "frontend/transform/utils/LoopDescription.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <sstream>

namespace affjit {

namespace {

/// The affine.parallel `reduce` kind (index into kAtomicRMWKinds) of a
/// reduction; nullopt where affine.parallel has none for signless types:
/// xori, and the signed and unsigned min/max kinds, which MLIR's verifier
/// accepts on si/ui types only.
std::optional<int64_t> atomicKindOf(ReductionKind kind) {
  std::string_view name = reductionKindName(kind);
  static constexpr std::string_view kSignless[] = {
      "addf", "mulf", "maximumf", "minimumf", "addi", "muli", "ori", "andi"};
  if (std::find(std::begin(kSignless), std::end(kSignless), name) ==
      std::end(kSignless))
    return std::nullopt;
  for (unsigned i = 0; i < kNumAtomicRMWKinds; ++i)
    if (name == kAtomicRMWKinds[i])
      return (int64_t)i;
  return std::nullopt;
}

std::string describeWork(double ops) {
  std::ostringstream os;
  os << (int64_t)std::llround(ops);
  return os.str();
}

/// Rewrites `loop` into an affine.parallel over the same bounds whose body
/// yields each reduction's per-iteration value; the loop's results become
/// `init <combiner> parallel result`, as MLIR's affineParallelize does.
void convertToParallel(AffineForOp loop,
                       const std::vector<LoopReduction> &reductions,
                       const std::vector<int64_t> &kinds) {
  Operation *forOp = loop.getOperation();
  OpBuilder b = OpBuilder::before(forOp);
  b.setLoc(forOp->getLoc());
  std::vector<Type> types;
  for (Value *r : forOp->getResults())
    types.push_back(r->getType());
  AffineParallelOp par = AffineParallelOp::create(
      b, types, kinds, {loop.getLowerBoundMap()}, loop.getLowerBoundOperands(),
      {loop.getUpperBoundMap()}, loop.getUpperBoundOperands(),
      {loop.getStep()});
  // The combiners move after the parallel op, combining each initial value
  // with the parallel result (which starts from the kind's identity).
  OpBuilder after = OpBuilder::after(par.getOperation());
  std::vector<Value *> results, yielded, inits = loop.getInits();
  for (const LoopReduction &r : reductions) {
    yielded.push_back(r.reducedValue);
    OperationState state(r.combiner->getName(), r.combiner->getLoc());
    state.operands = {inits[r.iterArg], par->getResult(r.iterArg)};
    state.types.push_back(inits[r.iterArg]->getType());
    state.attrs = r.combiner->getAttrs();
    results.push_back(after.create(state)->getResult(0));
  }
  Block *src = loop.getBody(), *dst = par.getBody();
  loop.getInductionVar()->replaceAllUsesWith(par.getIVs()[0]);
  src->getTerminator()->erase();
  for (const LoopReduction &r : reductions)
    r.combiner->erase();
  std::vector<Operation *> body;
  for (auto &op : src->getOperations())
    body.push_back(op.get());
  for (Operation *op : body)
    op->moveToEnd(dst, /*beforeTerminator=*/true);
  if (!reductions.empty()) {
    OpBuilder inBody(dst, forOp->getLoc());
    AffineYieldOp::create(inBody, yielded);
  }
  forOp->replaceAllUsesWith(results);
  forOp->erase();
}

/// True if `loop`'s constant bounds give it one iteration or none.
bool runsAtMostOnce(AffineForOp loop) {
  auto lb = loop.getConstantLowerBound(), ub = loop.getConstantUpperBound();
  return lb && ub && *ub - *lb <= loop.getStep();
}

class Parallelizer {
public:
  Parallelizer(PassContext &context, const ParallelizeOptions &options)
      : context(context), options(options) {}

  /// Tries each loop of `block` outermost first; a loop that stays
  /// sequential because of a dependence is looked into.
  void visitBlock(Block &block) {
    std::vector<Operation *> ops;
    for (auto &op : block.getOperations())
      ops.push_back(op.get());
    for (Operation *op : ops) {
      if (op->isa("affine.parallel"))
        continue; // already parallel: only the outer level runs so
      if (auto loop = dyn_cast<AffineForOp>(op)) {
        if (tryLoop(loop))
          continue;
      }
      visitRegions(*op);
    }
  }

private:
  void visitRegions(Operation &op) {
    for (unsigned r = 0; r < op.getNumRegions(); ++r)
      for (auto &block : op.getRegion(r).getBlocks())
        visitBlock(*block);
  }

  /// `not parallelized: BOUNDS: why`.
  void rejected(AffineForOp loop, const std::string &why) {
    if (context.remarksEnabled())
      context.remark(loop->getLoc(), "not parallelized: " +
                                         describeLoopBounds(loop) + ": " + why);
  }

  /// True when `loop` is done with: parallelized, or too small for any
  /// loop inside it to pay either. False when inner loops should be tried.
  bool tryLoop(AffineForOp loop) {
    // A loop that runs once (a batch of one) has nothing to split: the
    // loops inside it may.
    if (runsAtMostOnce(loop)) {
      rejected(loop, "it runs at most once");
      return false;
    }
    std::vector<LoopReduction> reductions;
    if (!isLoopParallel(loop.getOperation(), &reductions)) {
      rejected(loop, allIterArgsAreReductions(loop.getOperation())
                         ? "a memory dependence is carried by the loop, or "
                           "an op in it has unknown effects"
                         : "an iter_arg is not a reduction");
      return false;
    }
    std::vector<int64_t> kinds;
    for (const LoopReduction &r : reductions) {
      std::optional<int64_t> kind = atomicKindOf(r.kind);
      if (!kind) {
        rejected(loop, "affine.parallel has no '" +
                           std::string(reductionKindName(r.kind)) +
                           "' reduction for signless types");
        return false;
      }
      Type type = r.reducedValue->getType();
      if (!type.isInteger() && !type.isFloat()) {
        // A vectorized loop's partial sums: affine.parallel reduces scalars.
        rejected(loop, "its reduction is over " + type.str() +
                           ", affine.parallel reduces scalars only");
        return false;
      }
      if (type.isFloat() && !context.isFastMath()) {
        rejected(loop, "its float reduction may not be reassociated "
                       "(allowed with --fast-math)");
        return false;
      }
      kinds.push_back(*kind);
    }
    LoopWork work = estimateLoopWork(*loop.getOperation());
    if (work.ops && *work.ops < options.minWork) {
      rejected(loop, "too little work (" + describeWork(*work.ops) +
                         " op instances, under " +
                         describeWork(options.minWork) + ")");
      return true;
    }
    if (context.remarksEnabled())
      context.remark(loop->getLoc(),
                     "parallelized: " + describeLoopBounds(loop) + " (" +
                         (work.ops ? describeWork(*work.ops) + " op instances"
                                   : "work unknown: " + work.unknownReason) +
                         (reductions.empty()
                              ? std::string()
                              : ", " + std::to_string(reductions.size()) +
                                    " reduction(s)") +
                         ")");
    convertToParallel(loop, reductions, kinds);
    return true;
  }

  PassContext &context;
  const ParallelizeOptions &options;
};

} // namespace

bool parallelizeLoops(Module &module, PassContext &context,
                      const ParallelizeOptions &options) {
  Parallelizer parallelizer(context, options);
  for (auto &op : module.getBody().getOperations())
    if (op->isa("func.func") && !op->getRegion(0).empty())
      parallelizer.visitBlock(op->getRegion(0).front());
  return true;
}

} // namespace affjit
