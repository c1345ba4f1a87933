// Pass `pack-panels` (see PackPanels.h).
#include "frontend/transform/PackPanels.h"

#include "frontend/analysis/AffineFlattening.h"
#include "frontend/analysis/AffineValueMap.h"
#include "frontend/analysis/FusionCost.h"
#include "frontend/analysis/UnrollJamLegality.h"
#include "frontend/analysis/VectorizationPlan.h"
#include "frontend/ir/Builder.h"
#include "frontend/ir/MemRefOps.h"
#include "frontend/ir/MemoryEffects.h"
#include "frontend/transform/utils/LoopDescription.h"
#include "frontend/transform/utils/LoopUtils.h"

#include <algorithm>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace affjit {

namespace {

/// Iterations of the row loop the copy must serve: it reads the panel once
/// and writes the buffer once, each row-loop iteration then reads the
/// buffer instead of the strided panel.
constexpr uint64_t kMinReuse = 8;

/// A loop whose bounds are fixed outside the row loop, with its trip count.
struct PanelLoop {
  AffineForOp loop;
  int64_t trips = 0;
};

/// A vector load in the k loop that every iteration of the row loop
/// repeats.
struct PanelCandidate {
  AffineForOp rows;
  PanelLoop cols, inner;
  AffineVectorLoadOp load;
  int64_t lanes = 0;
  /// Row loops right after `rows` that load the same panels (unroll-jam's
  /// leftover rows): they read the buffer too.
  std::vector<PanelCandidate> followers;
};

/// `loop`'s constant trip count, if its bounds are single values computed
/// outside `rows`.
std::optional<int64_t> fixedTripCount(AffineForOp loop, AffineForOp rows) {
  if (loop.getLowerBoundMap().getNumResults() != 1 ||
      loop.getUpperBoundMap().getNumResults() != 1)
    return std::nullopt;
  for (const std::vector<Value *> &operands :
       {loop.getLowerBoundOperands(), loop.getUpperBoundOperands()})
    for (Value *v : operands)
      if (isDefinedInside(v, rows.getOperation()))
        return std::nullopt;
  std::optional<uint64_t> trips = getConstantTripCount(loop);
  if (!trips || *trips == 0 || *trips > (uint64_t)INT64_MAX)
    return std::nullopt;
  return (int64_t)*trips;
}

/// Whether `load`'s subscripts use only the column and inner loops'
/// induction variables and values from outside the row loop.
bool usesOnlyPanelValues(AffineVectorLoadOp load, const PanelCandidate &c) {
  AffineValueMap avm =
      composeAffineValueMap({load.getMap(), load.getMapOperands()});
  return std::all_of(avm.operands.begin(), avm.operands.end(), [&](Value *v) {
    return v == c.cols.loop.getInductionVar() ||
           v == c.inner.loop.getInductionVar() ||
           !isDefinedInside(v, c.rows.getOperation());
  });
}

/// Page size: a strided walk whose step is a multiple of it visits one
/// L1 set per line and a new page per step, so neither the L1 nor the
/// prefetcher keeps the panel (gemm 1024^3, rows of 4 KiB, untiled: 44.9 ->
/// 35.6 ms with panels of 4 MiB read from the L3; 2mm's rows of 2176 bytes
/// ran 6% slower with panels beyond the L2).
constexpr int64_t kPageBytes = 4096;

/// Bytes `load`'s address moves per iteration of the loop of `iv`, for a
/// memref with static strides; nullopt otherwise.
std::optional<int64_t> strideBytes(AffineVectorLoadOp load, Value *iv) {
  std::vector<int64_t> strides;
  int64_t offset;
  Type type = load.getMemRefType();
  if (!type.getStridesAndOffset(strides, offset))
    return std::nullopt;
  AffineValueMap avm =
      composeAffineValueMap({load.getMap(), load.getMapOperands()});
  auto pos = std::find(avm.operands.begin(), avm.operands.end(), iv);
  FlatExprs flat;
  if (pos == avm.operands.end() ||
      !flattenAffineExprs(avm.map.getResults(), avm.map.getNumDims(),
                          avm.map.getNumSymbols(), flat))
    return std::nullopt;
  size_t p = (size_t)(pos - avm.operands.begin());
  __int128 elements = 0;
  for (size_t r = 0; r < flat.rows.size(); ++r) {
    if (strides[r] == kDynamic)
      return std::nullopt;
    elements += (__int128)flat.rows[r][p] * strides[r];
  }
  __int128 bytes = elements * ((type.getElementType().getWidth() + 7) / 8);
  if (bytes > INT64_MAX || bytes < -INT64_MAX)
    return std::nullopt;
  return (int64_t)(bytes < 0 ? -bytes : bytes);
}

/// Why `load` (in `c.inner`'s body) cannot be packed, or "".
std::string checkLoad(AffineVectorLoadOp load, PanelCandidate &c,
                      const CacheSizes &caches) {
  Type vector = load.getVectorType();
  if (vector.getShape().size() != 1)
    return "its vector has more than one dimension";
  if (getAccessPattern(load.getOperation(), c.inner.loop.getInductionVar()) !=
      AccessPattern::Other)
    return "it is not strided along the inner loop";
  if (!usesOnlyPanelValues(load, c))
    return "its subscripts change with the row loop";
  if (mayWrite(c.rows.getOperation(), load.getMemRef()))
    return "the row loop writes the buffer it reads";
  c.lanes = vector.getShape()[0];
  int64_t bytes = (vector.getElementType().getWidth() + 7) / 8;
  __int128 size =
      (__int128)c.cols.trips * c.inner.trips * c.lanes * (__int128)bytes;
  if (size <= (__int128)caches.l2 * 3 / 4)
    return "";
  std::optional<int64_t> stride =
      strideBytes(load, c.inner.loop.getInductionVar());
  if (!stride || *stride % kPageBytes != 0)
    return "the panels would take more than 3/4 of the L2";
  if (size > (__int128)caches.last / 4)
    return "the panels would take more than a quarter of the last-level "
           "cache";
  return "";
}

/// `map`'s dims and symbols as dims `first`, `first + 1`, ...
AffineExpr boundAsDims(const AffineMap &map, unsigned first) {
  std::vector<AffineExpr> dims, syms;
  for (unsigned d = 0; d < map.getNumDims(); ++d)
    dims.push_back(AffineExpr::dim(first + d));
  for (unsigned s = 0; s < map.getNumSymbols(); ++s)
    syms.push_back(AffineExpr::dim(first + map.getNumDims() + s));
  return map.getResult(0).replaceDimsAndSymbols(dims, syms);
}

/// `(j, k, bounds...) -> ((j - jlb) floordiv js, (k - klb) floordiv ks, 0)`
/// over the given column and inner induction values.
std::pair<AffineMap, std::vector<Value *>> panelAccess(const PanelCandidate &c,
                                                       Value *j, Value *k) {
  AffineMap jlb = c.cols.loop.getLowerBoundMap(),
            klb = c.inner.loop.getLowerBoundMap();
  std::vector<Value *> operands = {j, k};
  for (AffineForOp loop : {c.cols.loop, c.inner.loop})
    for (Value *v : loop.getLowerBoundOperands())
      operands.push_back(v);
  unsigned kFirst = 2 + jlb.getNumInputs();
  AffineExpr jb = (AffineExpr::dim(0) - boundAsDims(jlb, 2))
                      .floorDiv(c.cols.loop.getStep());
  AffineExpr kb = (AffineExpr::dim(1) - boundAsDims(klb, kFirst))
                      .floorDiv(c.inner.loop.getStep());
  return {AffineMap::get((unsigned)operands.size(), 0,
                         {jb, kb, AffineExpr::constant(0)}),
          operands};
}

/// A loop over the same iterations as `loop`, built with `b`.
AffineForOp cloneBounds(OpBuilder &b, AffineForOp loop) {
  AffineForOp copy = AffineForOp::create(
      b, loop.getLowerBoundMap(), loop.getLowerBoundOperands(),
      loop.getUpperBoundMap(), loop.getUpperBoundOperands(), loop.getStep());
  inheritInductionVarName(loop, copy);
  return copy;
}

/// Whether `a` and `b` run the same iterations.
bool sameBounds(AffineForOp a, AffineForOp b) {
  return a.getLowerBoundMap() == b.getLowerBoundMap() &&
         a.getUpperBoundMap() == b.getUpperBoundMap() &&
         a.getLowerBoundOperands() == b.getLowerBoundOperands() &&
         a.getUpperBoundOperands() == b.getUpperBoundOperands() &&
         a.getStep() == b.getStep();
}

/// The load in `f`'s nest that reads what `c.load` reads at the same
/// column and inner iterations, as a candidate of `f`, other than the
/// loads in `claimed`; nullopt if none.
std::optional<PanelCandidate>
findFollower(const PanelCandidate &c, AffineForOp f,
             const std::set<Operation *> &claimed) {
  for (auto &colOwned : f.getBody()->getOperations()) {
    auto cols = dyn_cast<AffineForOp>(colOwned.get());
    if (!cols || !sameBounds(cols, c.cols.loop))
      continue;
    for (auto &innerOwned : cols.getBody()->getOperations()) {
      auto inner = dyn_cast<AffineForOp>(innerOwned.get());
      if (!inner || !sameBounds(inner, c.inner.loop))
        continue;
      for (auto &owned : inner.getBody()->getOperations()) {
        auto load = dyn_cast<AffineVectorLoadOp>(owned.get());
        // Two equal loads in a nest (statements fused into one) read the
        // panels twice: each is replaced once.
        if (!load || claimed.count(load.getOperation()) ||
            load.getMemRef() != c.load.getMemRef() ||
            load.getMap() != c.load.getMap() ||
            load.getVectorType() != c.load.getVectorType())
          continue;
        std::vector<Value *> mine = load.getMapOperands(),
                             theirs = c.load.getMapOperands();
        bool same = mine.size() == theirs.size();
        for (size_t i = 0; same && i < mine.size(); ++i)
          same = mine[i] == theirs[i] ||
                 (mine[i] == cols.getInductionVar() &&
                  theirs[i] == c.cols.loop.getInductionVar()) ||
                 (mine[i] == inner.getInductionVar() &&
                  theirs[i] == c.inner.loop.getInductionVar());
        if (same)
          return PanelCandidate{
              f, {cols, c.cols.trips}, {inner, c.inner.trips}, load, c.lanes,
              {}};
      }
    }
  }
  return std::nullopt;
}

/// The row loops right after `c.rows` that read the same panels and do not
/// write the buffer they come from, through loads not in `claimed` (which
/// gets theirs).
void collectFollowers(PanelCandidate &c, std::set<Operation *> &claimed) {
  for (Operation *op = c.rows->getNextNode(); op; op = op->getNextNode()) {
    auto f = dyn_cast<AffineForOp>(op);
    if (!f || mayWrite(op, c.load.getMemRef()))
      return;
    std::optional<PanelCandidate> follower = findFollower(c, f, claimed);
    if (!follower)
      return;
    claimed.insert(follower->load.getOperation());
    c.followers.push_back(*follower);
  }
}

/// Replaces `c.load` by a load of the panels in `buffer`.
void readPanels(const PanelCandidate &c, Value *buffer) {
  OpBuilder at = OpBuilder::before(c.load.getOperation());
  auto [map, operands] = panelAccess(c, c.cols.loop.getInductionVar(),
                                     c.inner.loop.getInductionVar());
  Value *packed = AffineVectorLoadOp::create(at, c.load.getVectorType(), buffer,
                                             map, operands)
                      .getResult();
  c.load.getResult()->replaceAllUsesWith(packed);
  c.load->erase();
}

void rewrite(const PanelCandidate &c) {
  Operation *rows = c.rows.getOperation();
  OpBuilder b = OpBuilder::before(rows);
  b.setLoc(c.load->getLoc());
  Type elem = c.load.getVectorType().getElementType();
  Value *buffer =
      AllocOp::create(
          b, Type::memref({c.cols.trips, c.inner.trips, c.lanes}, elem), {}, {},
          kPackedBufferAlignment)
          .getMemRef();
  // k outside, j inside: the copy reads the strided buffer row by row, as
  // it lies in memory, and writes the panels side by side.
  AffineForOp k = cloneBounds(b, c.inner.loop);
  OpBuilder kOuter =
      OpBuilder::atBlockTerminator(k.getBody(), c.load->getLoc());
  AffineForOp j = cloneBounds(kOuter, c.cols.loop);
  // A copy gains nothing from unrolling, and LLVM unrolling the copies of
  // seed 002's two panels took 27 ms of its compile.
  j.disableUnroll();
  k.disableUnroll();
  OpBuilder kb = OpBuilder::atBlockTerminator(j.getBody(), c.load->getLoc());
  std::unordered_map<Value *, Value *> mapping{
      {c.cols.loop.getInductionVar(), j.getInductionVar()},
      {c.inner.loop.getInductionVar(), k.getInductionVar()}};
  Operation *copy = kb.clone(*c.load.getOperation(), mapping);
  auto [fillMap, fillOperands] =
      panelAccess(c, j.getInductionVar(), k.getInductionVar());
  AffineVectorStoreOp::create(kb, copy->getResult(0), buffer, fillMap,
                              fillOperands);
  Operation *last =
      c.followers.empty() ? rows : c.followers.back().rows.getOperation();
  OpBuilder after = OpBuilder::after(last);
  DeallocOp::create(after, buffer);
  readPanels(c, buffer);
  for (const PanelCandidate &f : c.followers)
    readPanels(f, buffer);
}

/// A load worth a word: a vector of columns every row re-reads (a B
/// panel), packed or not and why.
struct PanelDecision {
  PanelCandidate candidate;
  std::string why;
};

/// The decisions for the row loop `rows`: vector loads of innermost loops
/// two levels down. Only a vector of columns that every row re-reads (a B
/// panel) counts: not the rows' own accesses, not a stencil's.
void collectDecisions(AffineForOp rows, std::vector<PanelDecision> &out,
                      const CacheSizes &caches) {
  std::optional<uint64_t> rowTrips = getConstantTripCount(rows);
  for (auto &colOwned : rows.getBody()->getOperations()) {
    auto cols = dyn_cast<AffineForOp>(colOwned.get());
    if (!cols)
      continue;
    for (auto &innerOwned : cols.getBody()->getOperations()) {
      auto inner = dyn_cast<AffineForOp>(innerOwned.get());
      if (!inner || !isInnermostLoopBody(*inner.getBody()))
        continue;
      std::optional<int64_t> colTrips = fixedTripCount(cols, rows),
                             innerTrips = fixedTripCount(inner, rows);
      for (auto &owned : inner.getBody()->getOperations()) {
        auto load = dyn_cast<AffineVectorLoadOp>(owned.get());
        if (!load ||
            getAccessPattern(load.getOperation(), rows.getInductionVar()) !=
                AccessPattern::Invariant ||
            getAccessPattern(load.getOperation(), cols.getInductionVar()) !=
                AccessPattern::Contiguous)
          continue;
        PanelDecision d{{rows,
                         {cols, colTrips.value_or(0)},
                         {inner, innerTrips.value_or(0)},
                         load,
                         0,
                         {}},
                        ""};
        if (!rowTrips || *rowTrips < kMinReuse)
          d.why = "the row loop runs fewer than " + std::to_string(kMinReuse) +
                  " iterations (or an unknown number)";
        else if (!colTrips || !innerTrips)
          d.why = "the column and inner loops' bounds change with the row "
                  "loop or their trip counts are not constant";
        else
          d.why = checkLoad(load, d.candidate, caches);
        out.push_back(std::move(d));
      }
    }
  }
}

std::string describePacked(const PanelCandidate &c) {
  std::string text =
      "packed: the vector load of " + describeLoopBounds(c.inner.loop) +
      " into " + std::to_string(c.cols.trips) + " panel(s) of " +
      std::to_string(c.inner.trips) + " x " + std::to_string(c.lanes) +
      " elements, copied once before " + describeLoopBounds(c.rows);
  for (const PanelCandidate &f : c.followers)
    text += "; read by " + describeLoopBounds(f.rows) + " too";
  return text;
}

} // namespace

bool packPanels(Module &module, PassContext &context) {
  std::vector<PanelDecision> decisions;
  walkOps<AffineForOp>(module.getOperation(), [&](AffineForOp rows) {
    collectDecisions(rows, decisions, context.getTarget().caches);
  });
  // A row loop right after a packed one reads its panels (the leftover rows
  // of unroll-jam) instead of being packed or refused on its own. Each
  // load is claimed once, by the candidate that packs it or reads its
  // panels.
  std::set<Operation *> following, claimed;
  std::vector<PanelCandidate> packed;
  for (PanelDecision &d : decisions) {
    if (!d.why.empty() || claimed.count(d.candidate.load.getOperation()))
      continue;
    claimed.insert(d.candidate.load.getOperation());
    collectFollowers(d.candidate, claimed);
    for (const PanelCandidate &f : d.candidate.followers)
      following.insert(f.load.getOperation());
    packed.push_back(d.candidate);
  }
  if (context.remarksEnabled()) {
    for (const PanelCandidate &c : packed)
      context.remark(c.load->getLoc(), describePacked(c));
    for (const PanelDecision &d : decisions)
      if (!d.why.empty() && !following.count(d.candidate.load.getOperation()))
        context.remark(d.candidate.load->getLoc(), "not packed: " + d.why);
  }
  for (const PanelCandidate &c : packed)
    rewrite(c);
  return true;
}

} // namespace affjit
