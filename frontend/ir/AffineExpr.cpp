// Affine expression nodes and MLIR 19's construction-time simplifications
// (constant folding, constants and symbols moved right, c1*e + c2*e, mod
// detection, divisor reasoning), exact evaluation, flattening-based
// simplifyAffineExpr and MLIR's printing rules.
#include "frontend/ir/AffineExpr.h"

#include <functional>
#include <map>
#include <numeric>
#include <sstream>

namespace affjit {

struct AffineExprNode {
  AffineExprKind kind;
  int64_t value = 0; // constants
  unsigned pos = 0;  // dims, symbols
  AffineExpr lhs, rhs;
};

int64_t floorDivInt(int64_t a, int64_t b) {
  int64_t q = a / b, r = a % b;
  return (r != 0 && ((r < 0) != (b < 0))) ? q - 1 : q;
}
int64_t ceilDivInt(int64_t a, int64_t b) {
  int64_t q = a / b, r = a % b;
  return (r != 0 && ((r < 0) == (b < 0))) ? q + 1 : q;
}
int64_t modInt(int64_t a, int64_t b) {
  int64_t r = a % b;
  return r < 0 ? r + (b < 0 ? -b : b) : r;
}

AffineExpr AffineExpr::dim(unsigned pos) {
  auto n = std::make_shared<AffineExprNode>();
  n->kind = AffineExprKind::Dim;
  n->pos = pos;
  return AffineExpr(n);
}
AffineExpr AffineExpr::symbol(unsigned pos) {
  auto n = std::make_shared<AffineExprNode>();
  n->kind = AffineExprKind::Symbol;
  n->pos = pos;
  return AffineExpr(n);
}
AffineExpr AffineExpr::constant(int64_t v) {
  auto n = std::make_shared<AffineExprNode>();
  n->kind = AffineExprKind::Constant;
  n->value = v;
  return AffineExpr(n);
}
AffineExpr AffineExpr::binary(AffineExprKind k, AffineExpr l, AffineExpr r) {
  auto n = std::make_shared<AffineExprNode>();
  n->kind = k;
  n->lhs = l;
  n->rhs = r;
  return AffineExpr(n);
}

AffineExprKind AffineExpr::getKind() const { return node->kind; }
unsigned AffineExpr::getPosition() const { return node->pos; }
int64_t AffineExpr::getValue() const { return node->value; }
AffineExpr AffineExpr::getLHS() const { return node->lhs; }
AffineExpr AffineExpr::getRHS() const { return node->rhs; }

static bool isBinary(AffineExprKind k) {
  return k == AffineExprKind::Add || k == AffineExprKind::Mul ||
         k == AffineExprKind::Mod || k == AffineExprKind::FloorDiv ||
         k == AffineExprKind::CeilDiv;
}

bool AffineExpr::operator==(const AffineExpr &o) const {
  if (node == o.node)
    return true;
  if (!node || !o.node || node->kind != o.node->kind)
    return false;
  switch (node->kind) {
  case AffineExprKind::Constant:
    return node->value == o.node->value;
  case AffineExprKind::Dim:
  case AffineExprKind::Symbol:
    return node->pos == o.node->pos;
  default:
    return node->lhs == o.node->lhs && node->rhs == o.node->rhs;
  }
}

size_t AffineExpr::hash() const {
  if (!node)
    return 0;
  size_t h = std::hash<int>()((int)node->kind);
  switch (node->kind) {
  case AffineExprKind::Constant:
    return h * 31 + std::hash<int64_t>()(node->value);
  case AffineExprKind::Dim:
  case AffineExprKind::Symbol:
    return h * 31 + node->pos;
  default:
    return (h * 31 + node->lhs.hash()) * 31 + node->rhs.hash();
  }
}

static bool isConst(const AffineExpr &e) {
  return e.getKind() == AffineExprKind::Constant;
}

/// The largest integer known to divide `e` (MLIR's getLargestKnownDivisor).
static int64_t largestKnownDivisor(const AffineExpr &e) {
  switch (e.getKind()) {
  case AffineExprKind::Constant:
    return e.getValue() < 0 ? -e.getValue() : e.getValue();
  case AffineExprKind::Dim:
  case AffineExprKind::Symbol:
    return 1;
  case AffineExprKind::Mul:
    return largestKnownDivisor(e.getLHS()) * largestKnownDivisor(e.getRHS());
  case AffineExprKind::FloorDiv:
  case AffineExprKind::CeilDiv: {
    if (!isConst(e.getRHS()) || e.getRHS().getValue() == 0)
      return 1;
    int64_t l = largestKnownDivisor(e.getLHS());
    int64_t r = e.getRHS().getValue();
    return l % r == 0 ? (l / r < 0 ? -(l / r) : l / r) : 1;
  }
  case AffineExprKind::Add:
  case AffineExprKind::Mod:
    return std::gcd(largestKnownDivisor(e.getLHS()),
                    largestKnownDivisor(e.getRHS()));
  }
  return 1;
}

bool AffineExpr::isSymbolicOrConstant() const {
  switch (getKind()) {
  case AffineExprKind::Constant:
  case AffineExprKind::Symbol:
    return true;
  case AffineExprKind::Dim:
    return false;
  default:
    return getLHS().isSymbolicOrConstant() && getRHS().isSymbolicOrConstant();
  }
}

bool AffineExpr::isPureAffine() const {
  switch (getKind()) {
  case AffineExprKind::Constant:
  case AffineExprKind::Symbol:
  case AffineExprKind::Dim:
    return true;
  case AffineExprKind::Add:
    return getLHS().isPureAffine() && getRHS().isPureAffine();
  case AffineExprKind::Mul:
    return getLHS().isPureAffine() && getRHS().isPureAffine() &&
           (isConst(getLHS()) || isConst(getRHS()));
  default:
    return getLHS().isPureAffine() && isConst(getRHS());
  }
}

bool AffineExpr::isFunctionOfDim(unsigned pos) const {
  if (getKind() == AffineExprKind::Dim)
    return getPosition() == pos;
  if (isBinary(getKind()))
    return getLHS().isFunctionOfDim(pos) || getRHS().isFunctionOfDim(pos);
  return false;
}

bool AffineExpr::isFunctionOfSymbol(unsigned pos) const {
  if (getKind() == AffineExprKind::Symbol)
    return getPosition() == pos;
  if (isBinary(getKind()))
    return getLHS().isFunctionOfSymbol(pos) || getRHS().isFunctionOfSymbol(pos);
  return false;
}

//===-- simplifying constructors (MLIR's rules)
//----------------------------===//

static AffineExpr simplifyAdd(AffineExpr lhs, AffineExpr rhs) {
  if (isConst(lhs) && isConst(rhs)) {
    int64_t sum;
    if (__builtin_add_overflow(lhs.getValue(), rhs.getValue(), &sum))
      return AffineExpr();
    return AffineExpr::constant(sum);
  }
  // Constants, then symbolic terms, go to the right.
  if (isConst(lhs) ||
      (lhs.isSymbolicOrConstant() && !rhs.isSymbolicOrConstant()))
    return rhs + lhs;
  if (isConst(rhs) && rhs.getValue() == 0)
    return lhs;
  bool lAdd = lhs.getKind() == AffineExprKind::Add;
  int64_t sum;
  // Folds stop where the coefficient would leave int64 (found by UBSan).
  if (lAdd && isConst(rhs) && isConst(lhs.getRHS()) &&
      !__builtin_add_overflow(lhs.getRHS().getValue(), rhs.getValue(), &sum))
    return lhs.getLHS() + sum;
  // c1 * e + c2 * e -> (c1 + c2) * e.
  int64_t c1 = 1, c2 = 1;
  AffineExpr first = lhs, second = rhs;
  if (lhs.getKind() == AffineExprKind::Mul && isConst(lhs.getRHS())) {
    c1 = lhs.getRHS().getValue();
    first = lhs.getLHS();
  }
  if (rhs.getKind() == AffineExprKind::Mul && isConst(rhs.getRHS())) {
    c2 = rhs.getRHS().getValue();
    second = rhs.getLHS();
  }
  if (first == second && !__builtin_add_overflow(c1, c2, &sum))
    return first * sum;
  // (e + c) + r -> (e + r) + c.
  if (lAdd && isConst(lhs.getRHS()))
    return lhs.getLHS() + rhs + lhs.getRHS();
  if (rhs.getKind() != AffineExprKind::Mul)
    return AffineExpr();
  // e + ((e floordiv q) * q) * -1 -> e mod q.
  AffineExpr lrhs = rhs.getLHS(), rrhs = rhs.getRHS();
  if (isConst(rrhs) && rrhs.getValue() == -1 &&
      lrhs.getKind() == AffineExprKind::Mul) {
    AffineExpr llrhs = lrhs.getLHS(), rlrhs = lrhs.getRHS();
    if (llrhs.getKind() != AffineExprKind::FloorDiv)
      return AffineExpr();
    if (llrhs.getRHS() == rlrhs && lhs == llrhs.getLHS())
      return lhs.mod(rlrhs);
  }
  // e + (e floordiv c) * -c -> e mod c.
  if (lrhs.getKind() != AffineExprKind::FloorDiv)
    return AffineExpr();
  AffineExpr llrhs = lrhs.getLHS(), rlrhs = lrhs.getRHS();
  if (isConst(rlrhs) && rlrhs.getValue() > 0 && lhs == llrhs && isConst(rrhs) &&
      rrhs.getValue() == -rlrhs.getValue()) // rlrhs > 0: no overflow
    return lhs.mod(rlrhs);
  return AffineExpr();
}

static AffineExpr simplifyMul(AffineExpr lhs, AffineExpr rhs) {
  if (isConst(lhs) && isConst(rhs)) {
    int64_t p;
    if (__builtin_mul_overflow(lhs.getValue(), rhs.getValue(), &p))
      return AffineExpr();
    return AffineExpr::constant(p);
  }
  if (!lhs.isSymbolicOrConstant() && !rhs.isSymbolicOrConstant())
    return AffineExpr();
  if (!rhs.isSymbolicOrConstant() || isConst(lhs))
    return rhs * lhs;
  if (isConst(rhs)) {
    if (rhs.getValue() == 1)
      return lhs;
    if (rhs.getValue() == 0)
      return rhs;
  }
  bool lMul = lhs.getKind() == AffineExprKind::Mul;
  if (lMul && isConst(rhs) && isConst(lhs.getRHS()))
    return lhs.getLHS() * (lhs.getRHS().getValue() * rhs.getValue());
  if (lMul && isConst(lhs.getRHS()))
    return (lhs.getLHS() * rhs) * lhs.getRHS();
  return AffineExpr();
}

static AffineExpr simplifyFloorDiv(AffineExpr lhs, AffineExpr rhs) {
  if (!isConst(rhs) || rhs.getValue() < 1)
    return AffineExpr();
  int64_t d = rhs.getValue();
  if (isConst(lhs))
    return AffineExpr::constant(floorDivInt(lhs.getValue(), d));
  if (d == 1)
    return lhs;
  if (lhs.getKind() == AffineExprKind::Mul && isConst(lhs.getRHS()) &&
      lhs.getRHS().getValue() % d == 0)
    return lhs.getLHS() * (lhs.getRHS().getValue() / d);
  if (lhs.getKind() == AffineExprKind::Add) {
    if (largestKnownDivisor(lhs.getLHS()) % d == 0 ||
        largestKnownDivisor(lhs.getRHS()) % d == 0)
      return lhs.getLHS().floorDiv(d) + lhs.getRHS().floorDiv(d);
  }
  return AffineExpr();
}

static AffineExpr simplifyCeilDiv(AffineExpr lhs, AffineExpr rhs) {
  if (!isConst(rhs) || rhs.getValue() < 1)
    return AffineExpr();
  int64_t d = rhs.getValue();
  if (isConst(lhs))
    return AffineExpr::constant(ceilDivInt(lhs.getValue(), d));
  if (d == 1)
    return lhs;
  if (lhs.getKind() == AffineExprKind::Mul && isConst(lhs.getRHS()) &&
      lhs.getRHS().getValue() % d == 0)
    return lhs.getLHS() * (lhs.getRHS().getValue() / d);
  return AffineExpr();
}

static AffineExpr simplifyMod(AffineExpr lhs, AffineExpr rhs) {
  if (!isConst(rhs) || rhs.getValue() < 1)
    return AffineExpr();
  int64_t d = rhs.getValue();
  if (isConst(lhs))
    return AffineExpr::constant(modInt(lhs.getValue(), d));
  if (largestKnownDivisor(lhs) % d == 0)
    return AffineExpr::constant(0);
  if (lhs.getKind() == AffineExprKind::Add) {
    if (largestKnownDivisor(lhs.getLHS()) % d == 0)
      return lhs.getRHS().mod(d);
    if (largestKnownDivisor(lhs.getRHS()) % d == 0)
      return lhs.getLHS().mod(d);
  }
  if (lhs.getKind() == AffineExprKind::Mod && isConst(lhs.getRHS()) &&
      lhs.getRHS().getValue() >= 1 && modInt(lhs.getRHS().getValue(), d) == 0)
    return lhs.getLHS().mod(d);
  return AffineExpr();
}

AffineExpr AffineExpr::operator+(AffineExpr o) const {
  if (AffineExpr s = simplifyAdd(*this, o))
    return s;
  return binary(AffineExprKind::Add, *this, o);
}
AffineExpr AffineExpr::operator+(int64_t v) const {
  return *this + constant(v);
}
AffineExpr AffineExpr::operator*(AffineExpr o) const {
  if (AffineExpr s = simplifyMul(*this, o))
    return s;
  return binary(AffineExprKind::Mul, *this, o);
}
AffineExpr AffineExpr::operator*(int64_t v) const {
  return *this * constant(v);
}
AffineExpr AffineExpr::operator-() const { return *this * -1; }
AffineExpr AffineExpr::operator-(AffineExpr o) const { return *this + (-o); }
AffineExpr AffineExpr::operator-(int64_t v) const { return *this + (-v); }
AffineExpr AffineExpr::floorDiv(AffineExpr o) const {
  if (AffineExpr s = simplifyFloorDiv(*this, o))
    return s;
  return binary(AffineExprKind::FloorDiv, *this, o);
}
AffineExpr AffineExpr::floorDiv(int64_t v) const {
  return floorDiv(constant(v));
}
AffineExpr AffineExpr::ceilDiv(AffineExpr o) const {
  if (AffineExpr s = simplifyCeilDiv(*this, o))
    return s;
  return binary(AffineExprKind::CeilDiv, *this, o);
}
AffineExpr AffineExpr::ceilDiv(int64_t v) const { return ceilDiv(constant(v)); }
AffineExpr AffineExpr::mod(AffineExpr o) const {
  if (AffineExpr s = simplifyMod(*this, o))
    return s;
  return binary(AffineExprKind::Mod, *this, o);
}
AffineExpr AffineExpr::mod(int64_t v) const { return mod(constant(v)); }

AffineExpr
AffineExpr::replaceDimsAndSymbols(const std::vector<AffineExpr> &dims,
                                  const std::vector<AffineExpr> &syms) const {
  switch (getKind()) {
  case AffineExprKind::Constant:
    return *this;
  case AffineExprKind::Dim:
    return getPosition() < dims.size() ? dims[getPosition()] : *this;
  case AffineExprKind::Symbol:
    return getPosition() < syms.size() ? syms[getPosition()] : *this;
  default:
    break;
  }
  AffineExpr l = getLHS().replaceDimsAndSymbols(dims, syms);
  AffineExpr r = getRHS().replaceDimsAndSymbols(dims, syms);
  switch (getKind()) {
  case AffineExprKind::Add:
    return l + r;
  case AffineExprKind::Mul:
    return l * r;
  case AffineExprKind::FloorDiv:
    return l.floorDiv(r);
  case AffineExprKind::CeilDiv:
    return l.ceilDiv(r);
  default:
    return l.mod(r);
  }
}

std::optional<int64_t>
AffineExpr::evaluate(const std::vector<int64_t> &dims,
                     const std::vector<int64_t> &syms) const {
  switch (getKind()) {
  case AffineExprKind::Constant:
    return getValue();
  case AffineExprKind::Dim:
    if (getPosition() >= dims.size())
      return std::nullopt;
    return dims[getPosition()];
  case AffineExprKind::Symbol:
    if (getPosition() >= syms.size())
      return std::nullopt;
    return syms[getPosition()];
  default:
    break;
  }
  auto l = getLHS().evaluate(dims, syms), r = getRHS().evaluate(dims, syms);
  if (!l || !r)
    return std::nullopt;
  int64_t out;
  switch (getKind()) {
  case AffineExprKind::Add:
    if (__builtin_add_overflow(*l, *r, &out))
      return std::nullopt;
    return out;
  case AffineExprKind::Mul:
    if (__builtin_mul_overflow(*l, *r, &out))
      return std::nullopt;
    return out;
  default:
    break;
  }
  if (*r <= 0 || (*l == INT64_MIN && *r == -1))
    return std::nullopt;
  if (getKind() == AffineExprKind::FloorDiv)
    return floorDivInt(*l, *r);
  if (getKind() == AffineExprKind::CeilDiv)
    return ceilDivInt(*l, *r);
  return modInt(*l, *r);
}

//===-- printing (MLIR's printAffineExprInternal)
//---------------------------===//

namespace {
enum class Binding { Weak, Strong };

void printExpr(std::ostream &os, const AffineExpr &e, Binding enclosing) {
  const char *spelling = nullptr;
  switch (e.getKind()) {
  case AffineExprKind::Symbol:
    os << 's' << e.getPosition();
    return;
  case AffineExprKind::Dim:
    os << 'd' << e.getPosition();
    return;
  case AffineExprKind::Constant:
    os << e.getValue();
    return;
  case AffineExprKind::Add:
    spelling = " + ";
    break;
  case AffineExprKind::Mul:
    spelling = " * ";
    break;
  case AffineExprKind::FloorDiv:
    spelling = " floordiv ";
    break;
  case AffineExprKind::CeilDiv:
    spelling = " ceildiv ";
    break;
  case AffineExprKind::Mod:
    spelling = " mod ";
    break;
  }
  AffineExpr lhs = e.getLHS(), rhs = e.getRHS();
  bool paren = enclosing == Binding::Strong;
  if (paren)
    os << '(';
  if (e.getKind() != AffineExprKind::Add) {
    if (e.getKind() == AffineExprKind::Mul && isConst(rhs) &&
        rhs.getValue() == -1) {
      os << '-';
      printExpr(os, lhs, Binding::Strong);
    } else {
      printExpr(os, lhs, Binding::Strong);
      os << spelling;
      printExpr(os, rhs, Binding::Strong);
    }
  } else if (rhs.getKind() == AffineExprKind::Mul && isConst(rhs.getRHS()) &&
             rhs.getRHS().getValue() <= -1) {
    printExpr(os, lhs, Binding::Weak);
    os << " - ";
    if (rhs.getRHS().getValue() == -1) {
      printExpr(os, rhs.getLHS(),
                rhs.getLHS().getKind() == AffineExprKind::Add ? Binding::Strong
                                                              : Binding::Weak);
    } else {
      printExpr(os, rhs.getLHS(), Binding::Strong);
      os << " * " << -rhs.getRHS().getValue();
    }
  } else if (isConst(rhs) && rhs.getValue() < 0) {
    printExpr(os, lhs, Binding::Weak);
    os << " - " << -(unsigned long long)rhs.getValue();
  } else {
    printExpr(os, lhs, Binding::Weak);
    os << " + ";
    printExpr(os, rhs, Binding::Weak);
  }
  if (paren)
    os << ')';
}
} // namespace

void AffineExpr::print(std::ostream &os) const {
  if (!node) {
    os << "<<null affine expr>>";
    return;
  }
  printExpr(os, *this, Binding::Weak);
}

std::string AffineExpr::str() const {
  std::ostringstream os;
  print(os);
  return os.str();
}

//===-- simplifyAffineExpr
//--------------------------------------------------===//

namespace {
/// A linear form over dims, symbols and local (floordiv/mod) terms:
/// coefficient per term key plus a constant.
struct LinearForm {
  std::map<std::string, std::pair<AffineExpr, int64_t>> terms;
  int64_t constant = 0;
  bool ok = true;
};

/// Flattens pure-affine `e` into `out` scaled by `scale`; non-linear
/// subterms (floordiv/ceildiv/mod, semi-affine) become opaque terms whose
/// operands were simplified recursively.
void flatten(const AffineExpr &e, int64_t scale, LinearForm &out, unsigned nd,
             unsigned ns) {
  switch (e.getKind()) {
  case AffineExprKind::Constant: {
    int64_t v;
    if (__builtin_mul_overflow(e.getValue(), scale, &v) ||
        __builtin_add_overflow(out.constant, v, &out.constant))
      out.ok = false;
    return;
  }
  case AffineExprKind::Add:
    flatten(e.getLHS(), scale, out, nd, ns);
    flatten(e.getRHS(), scale, out, nd, ns);
    return;
  case AffineExprKind::Mul:
    if (isConst(e.getRHS())) {
      int64_t s;
      if (__builtin_mul_overflow(scale, e.getRHS().getValue(), &s)) {
        out.ok = false;
        return;
      }
      flatten(e.getLHS(), s, out, nd, ns);
      return;
    }
    break;
  default:
    break;
  }
  AffineExpr term = e;
  if (isBinary(e.getKind())) {
    AffineExpr l = simplifyAffineExpr(e.getLHS(), nd, ns);
    AffineExpr r = simplifyAffineExpr(e.getRHS(), nd, ns);
    switch (e.getKind()) {
    case AffineExprKind::Mul:
      term = l * r;
      break;
    case AffineExprKind::FloorDiv:
      term = l.floorDiv(r);
      break;
    case AffineExprKind::CeilDiv:
      term = l.ceilDiv(r);
      break;
    default:
      term = l.mod(r);
      break;
    }
    if (term.getKind() == AffineExprKind::Add ||
        term.getKind() == AffineExprKind::Constant ||
        (term.getKind() == AffineExprKind::Mul && isConst(term.getRHS()))) {
      flatten(term, scale, out, nd, ns);
      return;
    }
  }
  // Order: dims, symbols, then other terms by their text.
  std::string key;
  if (term.getKind() == AffineExprKind::Dim)
    key = "0" +
          std::string(8 - std::to_string(term.getPosition()).size(), '0') +
          std::to_string(term.getPosition());
  else if (term.getKind() == AffineExprKind::Symbol)
    key = "1" +
          std::string(8 - std::to_string(term.getPosition()).size(), '0') +
          std::to_string(term.getPosition());
  else
    key = "2" + term.str();
  auto &slot = out.terms[key];
  slot.first = term;
  if (__builtin_add_overflow(slot.second, scale, &slot.second))
    out.ok = false;
}
} // namespace

AffineExpr simplifyAffineExpr(AffineExpr expr, unsigned numDims,
                              unsigned numSymbols) {
  if (!expr || !isBinary(expr.getKind()))
    return expr;
  LinearForm form;
  flatten(expr, 1, form, numDims, numSymbols);
  if (!form.ok)
    return expr;
  AffineExpr result;
  for (auto &[key, tc] : form.terms) {
    if (tc.second == 0)
      continue;
    AffineExpr t = tc.first * tc.second;
    result = result ? result + t : t;
  }
  AffineExpr c = AffineExpr::constant(form.constant);
  if (!result)
    return c;
  return form.constant ? result + c : result;
}

} // namespace affjit
