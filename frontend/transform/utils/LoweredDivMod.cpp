// Lowered affine mod / floordiv / ceildiv recognition (see LoweredDivMod.h).
#include "frontend/transform/utils/LoweredDivMod.h"

#include "frontend/analysis/AffineValueMap.h"
#include "frontend/ir/FuncOps.h"

#include <string_view>

namespace affjit {

namespace {

/// The op defining `v` if it is `name`, else null.
Operation *definedBy(Value *v, std::string_view name) {
  Operation *def = v->getDefiningOp();
  return def && def->isa(name) ? def : nullptr;
}

bool isConstant(Value *v, int64_t value) {
  std::optional<int64_t> c = getConstantIntValue(v);
  return c && *c == value;
}

/// `cond` is `arith.cmpi PRED, lhs, 0`; returns lhs.
Value *comparedWithZero(Value *cond, int64_t predicate) {
  CmpIOp cmp = dyn_cast<CmpIOp>(cond->getDefiningOp());
  if (!cmp || cmp.getPredicate() != predicate || !isConstant(cmp.getRhs(), 0))
    return nullptr;
  return cmp.getLhs();
}

/// `v` is `arith.divsi dividend, C` with C > 0; returns C.
std::optional<int64_t> positiveDivisor(Operation *div) {
  std::optional<int64_t> c = getConstantIntValue(div->getOperand(1));
  if (!c || *c <= 0)
    return std::nullopt;
  return c;
}

constexpr int64_t kSlt = 2, kSle = 3; // arith.cmpi predicate numbers

/// select(rem < 0, rem + C, rem) with rem = remsi(x, C).
std::optional<LoweredDivMod> matchMod(Operation *select) {
  Value *rem = select->getOperand(2);
  Operation *remOp = definedBy(rem, "arith.remsi");
  Operation *corrected = definedBy(select->getOperand(1), "arith.addi");
  if (!remOp || !corrected ||
      comparedWithZero(select->getOperand(0), kSlt) != rem ||
      corrected->getOperand(0) != rem)
    return std::nullopt;
  std::optional<int64_t> c = positiveDivisor(remOp);
  if (!c || !isConstant(corrected->getOperand(1), *c))
    return std::nullopt;
  return LoweredDivMod{LoweredDivModKind::Mod, remOp->getOperand(0), *c};
}

/// select(x < 0, -1 - q, q) with q = divsi(select(x < 0, -1 - x, x), C).
std::optional<LoweredDivMod> matchFloorDiv(Operation *select) {
  Value *x = comparedWithZero(select->getOperand(0), kSlt);
  Operation *div = definedBy(select->getOperand(2), "arith.divsi");
  Operation *corrected = definedBy(select->getOperand(1), "arith.subi");
  if (!x || !div || !corrected ||
      corrected->getOperand(1) != div->getResult(0) ||
      !isConstant(corrected->getOperand(0), -1))
    return std::nullopt;
  Operation *dividend = definedBy(div->getOperand(0), "arith.select");
  if (!dividend || comparedWithZero(dividend->getOperand(0), kSlt) != x ||
      dividend->getOperand(2) != x)
    return std::nullopt;
  Operation *negated = definedBy(dividend->getOperand(1), "arith.subi");
  if (!negated || !isConstant(negated->getOperand(0), -1) ||
      negated->getOperand(1) != x)
    return std::nullopt;
  std::optional<int64_t> c = positiveDivisor(div);
  if (!c)
    return std::nullopt;
  return LoweredDivMod{LoweredDivModKind::FloorDiv, x, *c};
}

/// select(x <= 0, 0 - q, q + 1) with
/// q = divsi(select(x <= 0, 0 - x, x - 1), C).
std::optional<LoweredDivMod> matchCeilDiv(Operation *select) {
  Value *x = comparedWithZero(select->getOperand(0), kSle);
  Operation *negQ = definedBy(select->getOperand(1), "arith.subi");
  Operation *incQ = definedBy(select->getOperand(2), "arith.addi");
  if (!x || !negQ || !incQ || !isConstant(negQ->getOperand(0), 0) ||
      !isConstant(incQ->getOperand(1), 1) ||
      negQ->getOperand(1) != incQ->getOperand(0))
    return std::nullopt;
  Operation *div = definedBy(incQ->getOperand(0), "arith.divsi");
  if (!div)
    return std::nullopt;
  Operation *dividend = definedBy(div->getOperand(0), "arith.select");
  if (!dividend || comparedWithZero(dividend->getOperand(0), kSle) != x)
    return std::nullopt;
  Operation *negX = definedBy(dividend->getOperand(1), "arith.subi");
  Operation *decX = definedBy(dividend->getOperand(2), "arith.subi");
  if (!negX || !decX || !isConstant(negX->getOperand(0), 0) ||
      negX->getOperand(1) != x || decX->getOperand(0) != x ||
      !isConstant(decX->getOperand(1), 1))
    return std::nullopt;
  std::optional<int64_t> c = positiveDivisor(div);
  if (!c)
    return std::nullopt;
  return LoweredDivMod{LoweredDivModKind::CeilDiv, x, *c};
}

} // namespace

std::optional<LoweredDivMod> matchLoweredDivMod(Operation *select) {
  if (!select->isa("arith.select") || select->getNumOperands() != 3 ||
      !select->getResult(0)->getType().isIndex())
    return std::nullopt;
  if (auto m = matchMod(select))
    return m;
  if (auto m = matchFloorDiv(select))
    return m;
  return matchCeilDiv(select);
}

} // namespace affjit
