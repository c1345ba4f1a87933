// Custom-syntax parsers of the arith and math dialects, driven by the op
// table in ArithOpTable.h: binary/unary/ternary ops with optional
// `fastmath<...>` / `overflow<...>` flags, cmpi/cmpf predicates, select,
// casts (`%a : T to U`) and constants; plus the unprefixed and `std.`
// spellings of the seeds' era (`constant`, `addf`, `select`, ...).
#include "frontend/ir/ArithOpTable.h"
#include "frontend/parse/OpParsers.h"

namespace affjit {

namespace {

/// The opaque default of a flag attribute, as MLIR's generic form has it.
Attribute defaultFlags(FlagAttr kind) {
  if (kind == FlagAttr::FastMath)
    return Attribute::opaque("#arith.fastmath<none>");
  return Attribute::opaque("#arith.overflow<none>");
}

/// Optional `fastmath<fast>` / `overflow<nsw, nuw>`; stored as the opaque
/// `#arith.fastmath<...>` attribute MLIR's generic form shows.
bool parseFlags(Parser &p, OperationState &state, FlagAttr kind) {
  if (kind == FlagAttr::None)
    return true;
  const char *keyword = kind == FlagAttr::FastMath ? "fastmath" : "overflow";
  const char *attrName =
      kind == FlagAttr::FastMath ? "fastmath" : "overflowFlags";
  if (!p.consumeKeyword(keyword)) {
    state.addAttr(attrName, defaultFlags(kind));
    return true;
  }
  if (!p.expect(Tok::Less, "'<'"))
    return false;
  Location loc = p.getLoc();
  std::vector<std::string> names;
  do {
    std::string flag;
    if (!p.parseKeyword(flag, "flag"))
      return false;
    names.push_back(flag);
  } while (p.consumeIf(Tok::Comma));
  if (!p.expect(Tok::Greater, "'>'"))
    return false;
  std::optional<std::string> flags = canonicalFlags(kind, names);
  if (!flags)
    return customOpError(p, state, loc, unknownFlagMessage(kind));
  state.addAttr(attrName, Attribute::opaque(std::string("#arith.") + keyword +
                                            "<" + *flags + ">"));
  return true;
}

/// `%a, %b[, %c] [flags] [attr-dict] : T` with every operand and the result
/// of type T (n operands).
bool parseUniform(Parser &p, OperationState &state, const ArithOpInfo &info,
                  unsigned n) {
  std::vector<UnresolvedOperand> ops;
  Location loc = p.getLoc();
  if (!p.parseOperandList(ops, /*allowEmpty=*/false))
    return false;
  if (ops.size() != n)
    return customOpError(p, state, loc,
                         "expected " + std::to_string(n) + " operands");
  Type t;
  if (!parseFlags(p, state, info.flags) ||
      !p.parseOptionalAttrDict(state.attrs) || !p.parseColonType(t))
    return false;
  state.types.push_back(t);
  return p.resolveOperands(ops, t, state.operands);
}

/// `%a : T to U`
bool parseCast(Parser &p, OperationState &state) {
  UnresolvedOperand op;
  Type from, to;
  if (!p.parseOperand(op) || !p.parseOptionalAttrDict(state.attrs) ||
      !p.parseColonType(from) || !p.expectKeyword("to") || !p.parseType(to))
    return false;
  state.types.push_back(to);
  return p.resolveOperand(op, from, state.operands);
}

/// `slt, %a, %b : T`: the predicate is stored as its i64 enum value.
bool parseCmp(Parser &p, OperationState &state, const ArithOpInfo &info) {
  bool isInt = info.shape == ArithShape::CmpI;
  const char *const *names = isInt ? kCmpIPredicates : kCmpFPredicates;
  unsigned count = isInt ? 10 : 16;
  Location loc = p.getLoc();
  std::string pred;
  if (p.tok().is(Tok::String)) {
    if (!p.parseString(pred))
      return false;
  } else if (p.tok().is(Tok::BareId)) {
    pred = std::string(p.tok().spelling);
    p.consume();
  }
  int64_t value = -1;
  for (unsigned i = 0; i < count; ++i)
    if (pred == names[i])
      value = i;
  if (value < 0) {
    std::string all;
    for (unsigned i = 0; i < count; ++i)
      all += (i ? ", " : "") + std::string(names[i]);
    return p.emitError(loc, "expected string or keyword containing one of "
                            "the following enum values for attribute "
                            "'predicate' [" +
                                all + "]");
  }
  state.addAttr("predicate", Attribute::integer(value, Type::integer(64)));
  std::vector<UnresolvedOperand> ops;
  if (!p.expect(Tok::Comma, "','") || !p.parseOperandList(ops, false))
    return false;
  if (ops.size() != 2)
    return customOpError(p, state, loc, "expected 2 operands");
  Type t;
  if (!parseFlags(p, state, info.flags) ||
      !p.parseOptionalAttrDict(state.attrs) || !p.parseColonType(t))
    return false;
  Type i1 = Type::integer(1);
  state.types.push_back(t.isVector() ? Type::vector(t.getShape(), i1) : i1);
  return p.resolveOperands(ops, t, state.operands);
}

/// `%c, %a, %b : T` or `%c, %a, %b : i1type, T`
bool parseSelect(Parser &p, OperationState &state) {
  std::vector<UnresolvedOperand> ops;
  Location loc = p.getLoc();
  if (!p.parseOperandList(ops, false))
    return false;
  if (ops.size() != 3)
    return customOpError(p, state, loc, "expected 3 operands");
  std::vector<Type> types;
  if (!p.parseOptionalAttrDict(state.attrs) || !p.parseColonTypeList(types))
    return false;
  if (types.size() > 2)
    return customOpError(p, state, loc, "expected one or two types");
  Type cond = types.size() == 2 ? types[0] : Type::integer(1);
  Type t = types.back();
  state.types.push_back(t);
  return p.resolveOperand(ops[0], cond, state.operands) &&
         p.resolveOperand(ops[1], t, state.operands) &&
         p.resolveOperand(ops[2], t, state.operands);
}

/// `[attr-dict] 3 : i32`, `true`, `dense<...> : vector<4xf32>`
bool parseConstant(Parser &p, OperationState &state) {
  if (!p.parseOptionalAttrDict(state.attrs))
    return false;
  Location loc = p.getLoc();
  Attribute value;
  if (!p.parseAttribute(value))
    return false;
  if (value.isa(AttrKind::Bool)) {
    state.types.push_back(Type::integer(1));
  } else if (value.isa(AttrKind::Integer) || value.isa(AttrKind::Float) ||
             value.isa(AttrKind::DenseElements)) {
    state.types.push_back(value.getType());
  } else {
    return customOpError(p, state, loc,
                         "expected a typed numeric or dense value");
  }
  state.addAttr("value", value);
  return true;
}

/// `%a, %b [attr-dict] : T` with results T, T (the halves of a widened
/// product), or `: T, U` with results T, U (addui_extended's sum and carry).
bool parseExtended(Parser &p, OperationState &state) {
  std::vector<UnresolvedOperand> ops;
  Location loc = p.getLoc();
  if (!p.parseOperandList(ops, /*allowEmpty=*/false))
    return false;
  if (ops.size() != 2)
    return customOpError(p, state, loc, "expected 2 operands");
  Type t, second;
  if (!p.parseOptionalAttrDict(state.attrs) || !p.parseColonType(t))
    return false;
  bool isAdd = state.name == "arith.addui_extended";
  if (isAdd && (!p.expect(Tok::Comma, "','") || !p.parseType(second)))
    return false;
  state.types = {t, isAdd ? second : t};
  return p.resolveOperands(ops, t, state.operands);
}

bool parseArithOp(Parser &p, OperationState &state) {
  const ArithOpInfo *info = lookupArithOp(state.name);
  switch (info->shape) {
  case ArithShape::Binary:
    return parseUniform(p, state, *info, 2);
  case ArithShape::Unary:
    return parseUniform(p, state, *info, 1);
  case ArithShape::Ternary:
    return parseUniform(p, state, *info, 3);
  case ArithShape::Cast:
    return parseCast(p, state);
  case ArithShape::CmpI:
  case ArithShape::CmpF:
    return parseCmp(p, state, *info);
  case ArithShape::Select:
    return parseSelect(p, state);
  case ArithShape::Constant:
    return parseConstant(p, state);
  case ArithShape::Extended:
    return parseExtended(p, state);
  }
  return false;
}

} // namespace

void registerArithOpParsers(OpParserRegistry &r) {
  for (const ArithOpInfo *i = arithOpsBegin(); i != arithOpsEnd(); ++i) {
    std::string name(i->name);
    r.add(name, parseArithOp);
    // The seeds' standard dialect spelled arith ops without a prefix.
    if (name.rfind("arith.", 0) == 0)
      r.addAlias(name.substr(6), name);
  }
}

} // namespace affjit
