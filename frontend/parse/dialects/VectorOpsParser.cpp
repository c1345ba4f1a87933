// Custom-syntax parsers of the vector subset that MLIR's affine vectorizer
// emits and test programs use: transfer_read/transfer_write (permutation
// maps, in_bounds, masks), reduction, broadcast, splat, fma,
// extract/insert (static and dynamic positions), load/store and print.
// Each fills MLIR 19's generic form, including its default attributes, and
// reports parse errors with MLIR 19's wording and locations.
#include "frontend/ir/ArithOpTable.h"
#include "frontend/ir/VectorOpInfo.h"
#include "frontend/ir/VectorOps.h"
#include "frontend/parse/OpParsers.h"

#include <algorithm>

namespace affjit {

namespace {

/// A keyword of the op's syntax (`into`, `from`, `to`). MLIR reports a
/// missing one at the current token through the custom op's parser.
bool expectOpKeyword(Parser &p, const OperationState &state,
                     std::string_view kw) {
  if (p.consumeKeyword(kw))
    return true;
  return customOpError(p, state, p.getLoc(),
                       "expected '" + std::string(kw) + "'");
}

/// A bare keyword inside `<...>` (kinds, flags, punctuation).
bool parseOpKeyword(Parser &p, const OperationState &state, std::string &s) {
  if (p.tok().is(Tok::BareId))
    return p.parseKeyword(s);
  return customOpError(p, state, p.getLoc(), "expected valid keyword");
}

/// A type that ODS declares as a vector (`type($result)` of a
/// vector-typed operand or result).
bool parseVectorType(Parser &p, const OperationState &state, Type &t) {
  Location loc = p.getLoc();
  if (!p.parseType(t))
    return false;
  if (!t.isVector())
    return customOpError(p, state, loc, "invalid kind of type specified");
  return true;
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

//===-- transfer_read / transfer_write ----------------------------------===//

/// Adds the default permutation_map and in_bounds (all false, one per map
/// result) unless the attribute dictionary gave them.
void addDefaultTransferAttrs(OperationState &state, Type source, Type vector) {
  // Like MLIR, a permutation_map that is not a map is dropped (the
  // verifier then reports it missing) and in_bounds follows the vector.
  Attribute given = findAttr(state, "permutation_map");
  if (given && !given.isa(AttrKind::AffineMap)) {
    std::erase_if(state.attrs, [](const NamedAttribute &a) {
      return a.name == "permutation_map";
    });
    if (!findAttr(state, "in_bounds"))
      state.addAttr("in_bounds",
                    Attribute::array(std::vector<Attribute>(
                        vector.getRank(), Attribute::boolean(false))));
    return;
  }
  if (!given)
    state.addAttr(
        "permutation_map",
        Attribute::affineMap(defaultTransferPermutationMap(source, vector)));
  Attribute map = findAttr(state, "permutation_map");
  if (!findAttr(state, "in_bounds"))
    state.addAttr("in_bounds", Attribute::array(std::vector<Attribute>(
                                   map.getAffineMap().getNumResults(),
                                   Attribute::boolean(false))));
}

/// The optional `, %mask` after a transfer's operands.
bool parseOptionalMask(Parser &p, bool &hasMask, UnresolvedOperand &mask) {
  hasMask = p.consumeIf(Tok::Comma);
  return !hasMask || p.parseOperand(mask);
}

/// `{attrs} : T1, T2` with the location of the types (after the dict).
bool parseTransferTypes(Parser &p, OperationState &state, Location &typesLoc,
                        std::vector<Type> &types) {
  if (!p.parseOptionalAttrDict(state.attrs))
    return false;
  typesLoc = p.getLoc();
  if (!p.parseColonTypeList(types))
    return false;
  if (types.size() != 2)
    return customOpError(p, state, typesLoc, "requires two types");
  return true;
}

/// Resolves the mask against the type MLIR infers from vector and map.
bool resolveMask(Parser &p, OperationState &state, const Location &typesLoc,
                 const UnresolvedOperand &mask, Type vectorType) {
  Attribute map = findAttr(state, "permutation_map");
  if (!map) { // dropped above; the verifier reports it
    Value *v;
    if (!p.lookupValue(mask, v))
      return false;
    state.operands.push_back(v);
    return true;
  }
  AffineMap m = map.getAffineMap();
  if ((int64_t)m.getNumResults() != vectorType.getRank())
    return customOpError(
        p, state, typesLoc,
        "expected the same rank for the vector and the results of "
        "the permutation map");
  return p.resolveOperand(mask, transferMaskType(vectorType, m),
                          state.operands);
}

/// `%m[%i, %j], %pad[, %mask] {attrs} : memref<...>, vector<...>`
bool parseTransferRead(Parser &p, OperationState &state) {
  UnresolvedOperand source, pad, mask;
  std::vector<UnresolvedOperand> indices;
  bool hasMask;
  if (!p.parseOperand(source) || !p.expect(Tok::LSquare, "'['") ||
      !p.parseOperandList(indices) || !p.expect(Tok::RSquare, "']'") ||
      !p.expect(Tok::Comma, "','") || !p.parseOperand(pad) ||
      !parseOptionalMask(p, hasMask, mask))
    return false;
  Location typesLoc;
  std::vector<Type> types;
  if (!parseTransferTypes(p, state, typesLoc, types))
    return false;
  Type sourceType = types[0], vectorType = types[1];
  if (!sourceType.isMemRef())
    return customOpError(p, state, typesLoc,
                         "requires memref or ranked tensor type");
  if (!vectorType.isVector())
    return customOpError(p, state, typesLoc, "requires vector type");
  addDefaultTransferAttrs(state, sourceType, vectorType);
  if (!p.resolveOperand(source, sourceType, state.operands) ||
      !p.resolveOperands(indices, Type::index(), state.operands) ||
      !p.resolveOperand(pad, sourceType.getElementType(), state.operands) ||
      (hasMask && !resolveMask(p, state, typesLoc, mask, vectorType)))
    return false;
  state.addAttr("operandSegmentSizes",
                segments({1, (int64_t)indices.size(), 1, hasMask ? 1 : 0}));
  state.types.push_back(vectorType);
  return true;
}

/// `%v, %m[%i, %j][, %mask] {attrs} : vector<...>, memref<...>`
bool parseTransferWrite(Parser &p, OperationState &state) {
  UnresolvedOperand value, dest, mask;
  std::vector<UnresolvedOperand> indices;
  bool hasMask;
  if (!p.parseOperand(value) || !p.expect(Tok::Comma, "','") ||
      !p.parseOperand(dest) || !p.expect(Tok::LSquare, "'['") ||
      !p.parseOperandList(indices) || !p.expect(Tok::RSquare, "']'") ||
      !parseOptionalMask(p, hasMask, mask))
    return false;
  Location typesLoc;
  std::vector<Type> types;
  if (!parseTransferTypes(p, state, typesLoc, types))
    return false;
  Type vectorType = types[0], destType = types[1];
  if (!vectorType.isVector())
    return customOpError(p, state, typesLoc, "requires vector type");
  if (!destType.isMemRef())
    return customOpError(p, state, typesLoc,
                         "requires memref or ranked tensor type");
  addDefaultTransferAttrs(state, destType, vectorType);
  if (!p.resolveOperand(value, vectorType, state.operands) ||
      !p.resolveOperand(dest, destType, state.operands) ||
      !p.resolveOperands(indices, Type::index(), state.operands) ||
      (hasMask && !resolveMask(p, state, typesLoc, mask, vectorType)))
    return false;
  state.addAttr("operandSegmentSizes",
                segments({1, 1, (int64_t)indices.size(), hasMask ? 1 : 0}));
  return true;
}

//===-- reduction --------------------------------------------------------===//

/// `<flag, ...>` after `fastmath`, canonicalized the way MLIR prints a bit
/// enum: `none`, `fast`, or the set flags in declaration order.
bool parseFastMathFlags(Parser &p, OperationState &state, std::string &out) {
  if (!p.expect(Tok::Less, "'<'"))
    return false;
  Location loc = p.getLoc();
  std::vector<std::string> names;
  do {
    std::string flag;
    if (!parseOpKeyword(p, state, flag))
      return false;
    names.push_back(flag);
  } while (p.consumeIf(Tok::Comma));
  if (!p.expect(Tok::Greater, "'>'"))
    return false;
  std::optional<std::string> flags = canonicalFlags(FlagAttr::FastMath, names);
  if (!flags)
    return customOpError(p, state, loc, unknownFlagMessage(FlagAttr::FastMath));
  out = *flags;
  return true;
}

/// `<add>, %v[, %acc] [fastmath<...>] {attrs} : vector<...> into T`
bool parseReduction(Parser &p, OperationState &state) {
  std::string kind;
  if (!p.expect(Tok::Less, "'<'"))
    return false;
  Location kindLoc = p.getLoc();
  if (!parseOpKeyword(p, state, kind))
    return false;
  if (!isVectorKind(kind))
    return customOpError(
        p, state, kindLoc,
        "expected ::mlir::vector::CombiningKind to be one of: add, "
        "mul, minui, minsi, minnumf, maxui, maxsi, maxnumf, and, "
        "or, xor, maximumf, minimumf");
  UnresolvedOperand vec, acc;
  bool hasAcc;
  if (!p.expect(Tok::Greater, "'>'") || !p.expect(Tok::Comma, "','") ||
      !p.parseOperand(vec))
    return false;
  hasAcc = p.consumeIf(Tok::Comma);
  if (hasAcc && !p.parseOperand(acc))
    return false;
  std::string flags = "none";
  if (p.consumeKeyword("fastmath") && !parseFastMathFlags(p, state, flags))
    return false;
  Type vectorType, resultType;
  if (!p.parseOptionalAttrDict(state.attrs) || !p.expect(Tok::Colon, "':'") ||
      !parseVectorType(p, state, vectorType) ||
      !expectOpKeyword(p, state, "into") || !p.parseType(resultType))
    return false;
  state.addAttr("kind", Attribute::opaque("#vector.kind<" + kind + ">"));
  if (!state.hasAttr("fastmath"))
    state.addAttr("fastmath",
                  Attribute::opaque("#arith.fastmath<" + flags + ">"));
  state.types.push_back(resultType);
  return p.resolveOperand(vec, vectorType, state.operands) &&
         (!hasAcc || p.resolveOperand(acc, resultType, state.operands));
}

//===-- broadcast, splat, fma --------------------------------------------===//

/// `%s {attrs} : T to vector<...>`
bool parseBroadcast(Parser &p, OperationState &state) {
  UnresolvedOperand src;
  Type from, to;
  if (!p.parseOperand(src) || !p.parseOptionalAttrDict(state.attrs) ||
      !p.parseColonType(from) || !expectOpKeyword(p, state, "to") ||
      !parseVectorType(p, state, to))
    return false;
  state.types.push_back(to);
  return p.resolveOperand(src, from, state.operands);
}

/// `%s {attrs} : vector<...>`; the scalar has the element type.
bool parseSplat(Parser &p, OperationState &state) {
  UnresolvedOperand src;
  Type to;
  if (!p.parseOperand(src) || !p.parseOptionalAttrDict(state.attrs) ||
      !p.expect(Tok::Colon, "':'") || !parseVectorType(p, state, to))
    return false;
  state.types.push_back(to);
  return p.resolveOperand(src, to.getElementType(), state.operands);
}

/// `%a, %b, %c {attrs} : vector<...>`
bool parseFma(Parser &p, OperationState &state) {
  std::vector<UnresolvedOperand> ops(3);
  Type t;
  if (!p.parseOperand(ops[0]) || !p.expect(Tok::Comma, "','") ||
      !p.parseOperand(ops[1]) || !p.expect(Tok::Comma, "','") ||
      !p.parseOperand(ops[2]) || !p.parseOptionalAttrDict(state.attrs) ||
      !p.expect(Tok::Colon, "':'") || !parseVectorType(p, state, t))
    return false;
  state.types.push_back(t);
  return p.resolveOperands(ops, t, state.operands);
}

//===-- extract / insert -------------------------------------------------===//

/// One signed integer of a bracketed list, appended to `out`.
bool parseListInteger(Parser &p, const OperationState &state,
                      std::vector<int64_t> &out) {
  if (!p.tok().is(Tok::Integer) && !p.tok().is(Tok::Minus))
    return customOpError(p, state, p.getLoc(), "expected integer value");
  int64_t v;
  if (!p.parseSignedInteger(v))
    return false;
  out.push_back(v);
  return true;
}

/// `[0, %i, 2]`: static entries and dynamic SSA positions (kDynamic).
bool parsePositions(Parser &p, const OperationState &state,
                    std::vector<int64_t> &positions,
                    std::vector<UnresolvedOperand> &dynamic) {
  // MLIR's parseDynamicIndexList names the list in its bracket errors.
  if (!p.expect(Tok::LSquare, "'[' in dynamic index list"))
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
    if (!parseListInteger(p, state, positions))
      return false;
  } while (p.consumeIf(Tok::Comma));
  return p.expect(Tok::RSquare, "']' in dynamic index list");
}

/// `%v[0, %i] {attrs} : T from vector<...>`
bool parseExtract(Parser &p, OperationState &state) {
  UnresolvedOperand vec;
  std::vector<int64_t> positions;
  std::vector<UnresolvedOperand> dynamic;
  Type result, source;
  if (!p.parseOperand(vec) || !parsePositions(p, state, positions, dynamic) ||
      !p.parseOptionalAttrDict(state.attrs) || !p.parseColonType(result) ||
      !expectOpKeyword(p, state, "from") || !parseVectorType(p, state, source))
    return false;
  state.addAttr("static_position",
                Attribute::denseArray(Type::integer(64), positions));
  state.types.push_back(result);
  return p.resolveOperand(vec, source, state.operands) &&
         p.resolveOperands(dynamic, Type::index(), state.operands);
}

/// `%s, %v[0, %i] {attrs} : T into vector<...>`
bool parseInsert(Parser &p, OperationState &state) {
  UnresolvedOperand src, dest;
  std::vector<int64_t> positions;
  std::vector<UnresolvedOperand> dynamic;
  Type srcType, destType;
  if (!p.parseOperand(src) || !p.expect(Tok::Comma, "','") ||
      !p.parseOperand(dest) || !parsePositions(p, state, positions, dynamic) ||
      !p.parseOptionalAttrDict(state.attrs) || !p.parseColonType(srcType) ||
      !expectOpKeyword(p, state, "into") ||
      !parseVectorType(p, state, destType))
    return false;
  state.addAttr("static_position",
                Attribute::denseArray(Type::integer(64), positions));
  state.types.push_back(destType);
  return p.resolveOperand(src, srcType, state.operands) &&
         p.resolveOperand(dest, destType, state.operands) &&
         p.resolveOperands(dynamic, Type::index(), state.operands);
}

//===-- load / store -----------------------------------------------------===//

/// vector.load `%m[%i] {attrs} : memref<...>, vector<...>` and vector.store
/// `%v, %m[%i] {attrs} : memref<...>, vector<...>`.
bool parseLoadStore(Parser &p, OperationState &state, bool isStore) {
  UnresolvedOperand value, base;
  std::vector<UnresolvedOperand> indices;
  if (isStore && (!p.parseOperand(value) || !p.expect(Tok::Comma, "','")))
    return false;
  Type memrefType, vectorType;
  if (!p.parseOperand(base) || !p.expect(Tok::LSquare, "'['") ||
      !p.parseOperandList(indices) || !p.expect(Tok::RSquare, "']'"))
    return false;
  // Declarative formats check inherent attributes given in the dictionary.
  Location dictLoc = p.getLoc();
  if (!p.parseOptionalAttrDict(state.attrs))
    return false;
  Attribute nt = findAttr(state, "nontemporal");
  if (nt && !nt.isa(AttrKind::Bool))
    return customOpError(p, state, dictLoc,
                         "'" + state.name +
                             "' op attribute 'nontemporal' failed to satisfy "
                             "constraint: bool attribute");
  if (!p.expect(Tok::Colon, "':'") ||
      !parseRankedMemRefType(p, state, memrefType) ||
      !p.expect(Tok::Comma, "','") || !parseVectorType(p, state, vectorType))
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

//===-- print ------------------------------------------------------------===//

/// `<comma>` after `punctuation`.
bool parsePunctuation(Parser &p, OperationState &state, std::string &punct) {
  if (!p.expect(Tok::Less, "'<'"))
    return false;
  Location loc = p.getLoc();
  if (!parseOpKeyword(p, state, punct))
    return false;
  if (punct != "no_punctuation" && punct != "newline" && punct != "comma" &&
      punct != "open" && punct != "close")
    return customOpError(
        p, state, loc,
        "expected ::mlir::vector::PrintPunctuation to be one of: "
        "no_punctuation, newline, comma, open, close");
  return p.expect(Tok::Greater, "'>'");
}

/// `[%x : T] [str "text"] [punctuation <p>] {attrs}`: the two keyword
/// clauses form an oilist (any order, each at most once).
bool parsePrint(Parser &p, OperationState &state) {
  if (p.isOperand()) {
    UnresolvedOperand value;
    Type t;
    if (!p.parseOperand(value) || !p.parseColonType(t) ||
        !p.resolveOperand(value, t, state.operands))
      return false;
  }
  std::string punct;
  bool seenStr = false, seenPunct = false;
  while (true) {
    if (p.consumeKeyword("str")) {
      if (seenStr)
        return customOpError(
            p, state, state.loc,
            "`str` clause can appear at most once in the expansion "
            "of the oilist directive");
      seenStr = true;
      std::string text;
      if (!p.parseString(text))
        return false;
      state.addAttr("stringLiteral", Attribute::string(text));
    } else if (p.consumeKeyword("punctuation")) {
      if (seenPunct)
        return customOpError(
            p, state, state.loc,
            "`punctuation` clause can appear at most once in the "
            "expansion of the oilist directive");
      seenPunct = true;
      if (!parsePunctuation(p, state, punct))
        return false;
      state.addAttr("punctuation",
                    Attribute::opaque("#vector.punctuation<" + punct + ">"));
    } else {
      break;
    }
  }
  if (!p.parseOptionalAttrDict(state.attrs))
    return false;
  if (!state.hasAttr("punctuation"))
    state.addAttr("punctuation",
                  Attribute::opaque("#vector.punctuation<newline>"));
  return true;
}

//===-- strided slices ---------------------------------------------------===//

/// `%v {offsets = [..], sizes = [..], strides = [..]} : vector<..> to
/// vector<..>`; the attributes are checked by the verifier.
bool parseExtractStridedSlice(Parser &p, OperationState &state) {
  UnresolvedOperand src;
  Type from, to;
  if (!p.parseOperand(src) || !p.parseOptionalAttrDict(state.attrs) ||
      !p.expect(Tok::Colon, "':'") || !parseVectorType(p, state, from) ||
      !expectOpKeyword(p, state, "to") || !parseVectorType(p, state, to))
    return false;
  state.types.push_back(to);
  return p.resolveOperand(src, from, state.operands);
}

/// `%s, %d {offsets = [..], strides = [..]} : vector<..> into vector<..>`
bool parseInsertStridedSlice(Parser &p, OperationState &state) {
  UnresolvedOperand src, dest;
  Type srcType, destType;
  if (!p.parseOperand(src) || !p.expect(Tok::Comma, "','") ||
      !p.parseOperand(dest) || !p.parseOptionalAttrDict(state.attrs) ||
      !p.expect(Tok::Colon, "':'") || !parseVectorType(p, state, srcType) ||
      !expectOpKeyword(p, state, "into") ||
      !parseVectorType(p, state, destType))
    return false;
  state.types.push_back(destType);
  return p.resolveOperand(src, srcType, state.operands) &&
         p.resolveOperand(dest, destType, state.operands);
}

//===-- extractelement / insertelement -----------------------------------===//

/// `[%i : T]` or `[]` (0-D vectors): the optional position operand.
bool parseElementPosition(Parser &p, bool &hasPos, UnresolvedOperand &pos,
                          Type &posType) {
  if (!p.expect(Tok::LSquare, "'['"))
    return false;
  hasPos = p.isOperand();
  if (hasPos && (!p.parseOperand(pos) || !p.parseColonType(posType)))
    return false;
  return p.expect(Tok::RSquare, "']'");
}

/// `%v[%i : i32] {attrs} : vector<..>`; the result is the element type.
bool parseExtractElement(Parser &p, OperationState &state) {
  UnresolvedOperand vec, pos;
  Type posType, vecType;
  bool hasPos;
  if (!p.parseOperand(vec) || !parseElementPosition(p, hasPos, pos, posType) ||
      !p.parseOptionalAttrDict(state.attrs) || !p.expect(Tok::Colon, "':'") ||
      !parseVectorType(p, state, vecType))
    return false;
  state.types.push_back(vecType.getElementType());
  return p.resolveOperand(vec, vecType, state.operands) &&
         (!hasPos || p.resolveOperand(pos, posType, state.operands));
}

/// `%s, %v[%i : index] {attrs} : vector<..>`
bool parseInsertElement(Parser &p, OperationState &state) {
  UnresolvedOperand src, dest, pos;
  Type posType, vecType;
  bool hasPos;
  if (!p.parseOperand(src) || !p.expect(Tok::Comma, "','") ||
      !p.parseOperand(dest) || !parseElementPosition(p, hasPos, pos, posType) ||
      !p.parseOptionalAttrDict(state.attrs) || !p.expect(Tok::Colon, "':'") ||
      !parseVectorType(p, state, vecType))
    return false;
  state.types.push_back(vecType);
  return p.resolveOperand(src, vecType.getElementType(), state.operands) &&
         p.resolveOperand(dest, vecType, state.operands) &&
         (!hasPos || p.resolveOperand(pos, posType, state.operands));
}

//===-- shuffle, transpose -----------------------------------------------===//

/// An attribute that must be an array (`[0, 1]`, integers of i64).
bool parseArrayAttr(Parser &p, const OperationState &state, Attribute &a) {
  Location loc = p.getLoc();
  if (!p.parseAttribute(a))
    return false;
  if (!a.isa(AttrKind::Array))
    return customOpError(p, state, loc, "invalid kind of attribute specified");
  return true;
}

/// ShuffleOp::inferReturnTypes: the mask length (at least 1) followed by
/// the first operand's trailing dimensions.
Type inferShuffleType(Type v1, size_t maskLength) {
  std::vector<int64_t> shape = {(int64_t)std::max<size_t>(1, maskLength)};
  if (v1.getRank() > 0)
    shape.insert(shape.end(), v1.getShape().begin() + 1, v1.getShape().end());
  return Type::vector(shape, v1.getElementType());
}

/// `%a, %b [0, 3] {attrs} : vector<..>, vector<..>`
bool parseShuffle(Parser &p, OperationState &state) {
  std::vector<UnresolvedOperand> ops;
  Attribute mask;
  if (!p.parseOperandList(ops) || !parseArrayAttr(p, state, mask) ||
      !p.parseOptionalAttrDict(state.attrs))
    return false;
  Location typesLoc = p.getLoc();
  std::vector<Type> types;
  if (!p.parseColonTypeList(types))
    return false;
  if (ops.size() != 2 || types.size() != 2)
    return customOpError(p, state, typesLoc,
                         std::to_string(types.size()) +
                             " types present, but expected 2 operands");
  for (Type t : types)
    if (!t.isVector())
      return customOpError(p, state, typesLoc,
                           "invalid kind of type specified");
  state.addAttr("mask", mask);
  state.types.push_back(inferShuffleType(types[0], mask.getArray().size()));
  return p.resolveOperand(ops[0], types[0], state.operands) &&
         p.resolveOperand(ops[1], types[1], state.operands);
}

/// `[1, 0]`: the body of a dense i64 array in custom syntax.
bool parseDenseI64List(Parser &p, const OperationState &state,
                       std::vector<int64_t> &values) {
  if (!p.expect(Tok::LSquare, "'['"))
    return false;
  if (p.consumeIf(Tok::RSquare))
    return true;
  do {
    if (!parseListInteger(p, state, values))
      return false;
  } while (p.consumeIf(Tok::Comma));
  return p.expect(Tok::RSquare, "']'");
}

/// `%v, [1, 0] {attrs} : vector<..> to vector<..>`
bool parseTranspose(Parser &p, OperationState &state) {
  UnresolvedOperand src;
  std::vector<int64_t> perm;
  Type from, to;
  if (!p.parseOperand(src) || !p.expect(Tok::Comma, "','") ||
      !parseDenseI64List(p, state, perm) ||
      !p.parseOptionalAttrDict(state.attrs) || !p.expect(Tok::Colon, "':'") ||
      !parseVectorType(p, state, from) || !expectOpKeyword(p, state, "to") ||
      !parseVectorType(p, state, to))
    return false;
  state.addAttr("permutation", Attribute::denseArray(Type::integer(64), perm));
  state.types.push_back(to);
  return p.resolveOperand(src, from, state.operands);
}

//===-- outerproduct -----------------------------------------------------===//

/// `%a, %b[, %acc] {attrs} : vector<Mx..>, vector<Nx..>` (2-D result) or
/// `... : vector<Mx..>, T` (AXPY, 1-D result). MLIR's hand-written parser
/// reports its errors at the op name and adds the default `add` kind.
bool parseOuterProduct(Parser &p, OperationState &state) {
  std::vector<UnresolvedOperand> ops;
  Type lhs, rhs;
  if (!p.parseOperandList(ops) || !p.parseOptionalAttrDict(state.attrs) ||
      !p.parseColonType(lhs) || !p.expect(Tok::Comma, "','") ||
      !p.parseType(rhs))
    return false;
  if (ops.size() < 2)
    return customOpError(p, state, state.loc, "expected at least 2 operands");
  if (!lhs.isVector())
    return customOpError(p, state, state.loc,
                         "expected vector type for operand #1");
  // A 0-D lhs has no dimension to take; MLIR's verifier rejects it.
  int64_t m = lhs.getRank() > 0 ? lhs.getDimSize(0) : 1;
  std::vector<int64_t> shape = {m};
  if (rhs.isVector())
    shape.push_back(rhs.getRank() > 0 ? rhs.getDimSize(0) : 1);
  Type result = Type::vector(shape, lhs.getElementType());
  if (!findAttr(state, "kind"))
    state.addAttr("kind", Attribute::opaque("#vector.kind<add>"));
  state.types.push_back(result);
  if (!p.resolveOperand(ops[0], lhs, state.operands) ||
      !p.resolveOperand(ops[1], rhs, state.operands))
    return false;
  for (size_t i = 2; i < ops.size(); ++i)
    if (!p.resolveOperand(ops[i], result, state.operands))
      return false;
  return true;
}

//===-- bitcast, shape_cast ----------------------------------------------===//

/// `%v {attrs} : vector<..> to vector<..>`
bool parseVectorCast(Parser &p, OperationState &state) {
  UnresolvedOperand src;
  Type from, to;
  if (!p.parseOperand(src) || !p.parseOptionalAttrDict(state.attrs) ||
      !p.expect(Tok::Colon, "':'") || !parseVectorType(p, state, from) ||
      !expectOpKeyword(p, state, "to") || !parseVectorType(p, state, to))
    return false;
  state.types.push_back(to);
  return p.resolveOperand(src, from, state.operands);
}

//===-- constant_mask, create_mask ---------------------------------------===//

/// `[2, 3] {attrs} : vector<4x8xi1>`
bool parseConstantMask(Parser &p, OperationState &state) {
  Attribute sizes;
  Type t;
  if (!parseArrayAttr(p, state, sizes) ||
      !p.parseOptionalAttrDict(state.attrs) || !p.expect(Tok::Colon, "':'") ||
      !parseVectorType(p, state, t))
    return false;
  state.addAttr("mask_dim_sizes", sizes);
  state.types.push_back(t);
  return true;
}

/// `%a, %b {attrs} : vector<4x8xi1>`; the operands are indices.
bool parseCreateMask(Parser &p, OperationState &state) {
  std::vector<UnresolvedOperand> ops;
  Type t;
  if (!p.parseOperandList(ops) || !p.parseOptionalAttrDict(state.attrs) ||
      !p.expect(Tok::Colon, "':'") || !parseVectorType(p, state, t))
    return false;
  state.types.push_back(t);
  return p.resolveOperands(ops, Type::index(), state.operands);
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
  r.add("vector.extract_strided_slice", parseExtractStridedSlice);
  r.add("vector.insert_strided_slice", parseInsertStridedSlice);
  r.add("vector.extractelement", parseExtractElement);
  r.add("vector.insertelement", parseInsertElement);
  r.add("vector.shuffle", parseShuffle);
  r.add("vector.transpose", parseTranspose);
  r.add("vector.outerproduct", parseOuterProduct);
  r.add("vector.bitcast", parseVectorCast);
  r.add("vector.shape_cast", parseVectorCast);
  r.add("vector.constant_mask", parseConstantMask);
  r.add("vector.create_mask", parseCreateMask);
}

} // namespace affjit
