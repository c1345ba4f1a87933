// The type part of the MLIR text parser: builtin scalar types, vector,
// tensor, ranked and unranked memref types with strided or affine-map
// layouts and memory spaces, function types, `!alias` uses, and type lists.
#include "frontend/parse/ParserImpl.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>

namespace affjit {

using parser_impl::NestingGuard;

/// Scans `4x?x` style dimension prefixes directly on the buffer, since the
/// token rules would read `4x4xf32` differently. Leaves the lexer after the
/// last `x`.
static bool scanDimensionList(std::string_view buf, size_t &pos,
                              std::vector<int64_t> &dims, bool &overflow) {
  overflow = false;
  while (true) {
    size_t start = pos;
    int64_t d;
    if (pos < buf.size() && buf[pos] == '?') {
      d = kDynamic;
      ++pos;
    } else if (pos < buf.size() && std::isdigit((unsigned char)buf[pos])) {
      uint64_t u = 0;
      while (pos < buf.size() && std::isdigit((unsigned char)buf[pos])) {
        if (u > (uint64_t)INT64_MAX / 10)
          overflow = true;
        u = u * 10 + (buf[pos++] - '0');
      }
      if (u > (uint64_t)INT64_MAX)
        overflow = true;
      d = (int64_t)u;
    } else {
      return true;
    }
    // MLIR allows blanks around the `x` separators (`40 x 8 x f32`).
    size_t after = pos;
    while (after < buf.size() && (buf[after] == ' ' || buf[after] == '\t'))
      ++after;
    if (after < buf.size() && buf[after] == 'x') {
      pos = after + 1;
      while (pos < buf.size() && (buf[pos] == ' ' || buf[pos] == '\t'))
        ++pos;
      dims.push_back(d);
      continue;
    }
    pos = start; // a number not followed by 'x' is not part of the shape
    return true;
  }
}

static std::optional<Type> scalarTypeFromKeyword(std::string_view kw) {
  if (kw == "index")
    return Type::index();
  if (kw == "f16")
    return Type::f16();
  if (kw == "bf16")
    return Type::bf16();
  if (kw == "f32")
    return Type::f32();
  if (kw == "f64")
    return Type::f64();
  if (kw == "none")
    return Type::none();
  // `siN` and `uiN` carry a signedness; `iN` is signless.
  Signedness signedness = Signedness::Signless;
  if (kw.size() > 2 && (kw[0] == 's' || kw[0] == 'u') && kw[1] == 'i') {
    signedness = kw[0] == 's' ? Signedness::Signed : Signedness::Unsigned;
    kw.remove_prefix(1);
  }
  if (kw.size() > 1 && kw[0] == 'i' &&
      std::all_of(kw.begin() + 1, kw.end(),
                  [](char c) { return std::isdigit((unsigned char)c); })) {
    unsigned w = 0;
    auto r = std::from_chars(kw.data() + 1, kw.data() + kw.size(), w);
    if (r.ec == std::errc() && w >= 1 && w <= 64)
      return Type::integer(w, signedness);
  }
  return std::nullopt;
}

bool parser_impl::startsType(const Token &t) {
  if (t.is(Tok::LParen) || t.is(Tok::BangId))
    return true;
  if (!t.is(Tok::BareId))
    return false;
  std::string_view s = t.spelling;
  return scalarTypeFromKeyword(s) || s == "memref" || s == "vector" ||
         s == "tensor" ||
         (s.size() > 1 && s[0] == 'i' && std::isdigit((unsigned char)s[1]));
}

/// `#alias` naming a strided layout (kept as a layout-carrying type).
static bool
isStridedAlias(Parser &p,
               const std::unordered_map<std::string, Attribute> &aliases) {
  if (!p.tok().is(Tok::HashId))
    return false;
  auto it = aliases.find(std::string(p.tok().spelling));
  return it != aliases.end() && it->second.isa(AttrKind::Type) &&
         it->second.getType().isMemRef() &&
         it->second.getType().getLayoutKind() == LayoutKind::Strided;
}

bool Parser::parseStridedLayoutOrAlias(std::vector<int64_t> &strides,
                                       int64_t &offset) {
  offset = 0;
  strides.clear();
  if (cur.is(Tok::HashId)) {
    Type carrier = impl->attrAliases[std::string(cur.spelling)].getType();
    strides = carrier.getLayoutStrides();
    offset = carrier.getLayoutOffset();
    consume();
    return true;
  }
  consume(); // strided
  if (!expect(Tok::Less, "'<'") || !expect(Tok::LSquare, "'['"))
    return false;
  while (!cur.is(Tok::RSquare)) {
    int64_t s;
    if (consumeIf(Tok::Question))
      s = kDynamic;
    else if (!parseSignedInteger(s))
      return false;
    strides.push_back(s);
    if (!consumeIf(Tok::Comma))
      break;
  }
  if (!expect(Tok::RSquare, "']'"))
    return false;
  if (consumeIf(Tok::Comma)) {
    if (!expectKeyword("offset") || !expect(Tok::Colon, "':'"))
      return false;
    if (consumeIf(Tok::Question))
      offset = kDynamic;
    else if (!parseSignedInteger(offset))
      return false;
  }
  return expect(Tok::Greater, "'>'");
}

bool Parser::parseType(Type &t) {
  NestingGuard guard(impl->nesting);
  if (guard.tooDeep())
    return emitError("type nesting is too deep");
  if (cur.is(Tok::BangId)) {
    auto it = impl->typeAliases.find(std::string(cur.spelling));
    if (it == impl->typeAliases.end())
      return emitError("undefined symbol alias id '" +
                       std::string(cur.spelling.substr(1)) + "'");
    t = it->second;
    consume();
    return true;
  }
  if (cur.is(Tok::LParen)) {
    consume();
    std::vector<Type> inputs, results;
    if (!cur.is(Tok::RParen) && !parseTypeList(inputs))
      return false;
    if (!expect(Tok::RParen, "')'") || !expect(Tok::Arrow, "'->'") ||
        !parseFunctionResultTypes(results))
      return false;
    t = Type::function(std::move(inputs), std::move(results));
    return true;
  }
  if (!cur.is(Tok::BareId))
    return emitError("expected non-function type");
  std::string_view kw = cur.spelling;
  if (auto scalar = scalarTypeFromKeyword(kw)) {
    t = *scalar;
    consume();
    return true;
  }
  if (kw != "memref" && kw != "vector" && kw != "tensor") {
    if (kw.size() > 1 && kw[0] == 'i' && std::isdigit((unsigned char)kw[1]))
      return emitError("integer bitwidth is limited to 64 bits");
    return emitError("expected non-function type");
  }
  std::string kind(kw);
  consume();
  if (!cur.is(Tok::Less))
    return emitError("expected '<' in " + kind + " type");
  // Shapes are scanned on the raw buffer, starting right after '<'.
  size_t pos = cur.offset + 1;
  std::string_view buf = impl->lexer.getBuffer();
  while (pos < buf.size() && (buf[pos] == ' ' || buf[pos] == '\n'))
    ++pos;
  bool unranked = false;
  std::vector<int64_t> shape;
  if (kind == "memref" && pos + 1 < buf.size() && buf[pos] == '*' &&
      buf[pos + 1] == 'x') {
    unranked = true;
    pos += 2;
  } else {
    bool overflow = false;
    scanDimensionList(buf, pos, shape, overflow);
    if (overflow)
      return emitError(locOf(pos), "dimension size is too large");
  }
  impl->lexer.resetTo(pos);
  cur = impl->lexer.lex();
  Type elt;
  if (!parseType(elt))
    return false;
  if (kind == "vector" || kind == "tensor") {
    // Tensors may have empty dimensions (`tensor<0xi32>`, the type of an
    // empty dense array); vectors may not.
    for (int64_t d : shape)
      if (d == kDynamic || (d == 0 && kind == "vector"))
        return emitError(kind == "vector"
                             ? "vector types must have positive constant sizes"
                             : "expected static shape");
    if (!elt.isIntOrIndexOrFloat())
      return emitError("invalid " + kind + " element type");
    if (!expect(Tok::Greater, "'>' in " + kind + " type"))
      return false;
    t = kind == "vector" ? Type::vector(shape, elt) : Type::tensor(shape, elt);
    return true;
  }
  if (!elt.isIntOrIndexOrFloat() && !elt.isVector())
    return emitError("invalid memref element type");
  int64_t space = 0;
  LayoutKind layout = LayoutKind::Identity;
  std::vector<int64_t> strides;
  int64_t offset = 0;
  AffineMap map;
  while (consumeIf(Tok::Comma)) {
    if (cur.is(Tok::Integer)) {
      if (!parseInteger(space))
        return false;
      continue;
    }
    if (cur.isKeyword("strided") || isStridedAlias(*this, impl->attrAliases)) {
      if (unranked)
        return emitError("cannot have affine map for unranked memref type");
      if (!parseStridedLayoutOrAlias(strides, offset))
        return false;
      if (strides.size() != shape.size())
        return emitError("expected the number of strides to match the rank");
      layout = LayoutKind::Strided;
      continue;
    }
    if (cur.isKeyword("affine_map") || cur.is(Tok::HashId)) {
      if (unranked)
        return emitError("cannot have affine map for unranked memref type");
      Location mapLoc = getLoc();
      if (!parseAffineMapRef(map))
        return false;
      if (map.getNumDims() != shape.size())
        return emitError(mapLoc, "memref layout mismatch between rank and "
                                 "affine map: " +
                                     std::to_string(shape.size()) +
                                     " != " + std::to_string(map.getNumDims()));
      // MLIR canonicalizes an identity layout map away.
      layout = map.isIdentity() ? LayoutKind::Identity : LayoutKind::Map;
      continue;
    }
    return emitError("expected memory space or layout");
  }
  if (!expect(Tok::Greater, "'>' in memref type"))
    return false;
  if (unranked)
    t = Type::unrankedMemref(elt, space);
  else if (layout == LayoutKind::Strided)
    t = Type::stridedMemref(shape, elt, strides, offset, space);
  else if (layout == LayoutKind::Map)
    t = Type::mapMemref(shape, elt, map, space);
  else
    t = Type::memref(shape, elt, space);
  return true;
}

bool Parser::parseColonType(Type &t) {
  return expect(Tok::Colon, "':'") && parseType(t);
}

bool Parser::parseTypeList(std::vector<Type> &types) {
  do {
    Type t;
    if (!parseType(t))
      return false;
    types.push_back(t);
  } while (consumeIf(Tok::Comma));
  return true;
}

bool Parser::parseColonTypeList(std::vector<Type> &types) {
  if (!expect(Tok::Colon, "':'"))
    return false;
  if (cur.is(Tok::LParen)) {
    // `(t1, t2)` list, but a function type `(t) -> t` is a single type.
    size_t save = cur.offset;
    consume();
    std::vector<Type> inner;
    if (!cur.is(Tok::RParen) && !parseTypeList(inner))
      return false;
    if (!expect(Tok::RParen, "')'"))
      return false;
    if (!cur.is(Tok::Arrow)) {
      types.insert(types.end(), inner.begin(), inner.end());
      return true;
    }
    impl->lexer.resetTo(save);
    cur = impl->lexer.lex();
  }
  return parseTypeList(types);
}

bool Parser::parseFunctionResultTypes(std::vector<Type> &types) {
  if (cur.is(Tok::LParen)) {
    consume();
    if (consumeIf(Tok::RParen))
      return true;
    return parseTypeList(types) && expect(Tok::RParen, "')'");
  }
  Type t;
  if (!parseType(t))
    return false;
  types.push_back(t);
  return true;
}

} // namespace affjit
