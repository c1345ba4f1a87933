// The strong SIV test at distance 0 (see SameIterationTest.h).
#include "frontend/analysis/SameIterationTest.h"

#include "frontend/analysis/AffineFlattening.h"
#include "frontend/analysis/AffineValueMap.h"

#include <algorithm>

namespace affjit {

SameIterationTest::SameIterationTest(
    const std::vector<MemRefAccess> &accesses) {
  for (const MemRefAccess &a : accesses) {
    subscripts.push_back(linearSubscripts(a));
    memrefs.push_back(a.memref);
  }
}

/// The linear form of each subscript of `access` that names one element
/// (a vector access's trailing subscripts name only the first of its lanes
/// and are left out, and so are all of a DMA's); nullopt for a subscript
/// with a division or modulo.
SameIterationTest::Subscripts
SameIterationTest::linearSubscripts(const MemRefAccess &access) {
  Subscripts out;
  size_t lanes = getAccessExtent(access).size();
  if (!isAffineLoadOrStore(access.op) && lanes == 0)
    return out;
  AffineValueMap avm = composeAffineValueMap(access.indices);
  const AffineMap &map = avm.map;
  unsigned inputs = map.getNumInputs();
  for (unsigned k = 0; k + lanes < map.getNumResults(); ++k) {
    AffineExpr e = map.getResult(k);
    FlatExprs flat;
    if (!flattenAffineExprs({&e, 1}, map.getNumDims(), map.getNumSymbols(),
                            flat) ||
        std::any_of(flat.rows[0].begin() + inputs, flat.rows[0].end() - 1,
                    [](int64_t c) { return c != 0; })) {
      out.push_back(std::nullopt);
      continue;
    }
    LinearSubscript s;
    s.constant = flat.rows[0].back();
    for (unsigned c = 0; c < inputs; ++c)
      if (flat.rows[0][c] != 0)
        s.terms.push_back({avm.operands[c], flat.rows[0][c]});
    std::sort(s.terms.begin(), s.terms.end());
    out.push_back(std::move(s));
  }
  return out;
}

bool SameIterationTest::onlySameIterationMeets(size_t ia, size_t ib,
                                               Operation *loop) const {
  // Subscripts of different memref values (views) name different spaces.
  if (memrefs[ia] != memrefs[ib])
    return false;
  const Subscripts &a = subscripts[ia], &b = subscripts[ib];
  Value *iv = loop->getRegion(0).front().getArgument(0);
  for (size_t k = 0; k < std::min(a.size(), b.size()); ++k) {
    if (!a[k] || !b[k] || !(*a[k] == *b[k]))
      continue;
    bool hasIv = false, fixed = true;
    for (const auto &[v, c] : a[k]->terms) {
      if (v == iv)
        hasIv = true;
      else if (isDefinedInside(v, loop))
        fixed = false;
    }
    if (hasIv && fixed)
      return true;
  }
  return false;
}

} // namespace affjit
