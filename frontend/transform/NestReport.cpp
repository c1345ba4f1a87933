// Pass `report` (see NestReport.h).
#include "frontend/transform/NestReport.h"

#include "frontend/analysis/NestTraffic.h"
#include "frontend/analysis/VectorizationPlan.h"
#include "frontend/transform/utils/LoopDescription.h"
#include "frontend/transform/utils/LoopUtils.h"

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace affjit {

namespace {

/// The loops from `root` down, at each level the inner loop that runs the
/// most op instances.
std::vector<AffineForOp> heaviestPath(AffineForOp root) {
  std::vector<AffineForOp> path{root};
  for (;;) {
    AffineForOp best;
    double bestCost = -1;
    path.back().getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op == path.back().getOperation())
        return WalkResult::advance();
      if (auto inner = dyn_cast<AffineForOp>(op)) {
        double cost = getComputeCost(op);
        if (cost > bestCost) {
          bestCost = cost;
          best = inner;
        }
        return WalkResult::skip();
      }
      return WalkResult::advance();
    });
    if (!best)
      return path;
    path.push_back(best);
  }
}

std::string ivName(AffineForOp loop) {
  const std::string &hint = loop.getInductionVar()->getNameHint();
  return hint.empty() ? "%?" : "%" + hint;
}

/// Whether `loop` steps over vectors: a vector access moves with it.
bool stridesVectors(AffineForOp loop) {
  bool found = false;
  loop.getOperation()->walk([&](Operation *op) {
    if (!isa<AffineVectorLoadOp>(op) && !isa<AffineVectorStoreOp>(op))
      return;
    found |= getAccessPattern(op, loop.getInductionVar()) ==
             AccessPattern::Contiguous;
  });
  return found;
}

/// Whether an inner loop's bounds start from `loop`'s induction variable:
/// `loop` is a strip or tile loop.
bool isTileLoop(AffineForOp loop) {
  bool found = false;
  loop.getOperation()->walk([&](Operation *op) {
    auto inner = dyn_cast<AffineForOp>(op);
    if (!inner || op == loop.getOperation())
      return;
    for (Value *v : inner.getLowerBoundOperands())
      found |= v == loop.getInductionVar();
  });
  return found;
}

std::string describeOrder(const std::vector<AffineForOp> &path) {
  std::string out;
  for (AffineForOp loop : path) {
    if (!out.empty())
      out += ", ";
    out += ivName(loop) + " in " + describeLoopBounds(loop);
    if (stridesVectors(loop))
      out += " (vector)";
    else if (isTileLoop(loop))
      out += " (tile)";
  }
  return out;
}

std::string describeRegisterBlock(AffineForOp innermost) {
  unsigned count = 0;
  std::string type;
  for (Value *arg : innermost.getRegionIterArgs())
    if (arg->getType().isVector()) {
      ++count;
      type = arg->getType().str();
    }
  if (count == 0)
    return "none";
  return std::to_string(count) + " x " + type + " accumulators";
}

} // namespace

bool reportNests(Module &module, PassContext &context) {
  if (!context.remarksEnabled())
    return true;
  CacheSizes caches = context.getTarget().caches;
  walkOps<FuncOp>(module.getOperation(), [&](FuncOp func) {
    if (func.isDeclaration())
      return;
    for (AffineForOp root : opsOfType<AffineForOp>(*func.getBody())) {
      std::vector<AffineForOp> path = heaviestPath(root);
      NestTraffic t = estimateNestTraffic(root, caches);
      context.remark(
          root.getLoc(),
          "nest: order " + describeOrder(path) + "; register block: " +
              describeRegisterBlock(path.back()) + "; estimated traffic: " +
              describeTrafficBytes(t.compulsoryBytes) + " compulsory, " +
              describeTrafficBytes(t.l1Bytes) + " into L1 (" +
              describeCacheSize(caches.l1) + "), " +
              describeTrafficBytes(t.l2Bytes) + " into L2 (" +
              describeCacheSize(caches.l2) + ")");
    }
  });
  return true;
}

} // namespace affjit
