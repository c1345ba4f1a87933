// Aligning sibling bands for fusion (see BandAlignment.h).
#include "frontend/transform/utils/BandAlignment.h"

#include "frontend/ir/AffineAccess.h"
#include "frontend/transform/utils/LoopBands.h"

#include <algorithm>

namespace affjit {

namespace {

/// `root` and the loops perfectly nested in it (no iter_args).
std::vector<AffineForOp> perfectBand(AffineForOp root) {
  std::vector<AffineForOp> band{root};
  for (;;) {
    Block *body = band.back().getBody();
    if (body->getOperations().size() != 2)
      return band;
    auto inner = dyn_cast<AffineForOp>(body->getOperations().front().get());
    if (!inner || inner.getNumIterArgs() != 0)
      return band;
    band.push_back(inner);
  }
}

/// For each subscript of `memref`, the band position of the loop whose iv
/// it is; nullopt unless every access to `memref` under the band is a
/// scalar load with that one pattern, using each band loop once.
std::optional<std::vector<unsigned>>
subscriptLoops(const std::vector<AffineForOp> &band, Value *memref) {
  BandAccesses accesses = getBandAccesses(band.back());
  if (accesses.opaque)
    return std::nullopt;
  for (Operation *store : accesses.stores)
    if (AffineAccess::get(store)->getMemRef() == memref)
      return std::nullopt;
  std::optional<std::vector<unsigned>> pattern;
  for (Operation *load : accesses.loads) {
    auto access = AffineAccess::get(load);
    if (access->getMemRef() != memref)
      continue;
    AffineMap map = access->getMap();
    std::vector<Value *> operands = access->getMapOperands();
    if (map.getNumResults() != band.size())
      return std::nullopt;
    std::vector<unsigned> loops;
    for (AffineExpr e : map.getResults()) {
      if (e.getKind() != AffineExprKind::Dim)
        return std::nullopt;
      auto it = std::find_if(band.begin(), band.end(), [&](AffineForOp l) {
        return l.getInductionVar() == operands[e.getPosition()];
      });
      if (it == band.end() || std::find(loops.begin(), loops.end(),
                                        it - band.begin()) != loops.end())
        return std::nullopt;
      loops.push_back((unsigned)(it - band.begin()));
    }
    if (pattern && *pattern != loops)
      return std::nullopt;
    pattern = loops;
  }
  return pattern;
}

/// Permutes `walker`'s band to read `memref` as `reference`'s band does,
/// when that one reads it row by row.
std::optional<BandPermutation>
permuteInto(AffineForOp walker, AffineForOp reference, Value *memref) {
  std::vector<AffineForOp> band = perfectBand(walker),
                           refBand = perfectBand(reference);
  size_t n = band.size();
  if (n < 2 || refBand.size() != n || !isRectangular(band))
    return std::nullopt;
  std::optional<std::vector<unsigned>> own = subscriptLoops(band, memref),
                                       ref = subscriptLoops(refBand, memref);
  if (!own || !ref || (*ref)[n - 1] != n - 1)
    return std::nullopt;
  // Position p runs the loop that indexes the subscript the reference's
  // loop at p indexes.
  std::vector<unsigned> order(n);
  for (unsigned r = 0; r < n; ++r)
    order[(*ref)[r]] = (*own)[r];
  bool identity = true;
  for (unsigned p = 0; p < n; ++p)
    identity &= order[p] == p;
  if (identity || !keepsDependences(band.front(), band, order))
    return std::nullopt;
  permuteBand(band, order);
  return BandPermutation{band, order};
}

} // namespace

std::optional<BandPermutation>
alignSiblingBands(AffineForOp from, AffineForOp to, Value *memref) {
  if (auto p = permuteInto(to, from, memref))
    return p;
  return permuteInto(from, to, memref);
}

void undoBandPermutation(const BandPermutation &permutation) {
  std::vector<unsigned> inverse(permutation.order.size());
  for (unsigned p = 0; p < permutation.order.size(); ++p)
    inverse[permutation.order[p]] = p;
  permuteBand(permutation.band, inverse);
}

} // namespace affjit
