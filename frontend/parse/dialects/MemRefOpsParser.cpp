// Custom-syntax parsers of the memref dialect ops (seed 004), producing
// exactly the operands and attributes of MLIR 19's generic form: segment
// sizes, `static_*` arrays with kDynamic for `?`, `reassociation`,
// `permutation`, the global's `sym_name`/`type`/`initial_value`, ... .
// Also registers the old unprefixed spellings (`alloc`, `dma_start`, ...).
#include "frontend/ir/Ops.h"
#include "frontend/parse/AffineParser.h"
#include "frontend/parse/OpParsers.h"

namespace affjit {

namespace {

using Operands = std::vector<UnresolvedOperand>;

//===-- shared helpers
//------------------------------------------------------===//

/// `type($x)` of an operand that may be ranked or unranked.
bool parseAnyMemRefType(Parser &p, OperationState &st, Type &t) {
  Location loc = p.getLoc();
  if (!p.parseType(t))
    return false;
  if (!t.isAnyMemRef())
    return customOpError(p, st, loc, "invalid kind of type specified");
  return true;
}

bool parseColonRankedMemRefType(Parser &p, OperationState &st, Type &t) {
  return p.expect(Tok::Colon, "':'") && parseRankedMemRefType(p, st, t);
}

/// `[%a, %b]`, possibly empty.
bool parseSquareOperandList(Parser &p, Operands &ops) {
  return p.expect(Tok::LSquare, "'['") && p.parseOperandList(ops) &&
         p.expect(Tok::RSquare, "']'");
}

/// `%m[%i, %j]`: a memref followed by its subscripts.
bool parseSubscripted(Parser &p, UnresolvedOperand &memref, Operands &idx) {
  return p.parseOperand(memref) && parseSquareOperandList(p, idx);
}

Attribute segmentSizes(std::vector<int64_t> sizes) {
  return Attribute::denseArray(Type::integer(32), std::move(sizes));
}

/// MLIR's DynamicIndexList: `[%a, 4, %b]`. Integers go to `statics`; SSA
/// values go to `dynamics` and leave kDynamic in their static slot.
bool parseDynamicIndexList(Parser &p, OperationState &st, Operands &dynamics,
                           std::vector<int64_t> &statics) {
  if (!p.expect(Tok::LSquare, "'['"))
    return false;
  while (!p.tok().is(Tok::RSquare)) {
    if (p.isOperand()) {
      UnresolvedOperand op;
      if (!p.parseOperand(op))
        return false;
      dynamics.push_back(op);
      statics.push_back(kDynamic);
    } else if (p.tok().is(Tok::Integer) || p.tok().is(Tok::Minus)) {
      int64_t v;
      if (!p.parseSignedInteger(v))
        return false;
      statics.push_back(v);
    } else {
      return customOpError(p, st, p.getLoc(), "expected integer value");
    }
    if (!p.consumeIf(Tok::Comma))
      break;
  }
  return p.expect(Tok::RSquare, "']'");
}

/// `: T1 to T2` (or `into`): the source and result types of view-like ops.
/// `: T1 to T2` of cast and copy, both ranked or unranked memrefs.
bool parseSourceAndResultTypes(Parser &p, OperationState &st, Type &src,
                               Type &dst) {
  return p.expect(Tok::Colon, "':'") && parseAnyMemRefType(p, st, src) &&
         p.expectKeyword("to") && parseAnyMemRefType(p, st, dst);
}

//===-- allocation
//----------------------------------------------------------===//

/// `memref.alloc(%d)[%s] {alignment = 8} : memref<...>` (also alloca).
bool parseAllocLike(Parser &p, OperationState &st) {
  Operands sizes, symbols;
  if (!p.expect(Tok::LParen, "'('") || !p.parseOperandList(sizes) ||
      !p.expect(Tok::RParen, "')'"))
    return false;
  if (p.tok().is(Tok::LSquare) && !parseSquareOperandList(p, symbols))
    return false;
  Type type;
  Location dictLoc = p.getLoc();
  if (!p.parseOptionalAttrDict(st.attrs))
    return false;
  // Inherent attributes written in the dictionary are checked while
  // parsing, as MLIR converts them to properties.
  for (const NamedAttribute &a : st.attrs)
    if (a.name == "alignment" &&
        !(a.value.isa(AttrKind::Integer) && a.value.getType().isInteger(64) &&
          a.value.getInt() >= 0))
      return customOpError(p, st, dictLoc,
                           "'" + st.name +
                               "' op attribute 'alignment' failed to satisfy "
                               "constraint: 64-bit signless integer attribute "
                               "whose minimum value is 0");
  if (!parseColonRankedMemRefType(p, st, type) ||
      !p.resolveOperands(sizes, Type::index(), st.operands) ||
      !p.resolveOperands(symbols, Type::index(), st.operands))
    return false;
  st.addAttr("operandSegmentSizes",
             segmentSizes({(int64_t)sizes.size(), (int64_t)symbols.size()}));
  st.types.push_back(type);
  return true;
}

/// `memref.alloca_scope [-> (types)] { ... } [attr-dict]`; a body without
/// results may omit its `memref.alloca_scope.return`.
bool parseAllocaScope(Parser &p, OperationState &st) {
  if (p.consumeIf(Tok::Arrow) && !p.parseFunctionResultTypes(st.types))
    return false;
  return p.parseRegion(*st.addRegion(), {}, "memref.alloca_scope.return") &&
         p.parseOptionalAttrDict(st.attrs);
}

/// `memref.alloca_scope.return [attr-dict] [%v, ... : types]`
bool parseAllocaScopeReturn(Parser &p, OperationState &st) {
  if (!p.parseOptionalAttrDict(st.attrs))
    return false;
  if (!p.isOperand())
    return true;
  Operands values;
  std::vector<Type> types;
  return p.parseOperandList(values, false) && p.parseColonTypeList(types) &&
         p.resolveOperands(values, types, st.operands);
}

/// `memref.dealloc %m [attr-dict] : T`
bool parseDealloc(Parser &p, OperationState &st) {
  UnresolvedOperand m;
  Type type;
  return p.parseOperand(m) && p.parseOptionalAttrDict(st.attrs) &&
         p.expect(Tok::Colon, "':'") && parseAnyMemRefType(p, st, type) &&
         p.resolveOperand(m, type, st.operands);
}

//===-- element access
//------------------------------------------------------===//

/// `memref.load %m[%i] [attr-dict] : memref<...>`
bool parseLoad(Parser &p, OperationState &st) {
  UnresolvedOperand m;
  Operands idx;
  Type type;
  if (!parseSubscripted(p, m, idx) || !p.parseOptionalAttrDict(st.attrs) ||
      !parseColonRankedMemRefType(p, st, type) ||
      !p.resolveOperand(m, type, st.operands) ||
      !p.resolveOperands(idx, Type::index(), st.operands))
    return false;
  st.types.push_back(type.getElementType());
  return true;
}

/// `memref.store %v, %m[%i] [attr-dict] : memref<...>`
bool parseStore(Parser &p, OperationState &st) {
  UnresolvedOperand v, m;
  Operands idx;
  Type type;
  return p.parseOperand(v) && p.expect(Tok::Comma, "','") &&
         parseSubscripted(p, m, idx) && p.parseOptionalAttrDict(st.attrs) &&
         parseColonRankedMemRefType(p, st, type) &&
         p.resolveOperand(v, type.getElementType(), st.operands) &&
         p.resolveOperand(m, type, st.operands) &&
         p.resolveOperands(idx, Type::index(), st.operands);
}

/// `memref.dim [attr-dict] %m, %i : T` (the attr-dict comes first).
bool parseDim(Parser &p, OperationState &st) {
  UnresolvedOperand m, i;
  Type type;
  if (!p.parseOptionalAttrDict(st.attrs) || !p.parseOperand(m) ||
      !p.expect(Tok::Comma, "','"))
    return false;
  if (p.tok().is(Tok::Integer)) {
    // The seeds' `dim %A, 0`: MLIR 19 spells the index as an operand, so
    // an index constant is materialized just before the op.
    int64_t d;
    Location at = p.getLoc();
    if (!p.parseInteger(d) || !p.parseColonType(type) ||
        !p.resolveOperand(m, type, st.operands))
      return false;
    auto constant = Operation::create("arith.constant", at, {}, {Type::index()},
                                      {{"value", Attribute::index(d)}}, 0);
    st.operands.push_back(constant->getResult(0));
    st.prelude.push_back(std::move(constant));
    st.types.push_back(Type::index());
    return true;
  }
  return p.parseOperand(i) && p.parseColonType(type) &&
         p.resolveOperand(m, type, st.operands) &&
         p.resolveOperand(i, Type::index(), st.operands) &&
         (st.types.push_back(Type::index()), true);
}

/// `memref.rank %m [attr-dict] : T`
bool parseRank(Parser &p, OperationState &st) {
  if (!parseDealloc(p, st))
    return false;
  st.types.push_back(Type::index());
  return true;
}

/// An integer literal typed i32. Parser::parseAttribute with a type hint
/// would also take a following `: type` as the literal's type.
bool parseI32(Parser &p, Attribute &a) {
  int64_t v;
  if (!p.parseSignedInteger(v))
    return false;
  a = Attribute::integer(v, Type::integer(32));
  return true;
}

/// `memref.prefetch %m[%i], read|write, locality<N>, data|instr : T`
bool parsePrefetch(Parser &p, OperationState &st) {
  UnresolvedOperand m;
  Operands idx;
  std::string rw, cache;
  Attribute locality;
  if (!parseSubscripted(p, m, idx) || !p.expect(Tok::Comma, "','") ||
      !p.parseKeyword(rw) || !p.expect(Tok::Comma, "','"))
    return false;
  if (!p.consumeKeyword("locality"))
    return customOpError(p, st, p.getLoc(), "expected 'locality'");
  if (!p.expect(Tok::Less, "'<'") || !parseI32(p, locality) ||
      !p.expect(Tok::Greater, "'>'") || !p.expect(Tok::Comma, "','") ||
      !p.parseKeyword(cache))
    return false;
  Type type;
  if (!p.parseOptionalAttrDict(st.attrs) ||
      !parseColonRankedMemRefType(p, st, type) ||
      !p.resolveOperand(m, type, st.operands) ||
      !p.resolveOperands(idx, Type::index(), st.operands))
    return false;
  if (rw != "read" && rw != "write")
    return customOpError(p, st, st.loc,
                         "rw specifier has to be 'read' or 'write'");
  if (cache != "data" && cache != "instr")
    return customOpError(p, st, st.loc,
                         "cache type has to be 'data' or 'instr'");
  st.addAttr(attrname::prefetch::LocalityHint, locality);
  st.addAttr(attrname::prefetch::IsWrite, Attribute::boolean(rw == "write"));
  st.addAttr(attrname::prefetch::IsDataCache,
             Attribute::boolean(cache == "data"));
  return true;
}

/// `memref.assume_alignment %m, 16 [attr-dict] : T`
bool parseAssumeAlignment(Parser &p, OperationState &st) {
  UnresolvedOperand m;
  Attribute align;
  Type type;
  if (!p.parseOperand(m) || !p.expect(Tok::Comma, "','") ||
      !parseI32(p, align) || !p.parseOptionalAttrDict(st.attrs) ||
      !parseColonRankedMemRefType(p, st, type) ||
      !p.resolveOperand(m, type, st.operands))
    return false;
  st.addAttr("alignment", align);
  return true;
}

//===-- casts, copies and views
//---------------------------------------------===//

/// `memref.cast %m [attr-dict] : T1 to T2`
/// `memref.realloc %m[(%size)] [attr-dict] : T1 to T2`
bool parseRealloc(Parser &p, OperationState &st) {
  UnresolvedOperand m, size;
  bool hasSize = false;
  if (!p.parseOperand(m))
    return false;
  if (p.consumeIf(Tok::LParen)) {
    hasSize = true;
    if (!p.parseOperand(size) || !p.expect(Tok::RParen, "')'"))
      return false;
  }
  Type src, dst;
  if (!p.parseOptionalAttrDict(st.attrs) ||
      !parseSourceAndResultTypes(p, st, src, dst) ||
      !p.resolveOperand(m, src, st.operands))
    return false;
  if (hasSize && !p.resolveOperand(size, Type::index(), st.operands))
    return false;
  st.types.push_back(dst);
  return true;
}

bool parseCast(Parser &p, OperationState &st) {
  UnresolvedOperand m;
  Type src, dst;
  if (!p.parseOperand(m) || !p.parseOptionalAttrDict(st.attrs) ||
      !parseSourceAndResultTypes(p, st, src, dst) ||
      !p.resolveOperand(m, src, st.operands))
    return false;
  st.types.push_back(dst);
  return true;
}

/// `memref.copy %a, %b [attr-dict] : T1 to T2`
bool parseCopy(Parser &p, OperationState &st) {
  UnresolvedOperand a, b;
  Type ta, tb;
  return p.parseOperand(a) && p.expect(Tok::Comma, "','") &&
         p.parseOperand(b) && p.parseOptionalAttrDict(st.attrs) &&
         parseSourceAndResultTypes(p, st, ta, tb) &&
         p.resolveOperand(a, ta, st.operands) &&
         p.resolveOperand(b, tb, st.operands);
}

/// Offsets, sizes and strides of subview and reinterpret_cast: operands in
/// that order after the source, and their static arrays.
struct MixedLists {
  Operands dyn[3];
  std::vector<int64_t> stat[3];
};

bool finishOffsetsSizesStrides(Parser &p, OperationState &st,
                               const UnresolvedOperand &src, Type srcType,
                               Type resultType, const MixedLists &l) {
  if (!p.resolveOperand(src, srcType, st.operands))
    return false;
  for (const Operands &ops : l.dyn)
    if (!p.resolveOperands(ops, Type::index(), st.operands))
      return false;
  st.addAttr("operandSegmentSizes", segmentSizes({1, (int64_t)l.dyn[0].size(),
                                                  (int64_t)l.dyn[1].size(),
                                                  (int64_t)l.dyn[2].size()}));
  static const char *const names[] = {"static_offsets", "static_sizes",
                                      "static_strides"};
  for (int k = 0; k < 3; ++k)
    st.addAttr(names[k], Attribute::denseArray(Type::integer(64), l.stat[k]));
  st.types.push_back(resultType);
  return true;
}

/// `memref.subview %m[offsets] [sizes] [strides] [attr-dict] : T1 to T2`
bool parseSubView(Parser &p, OperationState &st) {
  UnresolvedOperand src;
  MixedLists l;
  if (!p.parseOperand(src))
    return false;
  for (int k = 0; k < 3; ++k)
    if (!parseDynamicIndexList(p, st, l.dyn[k], l.stat[k]))
      return false;
  Type srcType, dstType;
  if (!p.parseOptionalAttrDict(st.attrs) || !p.expect(Tok::Colon, "':'"))
    return false;
  if (!parseRankedMemRefType(p, st, srcType) || !p.expectKeyword("to") ||
      !parseRankedMemRefType(p, st, dstType))
    return false;
  return finishOffsetsSizesStrides(p, st, src, srcType, dstType, l);
}

/// `memref.reinterpret_cast %m to offset: [o], sizes: [..], strides: [..]
/// [attr-dict] : T1 to T2`
bool parseReinterpretCast(Parser &p, OperationState &st) {
  UnresolvedOperand src;
  MixedLists l;
  static const char *const keywords[] = {"offset", "sizes", "strides"};
  if (!p.parseOperand(src) || !p.expectKeyword("to"))
    return false;
  for (int k = 0; k < 3; ++k) {
    if (k && !p.expect(Tok::Comma, "','"))
      return false;
    if (!p.expectKeyword(keywords[k]) || !p.expect(Tok::Colon, "':'") ||
        !parseDynamicIndexList(p, st, l.dyn[k], l.stat[k]))
      return false;
  }
  Type srcType, dstType;
  if (!p.parseOptionalAttrDict(st.attrs) || !p.expect(Tok::Colon, "':'") ||
      !parseAnyMemRefType(p, st, srcType) || !p.expectKeyword("to") ||
      !parseRankedMemRefType(p, st, dstType))
    return false;
  return finishOffsetsSizesStrides(p, st, src, srcType, dstType, l);
}

/// `memref.view %buf[%shift][%sizes] [attr-dict] : T1 to T2`
bool parseView(Parser &p, OperationState &st) {
  UnresolvedOperand src, shift;
  Operands sizes;
  Type srcType, dstType;
  if (!p.parseOperand(src) || !p.expect(Tok::LSquare, "'['") ||
      !p.parseOperand(shift) || !p.expect(Tok::RSquare, "']'") ||
      !parseSquareOperandList(p, sizes) || !p.parseOptionalAttrDict(st.attrs) ||
      !p.expect(Tok::Colon, "':'") || !parseRankedMemRefType(p, st, srcType) ||
      !p.expectKeyword("to") || !parseRankedMemRefType(p, st, dstType) ||
      !p.resolveOperand(src, srcType, st.operands) ||
      !p.resolveOperand(shift, Type::index(), st.operands) ||
      !p.resolveOperands(sizes, Type::index(), st.operands))
    return false;
  st.types.push_back(dstType);
  return true;
}

/// `[[0, 1], [2]]`: kept as an array of i64 arrays like MLIR.
bool parseReassociation(Parser &p, Attribute &a) {
  if (!p.tok().is(Tok::LSquare))
    return p.emitError("expected '['");
  return p.parseAttribute(a);
}

/// `memref.collapse_shape %m [[0, 1], [2]] [attr-dict] : T1 into T2`
bool parseCollapseShape(Parser &p, OperationState &st) {
  UnresolvedOperand src;
  Attribute reassoc;
  Type srcType, dstType;
  if (!p.parseOperand(src) || !parseReassociation(p, reassoc) ||
      !p.parseOptionalAttrDict(st.attrs) || !p.expect(Tok::Colon, "':'") ||
      !parseRankedMemRefType(p, st, srcType) || !p.expectKeyword("into") ||
      !parseRankedMemRefType(p, st, dstType) ||
      !p.resolveOperand(src, srcType, st.operands))
    return false;
  st.addAttr("reassociation", reassoc);
  st.types.push_back(dstType);
  return true;
}

/// `memref.expand_shape %m [[0, 1]] output_shape [%a, 4] [attr-dict] :
/// T1 into T2` (MLIR 19 syntax).
bool parseExpandShape(Parser &p, OperationState &st) {
  UnresolvedOperand src;
  Attribute reassoc;
  Operands dyn;
  std::vector<int64_t> shape;
  Type srcType, dstType;
  if (!p.parseOperand(src) || !parseReassociation(p, reassoc))
    return false;
  if (!p.consumeKeyword("output_shape"))
    return customOpError(p, st, p.getLoc(), "expected 'output_shape'");
  if (!parseDynamicIndexList(p, st, dyn, shape) ||
      !p.parseOptionalAttrDict(st.attrs) || !p.expect(Tok::Colon, "':'") ||
      !parseRankedMemRefType(p, st, srcType) || !p.expectKeyword("into") ||
      !parseRankedMemRefType(p, st, dstType) ||
      !p.resolveOperand(src, srcType, st.operands) ||
      !p.resolveOperands(dyn, Type::index(), st.operands))
    return false;
  st.addAttr("reassociation", reassoc);
  st.addAttr("static_output_shape",
             Attribute::denseArray(Type::integer(64), std::move(shape)));
  st.types.push_back(dstType);
  return true;
}

/// A bare affine map `(d0, d1) -> (d1, d0)` as transpose writes it. The
/// tokens are re-joined with spaces and handed to the affine map parser;
/// `starts` maps text offsets back to token locations for errors.
bool parseBareAffineMap(Parser &p, AffineMap &map) {
  if (!p.tok().is(Tok::LParen))
    return p.emitError("expected '(' at start of dimensional identifiers list");
  std::string text;
  std::vector<std::pair<size_t, Location>> starts;
  auto take = [&] {
    starts.push_back({text.size(), p.getLoc()});
    text += p.tok().spelling;
    text += ' ';
    p.consume();
  };
  // Dims `(...)`, optional symbols `[...]`, `->`, results `(...)`.
  auto takeGroup = [&](Tok open, Tok close) {
    int depth = 0;
    do {
      if (p.tok().is(Tok::Eof) || p.tok().is(Tok::Error))
        return false;
      if (p.tok().is(open))
        ++depth;
      else if (p.tok().is(close))
        --depth;
      take();
    } while (depth > 0);
    return true;
  };
  Location start = p.getLoc();
  bool ok =
      takeGroup(Tok::LParen, Tok::RParen) &&
      (!p.tok().is(Tok::LSquare) || takeGroup(Tok::LSquare, Tok::RSquare));
  if (ok && p.tok().is(Tok::Arrow)) {
    take();
    ok = p.tok().is(Tok::LParen) && takeGroup(Tok::LParen, Tok::RParen);
  } else {
    ok = false;
  }
  if (!ok)
    return p.emitError("expected affine map");
  auto r = affjit::parseAffineMap(text);
  if (auto *err = std::get_if<AffineParseError>(&r)) {
    Location loc = start;
    for (auto &[off, l] : starts)
      if (off <= err->offset)
        loc = l;
    return p.emitError(loc, err->message);
  }
  map = std::get<AffineMap>(r);
  return true;
}

/// `memref.transpose %m (d0, d1) -> (d1, d0) [attr-dict] : T1 to T2`
bool parseTranspose(Parser &p, OperationState &st) {
  UnresolvedOperand src;
  AffineMap perm;
  Type srcType, dstType;
  if (!p.parseOperand(src) || !parseBareAffineMap(p, perm) ||
      !p.parseOptionalAttrDict(st.attrs) || !p.expect(Tok::Colon, "':'") ||
      !parseRankedMemRefType(p, st, srcType) || !p.expectKeyword("to") ||
      !parseRankedMemRefType(p, st, dstType) ||
      !p.resolveOperand(src, srcType, st.operands))
    return false;
  st.addAttr("permutation", Attribute::affineMap(perm));
  st.types.push_back(dstType);
  return true;
}

/// `memref.reshape %m(%shape) [attr-dict] : (T1, T2) -> T3`
bool parseReshape(Parser &p, OperationState &st) {
  UnresolvedOperand src, shape;
  Type fn;
  if (!p.parseOperand(src) || !p.expect(Tok::LParen, "'('") ||
      !p.parseOperand(shape) || !p.expect(Tok::RParen, "')'") ||
      !p.parseOptionalAttrDict(st.attrs) || !p.expect(Tok::Colon, "':'"))
    return false;
  Location typeLoc = p.getLoc();
  if (!p.parseType(fn))
    return false;
  if (!fn.isFunction())
    return customOpError(p, st, typeLoc, "invalid kind of type specified");
  if (fn.getResults().size() != 1)
    return customOpError(p, st, typeLoc, "expected 1 result type");
  if (!p.resolveOperands({src, shape}, fn.getInputs(), st.operands))
    return false;
  st.types.push_back(fn.getResults()[0]);
  return true;
}

//===-- globals
//-------------------------------------------------------------===//

/// The tensor type of a global's initializer: the memref's shape and
/// element type.
Type tensorTypeOf(Type memref) {
  return Type::tensor(memref.getShape(), memref.getElementType());
}

/// `memref.global ["private"] [constant] @name : T [= uninitialized | =
/// dense<...>] [attr-dict]`
bool parseGlobal(Parser &p, OperationState &st) {
  if (p.tok().is(Tok::String)) {
    std::string vis;
    if (!p.parseString(vis))
      return false;
    st.addAttr("sym_visibility", Attribute::string(vis));
  }
  if (p.consumeKeyword("constant"))
    st.addAttr("constant", Attribute::unit());
  if (!p.tok().is(Tok::AtId))
    return p.emitError("expected valid '@'-identifier for symbol name");
  Attribute name;
  if (!p.parseAttribute(name))
    return false;
  st.addAttr("sym_name", Attribute::string(name.getString()));
  Type type;
  if (!p.parseColonType(type))
    return false;
  if (!type.isMemRef() || !type.hasStaticShape())
    return customOpError(p, st, st.loc,
                         "type should be static shaped memref, but got '" +
                             type.str() + "'");
  st.addAttr("type", Attribute::type(type));
  if (p.consumeIf(Tok::Equal)) {
    Attribute init;
    if (p.consumeKeyword("uninitialized")) {
      init = Attribute::unit();
    } else if (p.isKeyword("dense")) {
      // Typed by the global, as MLIR parses it: no `: type` follows.
      if (!p.parseAttribute(init, tensorTypeOf(type)))
        return false;
    } else if (p.tok().is(Tok::Integer) || p.tok().is(Tok::Float) ||
               p.tok().is(Tok::Minus)) {
      // A scalar literal typed by the global's tensor type.
      return p.emitError(std::string(p.tok().is(Tok::Float)
                                         ? "floating point value"
                                         : "integer literal") +
                         " not valid for specified type");
    } else {
      if (!p.parseAttribute(init))
        return false;
      if (!init.isa(AttrKind::DenseElements))
        return customOpError(p, st, st.loc,
                             "initial value should be a unit or elements "
                             "attribute");
    }
    st.addAttr("initial_value", init);
  }
  return p.parseOptionalAttrDict(st.attrs);
}

/// `memref.get_global @name : T [attr-dict]`
bool parseGetGlobal(Parser &p, OperationState &st) {
  if (!p.tok().is(Tok::AtId))
    return p.emitError("expected attribute value");
  Attribute name;
  Type type;
  if (!p.parseAttribute(name) || !p.parseColonType(type) ||
      !p.parseOptionalAttrDict(st.attrs))
    return false;
  if (!type.isMemRef())
    return customOpError(p, st, st.loc, "invalid kind of type specified");
  st.addAttr("name", name);
  st.types.push_back(type);
  return true;
}

//===-- DMA
//-----------------------------------------------------------------===//

/// `memref.dma_start %src[..], %dst[..], %n, %tag[..] [, %stride, %per]
/// [attr-dict] : T_src, T_dst, T_tag`
bool parseDmaStart(Parser &p, OperationState &st) {
  UnresolvedOperand src, dst, num, tag;
  Operands srcIdx, dstIdx, tagIdx, stride;
  if (!parseSubscripted(p, src, srcIdx) || !p.expect(Tok::Comma, "','") ||
      !parseSubscripted(p, dst, dstIdx) || !p.expect(Tok::Comma, "','") ||
      !p.parseOperand(num) || !p.expect(Tok::Comma, "','") ||
      !parseSubscripted(p, tag, tagIdx))
    return false;
  if (p.consumeIf(Tok::Comma) && !p.parseOperandList(stride, false))
    return false;
  if (!stride.empty() && stride.size() != 2)
    return customOpError(p, st, st.loc, "expected two stride related operands");
  std::vector<Type> types;
  if (!p.parseOptionalAttrDict(st.attrs) || !p.parseColonTypeList(types))
    return false;
  if (types.size() != 3)
    return customOpError(p, st, st.loc, "fewer/more types expected");
  return p.resolveOperand(src, types[0], st.operands) &&
         p.resolveOperands(srcIdx, Type::index(), st.operands) &&
         p.resolveOperand(dst, types[1], st.operands) &&
         p.resolveOperands(dstIdx, Type::index(), st.operands) &&
         p.resolveOperand(num, Type::index(), st.operands) &&
         p.resolveOperand(tag, types[2], st.operands) &&
         p.resolveOperands(tagIdx, Type::index(), st.operands) &&
         p.resolveOperands(stride, Type::index(), st.operands);
}

/// `memref.dma_wait %tag[..], %n [attr-dict] : T_tag`
bool parseDmaWait(Parser &p, OperationState &st) {
  UnresolvedOperand tag, num;
  Operands idx;
  Type type;
  if (!parseSubscripted(p, tag, idx) || !p.expect(Tok::Comma, "','") ||
      !p.parseOperand(num) || !p.parseOptionalAttrDict(st.attrs) ||
      !p.parseColonType(type))
    return false;
  if (!type.isMemRef())
    return customOpError(p, st, st.loc, "expected tag to be of memref type");
  return p.resolveOperand(tag, type, st.operands) &&
         p.resolveOperands(idx, Type::index(), st.operands) &&
         p.resolveOperand(num, Type::index(), st.operands);
}

//===-- descriptor fields
//--------------------------------------------------===//

/// `memref.extract_aligned_pointer_as_index %m [attr-dict] : T -> index`
bool parseExtractAlignedPointer(Parser &p, OperationState &st) {
  UnresolvedOperand m;
  Type t, result;
  if (!p.parseOperand(m) || !p.parseOptionalAttrDict(st.attrs) ||
      !p.expect(Tok::Colon, "':'") || !parseAnyMemRefType(p, st, t) ||
      !p.expect(Tok::Arrow, "'->'") || !p.parseType(result) ||
      !p.resolveOperand(m, t, st.operands))
    return false;
  st.types.push_back(result);
  return true;
}

/// `memref.extract_strided_metadata %m [attr-dict] : T -> B, index, ...`:
/// the base buffer, the offset, then the sizes and strides.
bool parseExtractStridedMetadata(Parser &p, OperationState &st) {
  UnresolvedOperand m;
  Type t;
  if (!p.parseOperand(m) || !p.parseOptionalAttrDict(st.attrs) ||
      !p.expect(Tok::Colon, "':'") || !parseRankedMemRefType(p, st, t) ||
      !p.expect(Tok::Arrow, "'->'") || !p.parseTypeList(st.types) ||
      !p.resolveOperand(m, t, st.operands))
    return false;
  return true;
}

} // namespace

void registerMemRefOpParsers(OpParserRegistry &r) {
  struct Entry {
    const char *name;
    OpParseFn fn;
    bool alias; // old unprefixed spelling that clashes with no other dialect
  };
  static const Entry entries[] = {
      {"alloc", parseAllocLike, true},
      {"alloca", parseAllocLike, true},
      {"alloca_scope", parseAllocaScope, true},
      {"alloca_scope.return", parseAllocaScopeReturn, false},
      {"dealloc", parseDealloc, true},
      {"load", parseLoad, true},
      {"store", parseStore, true},
      {"dim", parseDim, true},
      {"rank", parseRank, true},
      {"prefetch", parsePrefetch, true},
      {"assume_alignment", parseAssumeAlignment, true},
      {"cast", parseCast, true},
      {"realloc", parseRealloc, false},
      {"copy", parseCopy, true},
      {"subview", parseSubView, true},
      {"reinterpret_cast", parseReinterpretCast, true},
      {"view", parseView, true},
      {"collapse_shape", parseCollapseShape, true},
      {"expand_shape", parseExpandShape, true},
      {"transpose", parseTranspose, false}, // vector.transpose
      {"reshape", parseReshape, false},     // vector.reshape
      {"global", parseGlobal, true},
      {"get_global", parseGetGlobal, true},
      {"dma_start", parseDmaStart, true},
      {"dma_wait", parseDmaWait, true},
      {"extract_aligned_pointer_as_index", parseExtractAlignedPointer, false},
      {"extract_strided_metadata", parseExtractStridedMetadata, false},
  };
  for (const Entry &e : entries) {
    std::string full = std::string("memref.") + e.name;
    r.add(full, e.fn);
    if (e.alias)
      r.addAlias(e.name, full);
  }
}

} // namespace affjit
