// Pass `tile` (see LoopTiling.h).
#include "frontend/transform/LoopTiling.h"

#include "frontend/analysis/FusionCost.h"
#include "frontend/analysis/LoopParallelism.h"
#include "frontend/analysis/MemRefAccess.h"
#include "frontend/analysis/MemRefAlias.h"
#include "frontend/analysis/TileFootprint.h"
#include "frontend/ir/Builder.h"
#include "frontend/transform/utils/LoopBands.h"
#include "frontend/transform/utils/LoopDescription.h"
#include "frontend/transform/utils/LoopUtils.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace affjit {

namespace {

/// Smaller tiles leave too few vector iterations for a register block
/// (64 f32 lanes is one block of 4 AVX-512 registers).
constexpr int64_t kMinTile = 64;
/// Tile sizes are multiples of this many elements (an AVX-512 vector of f32).
constexpr int64_t kTileQuantum = 16;
/// The share of the L2 a tile may fill: 2048^3 gemm ran as fast with 512 KiB
/// and 1 MiB tiles of B (and 20% slower with 4 MiB), so the budget leaves
/// a quarter for the rows of A and C streaming past them.
constexpr double kL2Share = 0.75;
/// Tiling pays where one iteration of the reuse loop touches more than
/// this share of the last-level cache. Below it, re-reading from the L3
/// ran as fast as tiles in the L2: PolyBench gemm 1000x1100x1200 (5 MiB
/// per row of C) ran 3-6% slower tiled, 2000^3 (15 MiB) 1.26x faster (1.8x
/// with fast math), 2048^3 (16 MiB) 1.7x.
constexpr double kLastLevelShare = 0.25;
/// More candidate tilings than this and each loop keeps its largest sizes.
constexpr size_t kMaxCandidates = 256;

bool hasConstantUnitBounds(AffineForOp loop) {
  return loop.getConstantLowerBound() && loop.getConstantUpperBound() &&
         loop.getStep() == 1 &&
         *loop.getConstantUpperBound() > *loop.getConstantLowerBound();
}

std::string kib(double bytes) {
  char buf[32];
  if (bytes >= 1024.0 * 1024 * 1024 * 1024)
    std::snprintf(buf, sizeof buf, "%.3g TiB",
                  bytes / (1024.0 * 1024 * 1024 * 1024));
  else if (bytes >= 1024.0 * 1024 * 1024)
    std::snprintf(buf, sizeof buf, "%.3g GiB", bytes / (1024.0 * 1024 * 1024));
  else if (bytes >= 1024 * 1024)
    std::snprintf(buf, sizeof buf, "%.3g MiB", bytes / (1024 * 1024));
  else
    std::snprintf(buf, sizeof buf, "%.3g KiB", bytes / 1024);
  return buf;
}

std::string listOf(const std::vector<std::string> &items) {
  std::string out = "(";
  for (size_t i = 0; i < items.size(); ++i)
    out += (i ? ", " : "") + items[i];
  return out + ")";
}

/// The band loops from position `from` inward.
std::vector<AffineForOp> loopsFrom(const std::vector<AffineForOp> &band,
                                   unsigned from) {
  return {band.begin() + from, band.end()};
}

bool isIn(Operation *loop, const std::vector<AffineForOp> &loops) {
  return std::any_of(loops.begin(), loops.end(),
                     [&](AffineForOp l) { return l.getOperation() == loop; });
}

/// Whether some access stays on the same elements along `loop`.
bool isReusedAcross(AffineForOp loop, const BandAccesses &a) {
  auto invariant = [&](Operation *access) {
    return !accessUses(access, loop.getInductionVar());
  };
  return std::any_of(a.loads.begin(), a.loads.end(), invariant) ||
         std::any_of(a.stores.begin(), a.stores.end(), invariant);
}

/// Why the loops in `moved` cannot be tiled ("" if they can): a dependence
/// carried by one of them with a component along them that may be negative.
std::string dependenceBlocker(AffineForOp root,
                              const std::vector<AffineForOp> &moved) {
  for (const CarriedDependence &d :
       getCarriedDependences(root.getOperation())) {
    if (!isIn(d.loop, moved))
      continue; // carried outside: the tiles run within one iteration
    if (!d.known)
      return "a dependence on " + valueName(d.src.memref) +
             " could not be analysed";
    std::vector<std::string> dirs;
    bool negative = false;
    for (const DependenceComponent &c : d.components) {
      if (!isIn(c.loop, moved))
        continue;
      Direction dir = directionOf(c);
      negative |= !(c.lb && *c.lb >= 0);
      dirs.push_back(dir == Direction::Eq   ? "="
                     : dir == Direction::Lt ? "<"
                     : dir == Direction::Gt ? ">"
                                            : "*");
    }
    if (negative)
      return "the dependence on " + valueName(d.src.memref) +
             " has directions " + listOf(dirs) +
             " along the band; tiles would reverse it (it needs skewing "
             "first)";
  }
  return "";
}

/// Tile sizes to try for `loop`: the whole trip count, powers of two from
/// kMinTile and whole-vector divisors of the trip count. A size that does
/// not divide it leaves a last, partial tile (a copy of the nest with
/// constant bounds, so the vectorizer still sees constant trip counts).
std::vector<int64_t> sizeOptions(AffineForOp loop) {
  int64_t n = tripCountOf(loop);
  std::set<int64_t, std::greater<>> sizes = {n};
  auto consider = [&](int64_t s) {
    if (s >= kMinTile && s <= n / 2 && s % kTileQuantum == 0)
      sizes.insert(s);
  };
  // Divisors in pairs up to the square root (at most 2^20 pairs, so that
  // even a 2^60-iteration loop is quick: beyond 2^40 some go unseen).
  for (int64_t d = 1; d <= n / d && d <= (int64_t(1) << 20); ++d)
    if (n % d == 0) {
      consider(d);
      consider(n / d);
    }
  for (int64_t p = kMinTile; p <= n / 2; p *= 2)
    consider(p);
  return {sizes.begin(), sizes.end()};
}

/// Every combination of the loops' size options, largest tiles first.
std::vector<std::vector<int64_t>>
candidateTiles(const std::vector<AffineForOp> &loops) {
  std::vector<std::vector<int64_t>> options;
  size_t count = 1;
  for (AffineForOp loop : loops) {
    options.push_back(sizeOptions(loop));
    count *= options.back().size();
  }
  // Keep the search cheap (three loops of a 4096-wide band have ~30
  // options each).
  while (count > kMaxCandidates) {
    auto widest = std::max_element(
        options.begin(), options.end(),
        [](const auto &a, const auto &b) { return a.size() < b.size(); });
    count = count / widest->size() * (widest->size() - 1);
    widest->pop_back();
  }
  std::vector<std::vector<int64_t>> out = {{}};
  for (const std::vector<int64_t> &sizes : options) {
    std::vector<std::vector<int64_t>> next;
    for (const std::vector<int64_t> &prefix : out)
      for (int64_t s : sizes) {
        next.push_back(prefix);
        next.back().push_back(s);
      }
    out = std::move(next);
  }
  return out;
}

/// The footprint of one iteration of `reuse` were `loops` cut to `sizes`.
std::optional<double> tileFootprint(AffineForOp reuse,
                                    const std::vector<AffineForOp> &loops,
                                    const std::vector<int64_t> &sizes) {
  std::vector<std::pair<AffineForOp, int64_t>> counts;
  for (size_t p = 0; p < loops.size(); ++p)
    counts.push_back({loops[p], sizes[p]});
  return estimateTileFootprintBytes(reuse, counts);
}

struct TileChoice {
  std::vector<int64_t> sizes;
  double bytes = 0;
};

int64_t volume(const std::vector<int64_t> &sizes) {
  int64_t v = 1;
  for (int64_t s : sizes)
    v *= s;
  return v;
}

/// Whether tile `a` beats tile `b`: more iterations (more reuse per byte
/// brought in), then squarer (the smallest size larger: a short reduction
/// tile reloads its accumulators often), then larger outer sizes.
bool betterTile(const std::vector<int64_t> &a, const std::vector<int64_t> &b) {
  if (volume(a) != volume(b))
    return volume(a) > volume(b);
  int64_t minA = *std::min_element(a.begin(), a.end()),
          minB = *std::min_element(b.begin(), b.end());
  if (minA != minB)
    return minA > minB;
  return a > b;
}

/// The best tile (betterTile) whose footprint fits `budget`; nullopt if
/// none does. Candidates are tried best first: the first that fits wins.
std::optional<TileChoice> chooseTiles(AffineForOp reuse,
                                      const std::vector<AffineForOp> &loops,
                                      double budget) {
  std::vector<std::vector<int64_t>> candidates = candidateTiles(loops);
  std::sort(candidates.begin(), candidates.end(), betterTile);
  for (const std::vector<int64_t> &sizes : candidates) {
    std::optional<double> bytes = tileFootprint(reuse, loops, sizes);
    if (bytes && *bytes <= budget)
      return TileChoice{sizes, *bytes};
  }
  return std::nullopt;
}

/// The iterations one copy of the nest runs of a tiled loop: a whole tile
/// from `start` (the tile loop's induction variable), or a constant range
/// (a loop left whole, or the last, partial tile).
struct PointRange {
  Value *start = nullptr;
  int64_t size = 0;
  int64_t lb = 0, ub = 0;
};

/// `loops`, found in `copy` (a clone of `original`) by their position in a
/// pre-order walk.
std::vector<AffineForOp> loopsInCopy(Operation *original, Operation *copy,
                                     const std::vector<AffineForOp> &loops) {
  std::vector<Operation *> from, to;
  original->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<AffineForOp>(op))
      from.push_back(op);
  });
  copy->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<AffineForOp>(op))
      to.push_back(op);
  });
  std::vector<AffineForOp> out;
  for (AffineForOp loop : loops) {
    size_t at =
        std::find(from.begin(), from.end(), loop.getOperation()) - from.begin();
    out.push_back(cast<AffineForOp>(to[at]));
  }
  return out;
}

/// The tile loops of `loops[p..]` at `b`, and inside them copies of
/// `reuse` whose loops run the ranges chosen so far: for each loop, a tile
/// loop over its whole tiles with the rest of the nest inside, then (when
/// the size does not divide the trip count) the rest of the nest once more
/// for the partial tile, so tiles run in the order of their starts.
void emitTiles(OpBuilder &b, AffineForOp reuse,
               const std::vector<AffineForOp> &loops,
               const std::vector<int64_t> &sizes, size_t p,
               std::vector<PointRange> &ranges) {
  if (p == loops.size()) {
    std::unordered_map<Value *, Value *> mapping;
    Operation *copy = b.clone(*reuse.getOperation(), mapping);
    std::vector<AffineForOp> points =
        loopsInCopy(reuse.getOperation(), copy, loops);
    AffineExpr d0 = AffineExpr::dim(0);
    for (size_t q = 0; q < points.size(); ++q) {
      const PointRange &r = ranges[q];
      if (r.start) {
        points[q].setLowerBound(AffineMap::get(1, 0, {d0}), {r.start});
        points[q].setUpperBound(AffineMap::get(1, 0, {d0 + r.size}), {r.start});
      } else {
        points[q].setLowerBound(AffineMap::getConstant(r.lb), {});
        points[q].setUpperBound(AffineMap::getConstant(r.ub), {});
      }
    }
    return;
  }
  AffineForOp loop = loops[p];
  int64_t lb = *loop.getConstantLowerBound(), n = tripCountOf(loop);
  int64_t full = n / sizes[p] * sizes[p];
  if (sizes[p] == n) {
    ranges[p] = {nullptr, 0, lb, lb + n};
    emitTiles(b, reuse, loops, sizes, p + 1, ranges);
    return;
  }
  AffineForOp tile = AffineForOp::create(b, lb, lb + full, sizes[p]);
  tile.getInductionVar()->setNameHint(loop.getInductionVar()->getNameHint() +
                                      ".tile");
  OpBuilder inside =
      OpBuilder::atBlockTerminator(tile.getBody(), reuse.getLoc());
  ranges[p] = {tile.getInductionVar(), sizes[p], 0, 0};
  emitTiles(inside, reuse, loops, sizes, p + 1, ranges);
  if (full < n) {
    ranges[p] = {nullptr, 0, lb + full, lb + n};
    emitTiles(b, reuse, loops, sizes, p + 1, ranges);
  }
}

/// Strip-mines each of `loops` by its size and runs the strips, in band
/// order, just outside `reuse` (which copies of it replace; its ops join
/// `erased`).
void applyTiles(AffineForOp reuse, const std::vector<AffineForOp> &loops,
                const std::vector<int64_t> &sizes,
                std::set<Operation *> &erased) {
  OpBuilder b = OpBuilder::before(reuse.getOperation());
  std::vector<PointRange> ranges(loops.size());
  emitTiles(b, reuse, loops, sizes, 0, ranges);
  reuse.getOperation()->walk([&](Operation *op) { erased.insert(op); });
  reuse.getOperation()->erase();
}

/// The tiled loops and their sizes, as a remark says them.
std::string describeTiles(const std::vector<AffineForOp> &loops,
                          const std::vector<int64_t> &sizes) {
  std::vector<std::string> names, counts;
  for (size_t p = 0; p < loops.size(); ++p)
    if (sizes[p] != tripCountOf(loops[p])) {
      names.push_back(ivName(loops[p]));
      counts.push_back(std::to_string(sizes[p]));
    }
  return listOf(names) + " by " + listOf(counts);
}

/// The model's two sizes, from the host's caches.
struct TileModel {
  /// Tiling is wanted when an iteration of the reuse loop touches more.
  double reuseBytes;
  /// What reuseBytes is, for remarks.
  std::string reuseLimit;
  /// What a tile (one iteration of the reuse loop in it) may touch.
  double tileBytes;
};

/// What `tile` does to a band: cut `inner` to `choice` and run the tiles
/// outside `reuse`.
struct TilePlan {
  AffineForOp reuse;
  std::vector<AffineForOp> inner;
  TileChoice choice;
  /// The bytes an iteration of `reuse` touches untiled.
  double whole = 0;
};

/// The tiling of `band`, trying reuse loops from the outermost to
/// `band[lastReuse]`; nullopt (with a remark saying why, where tiling was
/// wanted) when there is none. With `part`, only the accesses inside it
/// count towards an iteration of band[0] (a nest of band[0]'s body).
std::optional<TilePlan> planBand(const std::vector<AffineForOp> &band,
                                 unsigned lastReuse, Operation *part,
                                 const TileModel &model, PassContext &context) {
  if (band.size() < 2 || !isRectangular(band) ||
      !std::all_of(band.begin(), band.end(), hasConstantUnitBounds))
    return std::nullopt;
  BandAccesses accesses = getBandAccesses(band.back());
  if (accesses.opaque)
    return std::nullopt;
  for (unsigned r = 0; r + 1 < band.size() && r <= lastReuse; ++r) {
    AffineForOp reuse = band[r];
    if (!isReusedAcross(reuse, accesses))
      continue;
    std::optional<double> whole =
        estimateTileFootprintBytes(reuse, {}, r == 0 ? part : nullptr);
    if (!whole || *whole <= model.reuseBytes)
      return std::nullopt; // re-reading from the caches is fast enough
    std::vector<AffineForOp> inner = loopsFrom(band, r + 1);
    std::string blocker = dependenceBlocker(band.front(), loopsFrom(band, r));
    if (!blocker.empty()) {
      context.remark(reuse.getLoc(), "not tiled: an iteration of " +
                                         ivName(reuse) + " touches " +
                                         kib(*whole) + ", but " + blocker);
      return std::nullopt;
    }
    std::optional<TileChoice> choice =
        chooseTiles(reuse, inner, model.tileBytes);
    if (!choice) {
      context.remark(reuse.getLoc(), "not tiled: no tile of the loops inside " +
                                         ivName(reuse) + " fits in " +
                                         kib(model.tileBytes));
      return std::nullopt;
    }
    return TilePlan{reuse, inner, *choice, *whole};
  }
  return std::nullopt;
}

void applyPlan(const TilePlan &plan, const TileModel &model,
               PassContext &context, std::set<Operation *> &erased,
               const std::string &how = "") {
  std::string reuse = ivName(plan.reuse);
  if (context.remarksEnabled())
    context.remark(plan.reuse.getLoc(),
                   "tiled " + describeTiles(plan.inner, plan.choice.sizes) +
                       ", tiles outside " + reuse + how + ": an iteration of " +
                       reuse + " touches " + kib(plan.choice.bytes) +
                       " instead of " + kib(plan.whole) + " (more than " +
                       kib(model.reuseBytes) + ", " + model.reuseLimit +
                       "; tiles fit 3/4 of the L2: " + kib(model.tileBytes) +
                       ")");
  applyTiles(plan.reuse, plan.inner, plan.choice.sizes, erased);
}

/// The loops that make up `loop`'s body, in order; empty if the body holds
/// anything else (values a later nest might use).
std::vector<AffineForOp> bodyNests(AffineForOp loop) {
  std::vector<AffineForOp> nests;
  for (auto &owned : loop.getBody()->getOperations()) {
    if (owned->isTerminator())
      continue;
    auto nest = dyn_cast<AffineForOp>(owned.get());
    if (!nest || nest.getNumIterArgs() != 0)
      return {};
    nests.push_back(nest);
  }
  return nests;
}

/// Why `loop` cannot run as one loop per nest of its body ("" if it can):
/// a dependence from a later nest to an earlier one carried by `loop`,
/// whose source would then run after its destination.
std::string distributionBlocker(AffineForOp loop,
                                const std::vector<AffineForOp> &nests) {
  std::vector<std::vector<MemRefAccess>> accesses;
  for (AffineForOp nest : nests) {
    if (getBandAccesses(nest).opaque)
      return "a nest in its body has effects on memory the analysis cannot "
             "see";
    accesses.push_back(getMemRefAccessesIn(nest.getOperation()));
  }
  DependenceChecker checker;
  for (size_t b = 1; b < nests.size(); ++b)
    for (const MemRefAccess &src : accesses[b])
      for (size_t a = 0; a < b; ++a)
        for (const MemRefAccess &dst : accesses[a]) {
          if (!mayAccessSameMemory(src, dst) || (!src.isWrite && !dst.isWrite))
            continue;
          unsigned depth = getNumCommonSurroundingLoops(src.op, dst.op);
          if (checker.check(src, dst, depth).kind !=
              DependenceResult::NoDependence)
            return valueName(src.memref) + " is accessed by a later nest of " +
                   ivName(loop) + " before an earlier nest's later iteration";
        }
  return "";
}

/// Runs each nest of `loop`'s body in a loop of its own (copies of
/// `loop`'s header, in order); returns the loop that now holds `nest`.
AffineForOp distribute(AffineForOp loop, const std::vector<AffineForOp> &nests,
                       AffineForOp nest) {
  AffineForOp holder = loop;
  // Each copy goes right after `loop`: the last nest first.
  for (size_t n = nests.size(); n-- > 1;) {
    AffineForOp copy = moveIntoCopyAfter(loop, {nests[n].getOperation()});
    if (nests[n].getOperation() == nest.getOperation())
      holder = copy;
  }
  return holder;
}

/// Whether the nests other than `nest` write only memrefs `nest` writes:
/// they initialize or finish its output (gemm's C *= beta). Nests that
/// pass another buffer to each other (a producer fused with its consumer)
/// stay together: splitting them would undo the fusion.
bool othersOnlyUpdateItsOutput(const std::vector<AffineForOp> &nests,
                               AffineForOp nest) {
  std::set<Value *> outputs;
  for (const MemRefAccess &a : getMemRefAccessesIn(nest.getOperation()))
    if (a.isWrite)
      outputs.insert(a.memref);
  for (AffineForOp other : nests) {
    if (other.getOperation() == nest.getOperation())
      continue;
    for (const MemRefAccess &a : getMemRefAccessesIn(other.getOperation()))
      if (a.isWrite && !outputs.count(a.memref))
        return false;
  }
  return true;
}

/// A loop whose body is several nests (PolyBench gemm's `for i: C[i, *] *=
/// beta; for j, k: ...`): the nest a tiling of `loop` and its band would
/// pay for is given a copy of `loop` of its own, then tiled.
void tileAfterDistribution(AffineForOp loop, const TileModel &model,
                           PassContext &context,
                           std::set<Operation *> &erased) {
  std::vector<AffineForOp> nests = bodyNests(loop);
  if (nests.size() < 2 || !hasConstantUnitBounds(loop))
    return;
  // Why a nest is not tiled is said where it is: its own band's remarks.
  PassContext quiet(context.getDiagnostics());
  for (AffineForOp nest : nests) {
    std::vector<AffineForOp> band = {loop};
    for (AffineForOp l : getPerfectlyNestedLoops(nest))
      band.push_back(l);
    bool splittable = othersOnlyUpdateItsOutput(nests, nest);
    // Planning costs a dependence analysis: for a nest that stays where it
    // is, only worth it to say why.
    if (!splittable && !context.remarksEnabled())
      continue;
    std::optional<TilePlan> plan =
        planBand(band, 0, nest.getOperation(), model, quiet);
    if (!plan)
      continue;
    if (!splittable) {
      context.remark(loop.getLoc(),
                     "not tiled: the nest at " +
                         describeLocation(nest.getOperation()) +
                         " would need a loop " + ivName(loop) +
                         " of its own, but the nests of " + ivName(loop) +
                         " pass a buffer to each other (fused); splitting "
                         "them would undo the fusion");
      return;
    }
    std::string blocker = distributionBlocker(loop, nests);
    if (!blocker.empty()) {
      context.remark(loop.getLoc(), "not tiled: the nests in " + ivName(loop) +
                                        " would need loops of their own, "
                                        "but " +
                                        blocker);
      return;
    }
    plan->reuse = distribute(loop, nests, nest);
    applyPlan(*plan, model, context, erased,
              " (its body's " + std::to_string(nests.size()) +
                  " nests distributed into loops of their own)");
    return;
  }
}

} // namespace

bool tileLoops(Module &module, PassContext &context) {
  CacheSizes caches = context.getTarget().caches;
  // Without a last level beyond the L2, tiles are wanted as soon as the
  // data outgrows what a tile may take.
  double lastLevel = (double)caches.last * kLastLevelShare,
         tileBytes = (double)caches.l2 * kL2Share;
  TileModel model{std::max(lastLevel, tileBytes),
                  lastLevel >= tileBytes ? "a quarter of the last-level cache"
                                         : "3/4 of the L2",
                  tileBytes};
  walkOps<FuncOp>(module.getOperation(), [&](FuncOp func) {
    if (func.isDeclaration())
      return;
    // Tiling replaces a nest by copies: bands found inside it are gone.
    std::set<Operation *> erased;
    for (const std::vector<AffineForOp> &band :
         getLoopBands(func.getOperation())) {
      if (erased.count(band.front().getOperation()))
        continue;
      if (std::optional<TilePlan> plan =
              planBand(band, band.size(), nullptr, model, context)) {
        applyPlan(*plan, model, context, erased);
        continue;
      }
      // The band's innermost loop may hold several nests, one of which
      // reuses data across it.
      tileAfterDistribution(band.back(), model, context, erased);
    }
  });
  return true;
}

} // namespace affjit
