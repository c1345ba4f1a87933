// Affine maps and integer sets: construction, queries, evaluation and
// MLIR's printing (`(d0, d1)[s0] -> (...)`, `(d0)[s0] : (... >= 0)`).
#include "frontend/ir/AffineMap.h"

#include <sstream>

namespace affjit {

AffineMap AffineMap::get(unsigned nd, unsigned ns,
                         std::vector<AffineExpr> results) {
  AffineMap m;
  m.impl = std::make_shared<const Storage>(Storage{nd, ns, std::move(results)});
  return m;
}
AffineMap AffineMap::getConstant(int64_t v) {
  return get(0, 0, {AffineExpr::constant(v)});
}
AffineMap AffineMap::getSymbolIdentity() {
  return get(0, 1, {AffineExpr::symbol(0)});
}
AffineMap AffineMap::getMultiDimIdentity(unsigned nd) {
  std::vector<AffineExpr> r;
  for (unsigned i = 0; i < nd; ++i)
    r.push_back(AffineExpr::dim(i));
  return get(nd, 0, r);
}
unsigned AffineMap::getNumDims() const { return impl->numDims; }
unsigned AffineMap::getNumSymbols() const { return impl->numSymbols; }
unsigned AffineMap::getNumResults() const {
  return (unsigned)impl->results.size();
}
const std::vector<AffineExpr> &AffineMap::getResults() const {
  return impl->results;
}
bool AffineMap::isIdentity() const {
  if (getNumDims() != getNumResults())
    return false;
  for (unsigned i = 0; i < getNumResults(); ++i) {
    AffineExpr e = getResult(i);
    if (e.getKind() != AffineExprKind::Dim || e.getPosition() != i)
      return false;
  }
  return true;
}
bool AffineMap::isSingleConstant() const {
  return getNumResults() == 1 &&
         getResult(0).getKind() == AffineExprKind::Constant;
}
int64_t AffineMap::getSingleConstantResult() const {
  return getResult(0).getValue();
}
bool AffineMap::isSymbolIdentity() const {
  return getNumDims() == 0 && getNumSymbols() == 1 && getNumResults() == 1 &&
         getResult(0).getKind() == AffineExprKind::Symbol;
}
bool AffineMap::operator==(const AffineMap &o) const {
  if (impl == o.impl)
    return true;
  if (!impl || !o.impl)
    return false;
  return impl->numDims == o.impl->numDims &&
         impl->numSymbols == o.impl->numSymbols &&
         impl->results == o.impl->results;
}
size_t AffineMap::hash() const {
  if (!impl)
    return 0;
  size_t h = impl->numDims * 131 + impl->numSymbols;
  for (auto &e : impl->results)
    h = h * 31 + e.hash();
  return h;
}
AffineMap AffineMap::simplified() const {
  std::vector<AffineExpr> r;
  for (auto &e : impl->results)
    r.push_back(simplifyAffineExpr(e, getNumDims(), getNumSymbols()));
  return get(getNumDims(), getNumSymbols(), r);
}
AffineMap AffineMap::replaceDimsAndSymbols(const std::vector<AffineExpr> &dims,
                                           const std::vector<AffineExpr> &syms,
                                           unsigned nd, unsigned ns) const {
  std::vector<AffineExpr> r;
  for (auto &e : impl->results)
    r.push_back(e.replaceDimsAndSymbols(dims, syms));
  return get(nd, ns, r);
}
std::optional<std::vector<int64_t>>
AffineMap::evaluate(const std::vector<int64_t> &dims,
                    const std::vector<int64_t> &syms) const {
  std::vector<int64_t> out;
  for (auto &e : impl->results) {
    auto v = e.evaluate(dims, syms);
    if (!v)
      return std::nullopt;
    out.push_back(*v);
  }
  return out;
}

static void printDimsAndSymbols(std::ostream &os, unsigned nd, unsigned ns) {
  os << '(';
  for (unsigned i = 0; i < nd; ++i)
    os << (i ? ", " : "") << 'd' << i;
  os << ')';
  if (ns) {
    os << '[';
    for (unsigned i = 0; i < ns; ++i)
      os << (i ? ", " : "") << 's' << i;
    os << ']';
  }
}

void AffineMap::print(std::ostream &os) const {
  if (!impl) {
    os << "<<null affine map>>";
    return;
  }
  printDimsAndSymbols(os, getNumDims(), getNumSymbols());
  os << " -> (";
  for (unsigned i = 0; i < getNumResults(); ++i) {
    if (i)
      os << ", ";
    getResult(i).print(os);
  }
  os << ')';
}
std::string AffineMap::str() const {
  std::ostringstream os;
  print(os);
  return os.str();
}

IntegerSet IntegerSet::get(unsigned nd, unsigned ns,
                           std::vector<AffineExpr> constraints,
                           std::vector<bool> eqFlags) {
  IntegerSet s;
  s.impl = std::make_shared<const Storage>(
      Storage{nd, ns, std::move(constraints), std::move(eqFlags)});
  return s;
}
unsigned IntegerSet::getNumDims() const { return impl->numDims; }
unsigned IntegerSet::getNumSymbols() const { return impl->numSymbols; }
unsigned IntegerSet::getNumConstraints() const {
  return (unsigned)impl->constraints.size();
}
AffineExpr IntegerSet::getConstraint(unsigned i) const {
  return impl->constraints[i];
}
bool IntegerSet::isEq(unsigned i) const { return impl->eqFlags[i]; }
const std::vector<AffineExpr> &IntegerSet::getConstraints() const {
  return impl->constraints;
}
const std::vector<bool> &IntegerSet::getEqFlags() const {
  return impl->eqFlags;
}
bool IntegerSet::operator==(const IntegerSet &o) const {
  if (impl == o.impl)
    return true;
  if (!impl || !o.impl)
    return false;
  return impl->numDims == o.impl->numDims &&
         impl->numSymbols == o.impl->numSymbols &&
         impl->constraints == o.impl->constraints &&
         impl->eqFlags == o.impl->eqFlags;
}
size_t IntegerSet::hash() const {
  if (!impl)
    return 0;
  size_t h = impl->numDims * 131 + impl->numSymbols;
  for (size_t i = 0; i < impl->constraints.size(); ++i)
    h = h * 31 + impl->constraints[i].hash() * 2 + impl->eqFlags[i];
  return h;
}
std::optional<bool>
IntegerSet::evaluate(const std::vector<int64_t> &dims,
                     const std::vector<int64_t> &syms) const {
  for (size_t i = 0; i < impl->constraints.size(); ++i) {
    auto v = impl->constraints[i].evaluate(dims, syms);
    if (!v)
      return std::nullopt;
    if (impl->eqFlags[i] ? *v != 0 : *v < 0)
      return false;
  }
  return true;
}
void IntegerSet::print(std::ostream &os) const {
  if (!impl) {
    os << "<<null integer set>>";
    return;
  }
  printDimsAndSymbols(os, getNumDims(), getNumSymbols());
  os << " : (";
  for (unsigned i = 0; i < getNumConstraints(); ++i) {
    if (i)
      os << ", ";
    getConstraint(i).print(os);
    os << (isEq(i) ? " == 0" : " >= 0");
  }
  os << ')';
}
std::string IntegerSet::str() const {
  std::ostringstream os;
  print(os);
  return os.str();
}

} // namespace affjit
