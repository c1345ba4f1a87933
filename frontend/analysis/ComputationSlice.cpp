// Computation slices (see ComputationSlice.h).
#include "frontend/analysis/ComputationSlice.h"

#include "frontend/analysis/Dependence.h"
#include "frontend/analysis/OmegaTest.h"

#include <algorithm>
#include <sstream>

namespace affjit {

bool SliceBound::dependsOnDst() const {
  return std::any_of(dstCoeffs.begin(), dstCoeffs.end(),
                     [](int64_t c) { return c != 0; });
}

std::optional<unsigned> SliceBound::getUnitDstLoop() const {
  if (!symbolCoeffs.empty() || divisor != 1)
    return std::nullopt;
  std::optional<unsigned> loop;
  for (unsigned j = 0; j < dstCoeffs.size(); ++j) {
    if (dstCoeffs[j] == 0)
      continue;
    if (dstCoeffs[j] != 1 || loop)
      return std::nullopt;
    loop = j;
  }
  return loop;
}

namespace {

std::vector<Operation *> memoryAccessesIn(Operation *root) {
  std::vector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (!getMemRefAccesses(op).empty())
      ops.push_back(op);
  });
  return ops;
}

/// Whether `v` is defined where code inserted at the start of the body of
/// `loop` can use it.
bool isAvailableInBody(Value *v, AffineForOp loop) {
  Operation *def = v->getDefiningOp();
  if (!def) {
    // A block argument dominates its block and every block nested in it.
    Block *owner = v->getParentBlock();
    if (owner == loop.getBody())
      return true;
    for (Operation *p = loop.getOperation(); p; p = p->getParentOp())
      if (p->getBlock() == owner)
        return true;
    return false;
  }
  for (Operation *p = loop.getOperation(); p; p = p->getParentOp())
    if (p->getBlock() == def->getBlock())
      return def != p && def->isBeforeInBlock(p);
  return false;
}

/// A bound on column 0 read from one row `a * s + rest (>= | ==) 0`.
SliceBound boundFromRow(std::span<const int64_t> row,
                        const ConstraintSystem &cst, unsigned numDst,
                        bool lower, bool &ok) {
  int64_t a = row[0];
  // lower: s >= -rest / a (a > 0); upper: s <= rest / -a (a < 0), taken
  // exclusive as floor((rest - a) / -a).
  int64_t sign = lower ? -1 : 1;
  int64_t div = lower ? a : -a;
  SliceBound b;
  b.divisor = div;
  b.dstCoeffs.resize(numDst);
  for (unsigned j = 0; j < numDst; ++j)
    b.dstCoeffs[j] = checkedMul(sign, row[1 + j]);
  unsigned symBegin = cst.getKindOffset(VarKind::Symbol);
  for (unsigned s = 0; s < cst.getNumSymbols(); ++s) {
    int64_t c = row[symBegin + s];
    if (c == 0)
      continue;
    Value *v = cst.getValue(symBegin + s);
    if (!v)
      ok = false;
    b.symbolCoeffs[v] = checkedMul(sign, c);
  }
  b.constant = checkedMul(sign, row.back());
  if (!lower)
    b.constant = checkedAdd(b.constant, div);
  return b;
}

/// Keeps the tightest bound of each linear part.
void addTightest(std::vector<SliceBound> &list, const SliceBound &b,
                 bool lower) {
  for (SliceBound &o : list)
    if (o.sameLinearPart(b)) {
      o.constant = lower ? std::max(o.constant, b.constant)
                         : std::min(o.constant, b.constant);
      return;
    }
  list.push_back(b);
}

/// The bounds of column 0 of `cst` (columns: [s, dst..., symbols..., const]
/// with no locals) that depend on a destination loop and use only symbols
/// available in `dstLoop`'s body.
SliceLoopBounds readBounds(const ConstraintSystem &cst, unsigned numDst,
                           AffineForOp dstLoop) {
  SliceLoopBounds fromEq, fromIneq;
  auto usable = [&](const SliceBound &b, bool ok) {
    if (!ok || !b.dependsOnDst())
      return false;
    for (auto &[v, c] : b.symbolCoeffs)
      if (!isAvailableInBody(v, dstLoop))
        return false;
    return true;
  };
  for (unsigned r = 0; r < cst.getNumEqualities(); ++r) {
    std::vector<int64_t> row(cst.getEquality(r).begin(),
                             cst.getEquality(r).end());
    if (row[0] == 0)
      continue;
    if (row[0] < 0)
      for (int64_t &c : row)
        c = checkedNeg(c);
    bool ok = true;
    SliceBound lb = boundFromRow(row, cst, numDst, true, ok);
    std::vector<int64_t> neg(row.size());
    for (size_t i = 0; i < row.size(); ++i)
      neg[i] = checkedNeg(row[i]);
    SliceBound ub = boundFromRow(neg, cst, numDst, false, ok);
    if (usable(lb, ok)) {
      addTightest(fromEq.lbs, lb, true);
      addTightest(fromEq.ubs, ub, false);
    }
  }
  if (!fromEq.lbs.empty())
    return fromEq;
  for (unsigned r = 0; r < cst.getNumInequalities(); ++r) {
    std::span<const int64_t> row = cst.getInequality(r);
    if (row[0] == 0)
      continue;
    bool lower = row[0] > 0, ok = true;
    SliceBound b = boundFromRow(row, cst, numDst, lower, ok);
    if (usable(b, ok))
      addTightest(lower ? fromIneq.lbs : fromIneq.ubs, b, lower);
  }
  return fromIneq;
}

/// The union of two bound lists of one loop: kept where they pair up by
/// linear part (the loosest constant), dropped (the loop's own bound)
/// otherwise.
void uniteBounds(std::vector<SliceBound> &acc, const std::vector<SliceBound> &b,
                 bool lower) {
  if (acc.size() != b.size()) {
    acc.clear();
    return;
  }
  for (size_t i = 0; i < acc.size(); ++i) {
    if (!acc[i].sameLinearPart(b[i])) {
      acc.clear();
      return;
    }
    acc[i].constant = lower ? std::min(acc[i].constant, b[i].constant)
                            : std::max(acc[i].constant, b[i].constant);
  }
}

bool hasLeadingIVs(const ConstraintSystem &cst, unsigned offset,
                   const std::vector<AffineForOp> &loops) {
  for (unsigned i = 0; i < loops.size(); ++i)
    if (cst.getValue(offset + i) != loops[i].getInductionVar())
      return false;
  return true;
}

/// The bounds each source loop gets from one access pair; nullopt when the
/// pair shares no element.
std::optional<std::vector<SliceLoopBounds>>
sliceOfPair(const Relation &rel, const std::vector<AffineForOp> &srcLoops,
            const std::vector<AffineForOp> &dstLoops, bool &failed) {
  ConstraintSystem cst = rel.cst;
  unsigned numA = rel.numDomain, numB = cst.getNumDims() - numA;
  unsigned m = (unsigned)srcLoops.size(), d = (unsigned)dstLoops.size();
  if (numA < m || numB < d || !hasLeadingIVs(cst, 0, srcLoops) ||
      !hasLeadingIVs(cst, numA, dstLoops)) {
    failed = true;
    return std::nullopt;
  }
  if (isIntegerEmpty(cst))
    return std::nullopt;
  cst.projectOut(cst.getKindOffset(VarKind::Local), cst.getNumLocals());
  cst.projectOut(numA + d, numB - d);
  cst.projectOut(m, numA - m);
  std::vector<SliceLoopBounds> out(m);
  for (unsigned k = 0; k < m; ++k) {
    ConstraintSystem c = cst;
    for (unsigned j = m; j-- > 0;)
      if (j != k)
        c.projectOut(j, 1);
    out[k] = readBounds(c, d, dstLoops.back());
  }
  return out;
}

std::string boundText(const SliceBound &b, bool lower) {
  std::ostringstream os;
  bool first = true;
  auto term = [&](int64_t c, const std::string &name) {
    if (c == 0)
      return;
    if (!first)
      os << (c < 0 ? " - " : " + ");
    else if (c < 0)
      os << "-";
    uint64_t mag = c < 0 ? 0 - (uint64_t)c : (uint64_t)c; // INT64_MIN too
    if (mag != 1 || name.empty())
      os << mag << (name.empty() ? "" : " * ");
    os << name;
    first = false;
  };
  if (b.divisor != 1)
    os << "(";
  for (size_t j = 0; j < b.dstCoeffs.size(); ++j)
    term(b.dstCoeffs[j], "d" + std::to_string(j));
  for (auto &[v, c] : b.symbolCoeffs)
    term(c, v->getNameHint().empty() ? "s" : "%" + v->getNameHint());
  if (b.constant != 0 || first)
    term(b.constant, "");
  if (first)
    os << "0";
  if (b.divisor != 1)
    os << ") " << (lower ? "ceildiv " : "floordiv ") << b.divisor;
  return os.str();
}

} // namespace

std::optional<int64_t> ComputationSlice::getExtent(unsigned k) const {
  const SliceLoopBounds &b = bounds[k];
  if (b.lbs.size() != 1 || b.ubs.size() != 1 ||
      !b.lbs[0].sameLinearPart(b.ubs[0]) || b.lbs[0].divisor != 1)
    return std::nullopt;
  __int128 extent = (__int128)b.ubs[0].constant - b.lbs[0].constant;
  return (int64_t)std::clamp<__int128>(extent, 0, INT64_MAX);
}

std::optional<std::pair<unsigned, int64_t>>
ComputationSlice::getPointMapping(unsigned k) const {
  std::optional<int64_t> extent = getExtent(k);
  if (!extent || *extent != 1)
    return std::nullopt;
  const SliceBound &lb = bounds[k].lbs[0];
  std::optional<unsigned> loop = lb.getUnitDstLoop();
  if (!loop)
    return std::nullopt;
  return std::make_pair(*loop, lb.constant);
}

bool ComputationSlice::isOneToOne() const {
  std::vector<unsigned> uses(getDepth(), 0);
  for (unsigned k = 0; k < bounds.size(); ++k) {
    if (auto point = getPointMapping(k)) {
      ++uses[point->first];
      continue;
    }
    if (!bounds[k].lbs.empty() || !bounds[k].ubs.empty())
      return false;
  }
  return std::all_of(uses.begin(), uses.end(),
                     [](unsigned n) { return n == 1; });
}

std::string ComputationSlice::describe() const {
  std::ostringstream os;
  os << "(";
  for (unsigned j = 0; j < getDepth(); ++j)
    os << (j ? ", " : "") << "d" << j;
  os << ") -> [";
  for (unsigned k = 0; k < bounds.size(); ++k) {
    if (k)
      os << ", ";
    const SliceLoopBounds &b = bounds[k];
    if (b.lbs.empty() && b.ubs.empty()) {
      os << "all";
      continue;
    }
    // A stepped loop runs only the values on its step from its own start.
    std::string step =
        srcLoops[k].getStep() == 1
            ? ""
            : " (on step " + std::to_string(srcLoops[k].getStep()) + ")";
    if (b.lbs.size() == 1 && b.ubs.size() == 1 && getExtent(k) == 1) {
      os << boundText(b.lbs[0], true) << step;
      continue;
    }
    auto list = [&](const std::vector<SliceBound> &l, bool lower) {
      if (l.empty())
        return std::string("*");
      std::string s = l.size() > 1 ? (lower ? "max(" : "min(") : "";
      for (size_t i = 0; i < l.size(); ++i)
        s += (i ? ", " : "") + boundText(l[i], lower);
      return s + (l.size() > 1 ? ")" : "");
    };
    os << list(b.lbs, true) << " to " << list(b.ubs, false) << step;
  }
  os << "]";
  return os.str();
}

std::vector<AffineForOp> getCommonLoops(Operation *root,
                                        const std::vector<Operation *> &ops) {
  std::vector<AffineForOp> loops;
  auto rootFor = dyn_cast<AffineForOp>(root);
  if (!rootFor)
    return loops;
  std::vector<Value *> common;
  bool first = true;
  for (Operation *op : ops) {
    std::vector<Value *> ivs = getEnclosingInductionVars(op);
    auto it = std::find(ivs.begin(), ivs.end(), rootFor.getInductionVar());
    if (it == ivs.end())
      return {};
    std::vector<Value *> inside(it, ivs.end());
    if (first) {
      common = inside;
      first = false;
      continue;
    }
    size_t n = 0;
    while (n < common.size() && n < inside.size() && common[n] == inside[n])
      ++n;
    common.resize(n);
  }
  if (first)
    common = {rootFor.getInductionVar()};
  for (Value *iv : common) {
    auto forOp = dyn_cast<AffineForOp>(getInductionVarOwner(iv));
    if (!forOp)
      break;
    loops.push_back(forOp);
  }
  return loops;
}

std::vector<AffineForOp> getSliceableLoops(Operation *root) {
  return getCommonLoops(root, memoryAccessesIn(root));
}

std::optional<ComputationSlice>
computeSliceUnion(const std::vector<AffineForOp> &srcLoops,
                  const std::vector<AffineForOp> &dstLoops,
                  const std::vector<std::pair<Operation *, Operation *>> &pairs,
                  std::string *why) {
  auto fail = [&](std::string reason) -> std::optional<ComputationSlice> {
    if (why)
      *why = std::move(reason);
    return std::nullopt;
  };
  if (srcLoops.empty() || dstLoops.empty())
    return fail("no loops to slice");
  ComputationSlice slice;
  slice.srcLoops = srcLoops;
  slice.dstLoops = dstLoops;
  bool any = false;
  DomainOptions domain;
  domain.exactSteps = true;
  try {
    for (auto [a, b] : pairs) {
      std::optional<Relation> rel;
      for (const MemRefAccess &x : getMemRefAccesses(a))
        for (const MemRefAccess &y : getMemRefAccesses(b))
          if (!rel && x.memref == y.memref)
            rel = getAccessPairRelation(x, y, domain);
      if (!rel)
        return fail("an access is not affine");
      bool failed = false;
      auto bounds = sliceOfPair(*rel, srcLoops, dstLoops, failed);
      if (failed)
        return fail("an access is outside the loops being fused");
      if (!bounds)
        continue;
      if (!any) {
        slice.bounds = std::move(*bounds);
        any = true;
        continue;
      }
      for (unsigned k = 0; k < srcLoops.size(); ++k) {
        uniteBounds(slice.bounds[k].lbs, (*bounds)[k].lbs, true);
        uniteBounds(slice.bounds[k].ubs, (*bounds)[k].ubs, false);
      }
    }
  } catch (const CoefficientOverflow &) {
    return fail("coefficients overflow 64 bits");
  } catch (const AnalysisBudgetExceeded &) {
    return fail("the slice exceeded the analysis budget");
  }
  if (!any)
    return fail("the nests share no element at this depth");
  return slice;
}

} // namespace affjit
