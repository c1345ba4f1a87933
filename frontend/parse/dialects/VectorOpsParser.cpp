// Custom-syntax parsers of the vector subset that MLIR's affine vectorizer
// emits and test programs use: transfer_read/transfer_write (permutation
// maps, in_bounds, masks), reduction, broadcast, splat, fma,
// extract/insert (static and dynamic positions), load/store and print.
// Each fills MLIR 19's generic form, including its default attributes.
#include "frontend/ir/VectorOpInfo.h"
#include "frontend/parse/OpParsers.h"

#include <algorithm>

namespace affjit {

namespace {

bool opError(Parser &p, const OperationState &state, const Location &loc,
             const std::string &msg) {
  return p.emitError(loc, "custom op '" + state.name + "' " + msg);
}

Attribute segments(std::vector<int64_t> sizes) {
  return Attribute::denseArray(Type::integer(32), std::move(sizes));
}

/// Looks up an attribute parsed into the op's attribute dictionary.
Attribute findAttr(const OperationState &state, std::string_view name) {
  for (const NamedAttribute &a : state.attrs)
    if (a.name == name)
      return a.value;
  return Attribute();
}

/// The mask type of a transfer: the vector's shape in source-dimension
/// order (broadcast dimensions dropped), of i1.
Type maskType(Type vectorType, const AffineMap &map) {
  std::vector<std::pair<unsigned, int64_t>> dims;
  for (unsigned i = 0; i < map.getNumResults(); ++i)
    if (map.getResult(i).getKind() == AffineExprKind::Dim)
      dims.push_back(
          {map.getResult(i).getPosition(), vectorType.getDimSize(i)});
  std::sort(dims.begin(), dims.end());
  std::vector<int64_t> shape;
  for (auto &d : dims)
    shape.push_back(d.second);
  return Type::vector(shape, Type::integer(1));
}

/// Adds the default permutation_map and in_bounds unless given.
bool completeTransferAttrs(Parser &p, OperationState &state, Type source,
                           Type vector, const Location &loc) {
  if (!source.isMemRef() || !vector.isVector())
    return opError(p, state, loc,
                   "requires a ranked memref source and a vector type");
  if (!findAttr(state, "permutation_map")) {
    if (vector.getRank() > source.getRank())
      return opError(p, state, loc,
                     "expected a permutation_map for a vector of higher rank "
                     "than the source");
    state.addAttr("permutation_map",
                  Attribute::affineMap(minorIdentityMap(
                      (unsigned)source.getRank(), (unsigned)vector.getRank())));
  }
  if (!findAttr(state, "in_bounds"))
    state.addAttr("in_bounds",
                  Attribute::array(std::vector<Attribute>(
                      vector.getRank(), Attribute::boolean(false))));
  return true;
}

/// `%m[%i, %j], %pad[, %mask] {attrs} : memref<...>, vector<...>`
bool parseTransferRead(Parser &p, OperationState &state) {
  UnresolvedOperand source, pad;
  std::vector<UnresolvedOperand> indices, mask;
  if (!p.parseOperand(source) || !p.expect(Tok::LSquare, "'['") ||
      !p.parseOperandList(indices) || !p.expect(Tok::RSquare, "']'") ||
      !p.expect(Tok::Comma, "','") || !p.parseOperand(pad))
    return false;
  if (p.consumeIf(Tok::Comma) && !p.parseOperandList(mask, false))
    return false;
  Location typeLoc = p.getLoc();
  Type sourceType, vectorType;
  if (!p.parseOptionalAttrDict(state.attrs) || !p.parseColonType(sourceType) ||
      !p.expect(Tok::Comma, "','") || !p.parseType(vectorType) ||
      !completeTransferAttrs(p, state, sourceType, vectorType, typeLoc))
    return false;
  if (mask.size() > 1)
    return opError(p, state, typeLoc, "expected at most one mask operand");
  state.addAttr("operandSegmentSizes", segments({1, (int64_t)indices.size(), 1,
                                                 (int64_t)mask.size()}));
  state.types.push_back(vectorType);
  AffineMap map = findAttr(state, "permutation_map").getAffineMap();
  return p.resolveOperand(source, sourceType, state.operands) &&
         p.resolveOperands(indices, Type::index(), state.operands) &&
         p.resolveOperand(pad, sourceType.getElementType(), state.operands) &&
         p.resolveOperands(mask, maskType(vectorType, map), state.operands);
}

/// `%v, %m[%i, %j][, %mask] {attrs} : vector<...>, memref<...>`
bool parseTransferWrite(Parser &p, OperationState &state) {
  UnresolvedOperand value, dest;
  std::vector<UnresolvedOperand> indices, mask;
  if (!p.parseOperand(value) || !p.expect(Tok::Comma, "','") ||
      !p.parseOperand(dest) || !p.expect(Tok::LSquare, "'['") ||
      !p.parseOperandList(indices) || !p.expect(Tok::RSquare, "']'"))
    return false;
  if (p.consumeIf(Tok::Comma) && !p.parseOperandList(mask, false))
    return false;
  Location typeLoc = p.getLoc();
  Type vectorType, destType;
  if (!p.parseOptionalAttrDict(state.attrs) || !p.parseColonType(vectorType) ||
      !p.expect(Tok::Comma, "','") || !p.parseType(destType) ||
      !completeTransferAttrs(p, state, destType, vectorType, typeLoc))
    return false;
  if (mask.size() > 1)
    return opError(p, state, typeLoc, "expected at most one mask operand");
  state.addAttr("operandSegmentSizes", segments({1, 1, (int64_t)indices.size(),
                                                 (int64_t)mask.size()}));
  AffineMap map = findAttr(state, "permutation_map").getAffineMap();
  return p.resolveOperand(value, vectorType, state.operands) &&
         p.resolveOperand(dest, destType, state.operands) &&
         p.resolveOperands(indices, Type::index(), state.operands) &&
         p.resolveOperands(mask, maskType(vectorType, map), state.operands);
}

/// Optional `fastmath<...>`; the default `none` is stored as MLIR does.
bool parseFastMath(Parser &p, OperationState &state) {
  std::string flags = "none";
  if (p.consumeKeyword("fastmath")) {
    flags.clear();
    if (!p.expect(Tok::Less, "'<'"))
      return false;
    do {
      std::string flag;
      if (!p.parseKeyword(flag, "fastmath flag"))
        return false;
      flags += (flags.empty() ? "" : ",") + flag;
    } while (p.consumeIf(Tok::Comma));
    if (!p.expect(Tok::Greater, "'>'"))
      return false;
  }
  state.addAttr("fastmath",
                Attribute::opaque("#arith.fastmath<" + flags + ">"));
  return true;
}

/// `<add>, %v[, %acc] [fastmath<...>] : vector<...> into T`
bool parseReduction(Parser &p, OperationState &state) {
  Location kindLoc = p.getLoc();
  std::string kind;
  if (!p.expect(Tok::Less, "'<'") || !p.parseKeyword(kind, "combining kind") ||
      !p.expect(Tok::Greater, "'>'"))
    return false;
  if (!isVectorKind(kind))
    return opError(p, state, kindLoc,
                   "expected a vector combining kind, got '" + kind + "'");
  std::vector<UnresolvedOperand> ops;
  if (!p.expect(Tok::Comma, "','") || !p.parseOperandList(ops, false))
    return false;
  Type vectorType, resultType;
  Location typeLoc = p.getLoc();
  if (!parseFastMath(p, state) || !p.parseOptionalAttrDict(state.attrs) ||
      !p.parseColonType(vectorType) || !p.expectKeyword("into") ||
      !p.parseType(resultType))
    return false;
  if (ops.size() > 2)
    return opError(p, state, typeLoc, "expected at most one accumulator");
  state.addAttr("kind", Attribute::opaque("#vector.kind<" + kind + ">"));
  state.types.push_back(resultType);
  return p.resolveOperand(ops[0], vectorType, state.operands) &&
         (ops.size() < 2 ||
          p.resolveOperand(ops[1], resultType, state.operands));
}

/// `%s : T to vector<...>`
bool parseBroadcast(Parser &p, OperationState &state) {
  UnresolvedOperand src;
  Type from, to;
  if (!p.parseOperand(src) || !p.parseOptionalAttrDict(state.attrs) ||
      !p.parseColonType(from) || !p.expectKeyword("to") || !p.parseType(to))
    return false;
  state.types.push_back(to);
  return p.resolveOperand(src, from, state.operands);
}

/// `%s : vector<...>`
bool parseSplat(Parser &p, OperationState &state) {
  UnresolvedOperand src;
  Location typeLoc;
  Type to;
  if (!p.parseOperand(src) || !p.parseOptionalAttrDict(state.attrs))
    return false;
  typeLoc = p.getLoc();
  if (!p.parseColonType(to))
    return false;
  if (!to.isVector())
    return opError(p, state, typeLoc, "expected a vector result type");
  state.types.push_back(to);
  return p.resolveOperand(src, to.getElementType(), state.operands);
}

/// `%a, %b, %c : vector<...>`
bool parseFma(Parser &p, OperationState &state) {
  std::vector<UnresolvedOperand> ops;
  Location loc = p.getLoc();
  Type t;
  if (!p.parseOperandList(ops, false) ||
      !p.parseOptionalAttrDict(state.attrs) || !p.parseColonType(t))
    return false;
  if (ops.size() != 3)
    return opError(p, state, loc, "expected 3 operands");
  state.types.push_back(t);
  return p.resolveOperands(ops, t, state.operands);
}

/// `[0, %i, 2]`: static entries and dynamic SSA positions (kDynamic).
bool parsePositions(Parser &p, std::vector<int64_t> &positions,
                    std::vector<UnresolvedOperand> &dynamic) {
  if (!p.expect(Tok::LSquare, "'['"))
    return false;
  if (p.consumeIf(Tok::RSquare))
    return true;
  do {
    if (p.isOperand()) {
      UnresolvedOperand op;
      if (!p.parseOperand(op))
        return false;
      dynamic.push_back(op);
      positions.push_back(kDynamic);
      continue;
    }
    int64_t v;
    if (!p.parseSignedInteger(v))
      return false;
    positions.push_back(v);
  } while (p.consumeIf(Tok::Comma));
  return p.expect(Tok::RSquare, "']'");
}

/// `%v[0, %i] : T from vector<...>`
bool parseExtract(Parser &p, OperationState &state) {
  UnresolvedOperand vec;
  std::vector<int64_t> positions;
  std::vector<UnresolvedOperand> dynamic;
  Type result, source;
  if (!p.parseOperand(vec) || !parsePositions(p, positions, dynamic) ||
      !p.parseOptionalAttrDict(state.attrs) || !p.parseColonType(result) ||
      !p.expectKeyword("from") || !p.parseType(source))
    return false;
  state.addAttr("static_position",
                Attribute::denseArray(Type::integer(64), positions));
  state.types.push_back(result);
  return p.resolveOperand(vec, source, state.operands) &&
         p.resolveOperands(dynamic, Type::index(), state.operands);
}

/// `%s, %v[0, %i] : T into vector<...>`
bool parseInsert(Parser &p, OperationState &state) {
  UnresolvedOperand src, dest;
  std::vector<int64_t> positions;
  std::vector<UnresolvedOperand> dynamic;
  Type srcType, destType;
  if (!p.parseOperand(src) || !p.expect(Tok::Comma, "','") ||
      !p.parseOperand(dest) || !parsePositions(p, positions, dynamic) ||
      !p.parseOptionalAttrDict(state.attrs) || !p.parseColonType(srcType) ||
      !p.expectKeyword("into") || !p.parseType(destType))
    return false;
  state.addAttr("static_position",
                Attribute::denseArray(Type::integer(64), positions));
  state.types.push_back(destType);
  return p.resolveOperand(src, srcType, state.operands) &&
         p.resolveOperand(dest, destType, state.operands) &&
         p.resolveOperands(dynamic, Type::index(), state.operands);
}

/// vector.load `%m[%i] : memref<...>, vector<...>` and vector.store
/// `%v, %m[%i] : memref<...>, vector<...>`.
bool parseLoadStore(Parser &p, OperationState &state, bool isStore) {
  UnresolvedOperand value, base;
  std::vector<UnresolvedOperand> indices;
  if (isStore && (!p.parseOperand(value) || !p.expect(Tok::Comma, "','")))
    return false;
  Type memrefType, vectorType;
  if (!p.parseOperand(base) || !p.expect(Tok::LSquare, "'['") ||
      !p.parseOperandList(indices) || !p.expect(Tok::RSquare, "']'") ||
      !p.parseOptionalAttrDict(state.attrs) || !p.parseColonType(memrefType) ||
      !p.expect(Tok::Comma, "','") || !p.parseType(vectorType))
    return false;
  if (isStore && !p.resolveOperand(value, vectorType, state.operands))
    return false;
  if (!isStore)
    state.types.push_back(vectorType);
  return p.resolveOperand(base, memrefType, state.operands) &&
         p.resolveOperands(indices, Type::index(), state.operands);
}
bool parseLoad(Parser &p, OperationState &s) {
  return parseLoadStore(p, s, false);
}
bool parseStore(Parser &p, OperationState &s) {
  return parseLoadStore(p, s, true);
}

/// `punctuation <comma>` (after the keyword).
bool parsePunctuation(Parser &p, std::string &punct) {
  return p.expect(Tok::Less, "'<'") && p.parseKeyword(punct, "punctuation") &&
         p.expect(Tok::Greater, "'>'");
}

/// `%x : T [punctuation <p>]`, `str "text"`, or `punctuation <p>`.
bool parsePrint(Parser &p, OperationState &state) {
  std::string punct = "newline";
  if (p.consumeKeyword("str")) {
    std::string text;
    if (!p.parseString(text))
      return false;
    state.addAttr("stringLiteral", Attribute::string(text));
  } else if (p.isOperand()) {
    UnresolvedOperand value;
    Type t;
    if (!p.parseOperand(value) || !p.parseColonType(t) ||
        !p.resolveOperand(value, t, state.operands))
      return false;
  }
  if (p.consumeKeyword("punctuation") && !parsePunctuation(p, punct))
    return false;
  state.addAttr("punctuation",
                Attribute::opaque("#vector.punctuation<" + punct + ">"));
  return p.parseOptionalAttrDict(state.attrs);
}

} // namespace

void registerVectorOpParsers(OpParserRegistry &r) {
  r.add("vector.transfer_read", parseTransferRead);
  r.add("vector.transfer_write", parseTransferWrite);
  r.add("vector.reduction", parseReduction);
  r.add("vector.broadcast", parseBroadcast);
  r.add("vector.splat", parseSplat);
  r.add("vector.fma", parseFma);
  r.add("vector.extract", parseExtract);
  r.add("vector.insert", parseInsert);
  r.add("vector.load", parseLoad);
  r.add("vector.store", parseStore);
  r.add("vector.print", parsePrint);
}

} // namespace affjit
