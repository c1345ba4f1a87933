// Custom-syntax parsers of the memref dialect's atomic ops (MLIR 19's
// memref.atomic_rmw, memref.generic_atomic_rmw and its terminator
// memref.atomic_yield), producing the operands and attributes of their
// generic form: the atomic_rmw kind is stored as MLIR's AtomicRMWKind
// number (`kind = 0 : i64` for addf).
#include "frontend/ir/ArithOpTable.h"
#include "frontend/parse/OpParsers.h"

#include <string>

namespace affjit {

namespace {

using Operands = std::vector<UnresolvedOperand>;

/// `%m[%i, %j]`
bool parseSubscripted(Parser &p, UnresolvedOperand &memref, Operands &idx) {
  return p.parseOperand(memref) && p.expect(Tok::LSquare, "'['") &&
         p.parseOperandList(idx) && p.expect(Tok::RSquare, "']'");
}

/// The enum keyword of an AtomicRMWKind, as its number.
bool parseAtomicKind(Parser &p, OperationState &st, int64_t &kind) {
  Location loc = p.getLoc();
  if (p.tok().is(Tok::BareId))
    for (int k = 0; k < kNumAtomicRMWKinds; ++k)
      if (p.tok().spelling == kAtomicRMWKinds[k]) {
        p.consume();
        kind = k;
        return true;
      }
  std::string names;
  for (int k = 0; k < kNumAtomicRMWKinds; ++k)
    names += std::string(k ? ", " : "") + kAtomicRMWKinds[k];
  return customOpError(p, st, loc,
                       "expected string or keyword containing one of the "
                       "following enum values for attribute 'kind' [" +
                           names + "]");
}

/// `memref.atomic_rmw KIND %v, %m[%i] [attr-dict] : (T, memref<..>) -> T`
bool parseAtomicRMW(Parser &p, OperationState &st) {
  int64_t kind = 0;
  UnresolvedOperand value, memref;
  Operands idx;
  Type valueType, memrefType, resultType;
  if (!parseAtomicKind(p, st, kind) || !p.parseOperand(value) ||
      !p.expect(Tok::Comma, "','") || !parseSubscripted(p, memref, idx) ||
      !p.parseOptionalAttrDict(st.attrs) || !p.expect(Tok::Colon, "':'") ||
      !p.expect(Tok::LParen, "'('") || !p.parseType(valueType) ||
      !p.expect(Tok::Comma, "','") ||
      !parseRankedMemRefType(p, st, memrefType) ||
      !p.expect(Tok::RParen, "')'") || !p.expect(Tok::Arrow, "'->'") ||
      !p.parseType(resultType) ||
      !p.resolveOperand(value, valueType, st.operands) ||
      !p.resolveOperand(memref, memrefType, st.operands) ||
      !p.resolveOperands(idx, Type::index(), st.operands))
    return false;
  st.addAttr("kind", Attribute::integer(kind, Type::integer(64)));
  st.types.push_back(resultType);
  return true;
}

/// `memref.generic_atomic_rmw %m[%i] : memref<..> { ^bb0(%cur: T): ...
/// memref.atomic_yield %new : T } [attr-dict]`: the block argument is
/// spelled out, and no terminator is implied (as in MLIR's parser).
bool parseGenericAtomicRMW(Parser &p, OperationState &st) {
  UnresolvedOperand memref;
  Operands idx;
  Type memrefType;
  if (!parseSubscripted(p, memref, idx) || !p.expect(Tok::Colon, "':'") ||
      !parseRankedMemRefType(p, st, memrefType) ||
      !p.resolveOperand(memref, memrefType, st.operands) ||
      !p.resolveOperands(idx, Type::index(), st.operands) ||
      !p.parseRegion(*st.addRegion(), {}) || !p.parseOptionalAttrDict(st.attrs))
    return false;
  st.types.push_back(memrefType.getElementType());
  return true;
}

/// `memref.atomic_yield %v [attr-dict] : T`
bool parseAtomicYield(Parser &p, OperationState &st) {
  UnresolvedOperand v;
  Type t;
  return p.parseOperand(v) && p.parseOptionalAttrDict(st.attrs) &&
         p.parseColonType(t) && p.resolveOperand(v, t, st.operands);
}

} // namespace

void registerMemRefAtomicOpParsers(OpParserRegistry &r) {
  r.add("memref.atomic_rmw", parseAtomicRMW);
  r.add("memref.generic_atomic_rmw", parseGenericAtomicRMW);
  r.add("memref.atomic_yield", parseAtomicYield);
}

} // namespace affjit
