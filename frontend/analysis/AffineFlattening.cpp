// Post-order flattening of affine expressions, following MLIR's
// SimpleAffineExprFlattener: divisions are simplified by the GCD of dividend
// and divisor, identical divisions share one local.
#include "frontend/analysis/AffineFlattening.h"

#include <map>
#include <tuple>

namespace affjit {
namespace {

class Flattener {
public:
  Flattener(unsigned numDims, unsigned numSymbols, FlatExprs &out)
      : numDims(numDims), numSymbols(numSymbols), out(out) {
    out.localCst = ConstraintSystem(numDims, numSymbols, 0);
  }

  bool flatten(AffineExpr e, std::vector<int64_t> &row);

private:
  using Row = std::vector<int64_t>;
  unsigned numCols() const { return numDims + numSymbols + numLocals + 1; }
  Row zeroRow() const { return Row(numCols(), 0); }
  bool isConstant(const Row &r) const {
    for (size_t i = 0; i + 1 < r.size(); ++i)
      if (r[i] != 0)
        return false;
    return true;
  }
  bool flattenBinary(AffineExpr e, Row &row);
  bool flattenMod(Row &lhs, int64_t c);
  bool flattenDiv(Row &lhs, int64_t c, bool isCeil);
  /// The local for floor(dividend / divisor), created if new.
  unsigned localFor(const Row &dividend, int64_t divisor, bool isCeil);
  void widen(Row &r) const { r.insert(r.end() - 1, numCols() - r.size(), 0); }

  unsigned numDims, numSymbols, numLocals = 0;
  FlatExprs &out;
  std::map<std::tuple<bool, Row, int64_t>, unsigned> locals;
  /// Rows still on the flattening stack, widened when a local appears.
  std::vector<Row *> live;
};

bool Flattener::flatten(AffineExpr e, Row &row) {
  row = zeroRow();
  switch (e.getKind()) {
  case AffineExprKind::Constant:
    row.back() = e.getValue();
    return true;
  case AffineExprKind::Dim:
    row[e.getPosition()] = 1;
    return true;
  case AffineExprKind::Symbol:
    row[numDims + e.getPosition()] = 1;
    return true;
  default:
    return flattenBinary(e, row);
  }
}

bool Flattener::flattenBinary(AffineExpr e, Row &row) {
  Row lhs, rhs;
  live.push_back(&lhs);
  bool ok = flatten(e.getLHS(), lhs);
  live.push_back(&rhs);
  ok = ok && flatten(e.getRHS(), rhs);
  live.pop_back();
  live.pop_back();
  if (!ok)
    return false;
  widen(lhs);
  widen(rhs);
  switch (e.getKind()) {
  case AffineExprKind::Add:
    for (size_t i = 0; i < lhs.size(); ++i)
      lhs[i] = checkedAdd(lhs[i], rhs[i]);
    break;
  case AffineExprKind::Mul: {
    if (!isConstant(rhs))
      std::swap(lhs, rhs);
    if (!isConstant(rhs))
      return false;
    for (int64_t &v : lhs)
      v = checkedMul(v, rhs.back());
    break;
  }
  default:
    if (!isConstant(rhs) || rhs.back() <= 0)
      return false;
    live.push_back(&lhs);
    ok = e.getKind() == AffineExprKind::Mod
             ? flattenMod(lhs, rhs.back())
             : flattenDiv(lhs, rhs.back(),
                          e.getKind() == AffineExprKind::CeilDiv);
    live.pop_back();
    if (!ok)
      return false;
  }
  row = std::move(lhs);
  return true;
}

bool Flattener::flattenMod(Row &lhs, int64_t c) {
  bool multiple = true;
  for (int64_t v : lhs)
    multiple &= v % c == 0;
  if (multiple) {
    std::fill(lhs.begin(), lhs.end(), 0);
    return true;
  }
  // e mod c = e - c * floor(e / c), dividing e and c by their GCD first.
  int64_t g = c;
  for (int64_t v : lhs)
    g = gcd64(g, v);
  Row dividend = lhs;
  for (int64_t &v : dividend)
    v /= g;
  unsigned q = localFor(dividend, c / g, false);
  widen(lhs);
  lhs[numDims + numSymbols + q] = checkedSub(lhs[numDims + numSymbols + q], c);
  return true;
}

bool Flattener::flattenDiv(Row &lhs, int64_t c, bool isCeil) {
  int64_t g = c;
  for (int64_t v : lhs)
    g = gcd64(g, v);
  for (int64_t &v : lhs)
    v /= g;
  int64_t divisor = c / g;
  if (divisor == 1)
    return true;
  unsigned q = localFor(lhs, divisor, isCeil);
  lhs = zeroRow();
  lhs[numDims + numSymbols + q] = 1;
  return true;
}

unsigned Flattener::localFor(const Row &dividend, int64_t divisor,
                             bool isCeil) {
  Row key = dividend;
  widen(key);
  auto it = locals.find({isCeil, key, divisor});
  if (it != locals.end())
    return it->second;
  Row floorDividend = key;
  if (isCeil) // e ceildiv c == (e + c - 1) floordiv c
    floorDividend.back() = checkedAdd(floorDividend.back(), divisor - 1);
  out.localCst.addLocalFloorDiv(floorDividend, divisor);
  unsigned q = numLocals++;
  locals.emplace(std::make_tuple(isCeil, key, divisor), q);
  for (Row *r : live)
    widen(*r);
  for (Row &r : out.rows)
    widen(r);
  return q;
}

} // namespace

bool flattenAffineExprs(std::span<const AffineExpr> exprs, unsigned numDims,
                        unsigned numSymbols, FlatExprs &out) {
  out.rows.clear();
  Flattener flattener(numDims, numSymbols, out);
  for (const AffineExpr &e : exprs) {
    std::vector<int64_t> row;
    if (!flattener.flatten(e, row))
      return false;
    out.rows.push_back(std::move(row));
  }
  unsigned cols = out.localCst.getNumCols();
  for (auto &r : out.rows)
    r.insert(r.end() - 1, cols - r.size(), 0);
  return true;
}

} // namespace affjit
