// The attribute part of the MLIR text parser: numbers with their types,
// strings, symbol references, arrays, dictionaries, `#alias` uses, affine
// maps and sets, strided layouts, dense arrays, dialect attributes (checked
// and canonicalized where affjit interprets them), and attribute
// dictionaries of ops. Dense elements have ParseDenseElements.cpp.
#include "frontend/ir/ArithOpTable.h"
#include "frontend/ir/VectorOpInfo.h"
#include "frontend/parse/ParserImpl.h"

#include <charconv>
#include <cstdlib>
#include <optional>

namespace affjit {

using parser_impl::NestingGuard;
using parser_impl::parseDenseElementsAttr;
using parser_impl::startsType;
using parser_impl::unescapeString;

/// Parses a (possibly negative) integer or float literal token into `out`.
struct NumberLiteral {
  bool isFloat = false;
  bool isHex = false;
  bool negative = false;
  uint64_t bits = 0; // magnitude of integers, raw bits of hex
  double value = 0;
};

static bool parseNumberLiteral(Parser &p, NumberLiteral &n) {
  n.negative = p.consumeIf(Tok::Minus);
  const Token &t = p.tok();
  if (t.is(Tok::Float)) {
    n.isFloat = true;
    n.value = std::strtod(std::string(t.spelling).c_str(), nullptr);
    if (n.negative)
      n.value = -n.value;
    p.consume();
    return true;
  }
  if (!t.is(Tok::Integer))
    return p.emitError("expected integer or floating point literal");
  std::string_view s = t.spelling;
  n.isHex = s.size() > 2 && s[1] == 'x';
  auto r = n.isHex
               ? std::from_chars(s.data() + 2, s.data() + s.size(), n.bits, 16)
               : std::from_chars(s.data(), s.data() + s.size(), n.bits, 10);
  if (r.ec != std::errc())
    return p.emitError("integer constant out of range for attribute");
  n.value = n.negative ? -(double)n.bits : (double)n.bits;
  p.consume();
  return true;
}

/// Checks that a literal fits `type` and builds the value as int64.
static bool integerFitsType(const NumberLiteral &n, Type type, int64_t &v) {
  unsigned w = type.isIndex() ? 64 : type.getWidth();
  if (n.negative) {
    if (n.bits > (uint64_t)1 << (w - 1))
      return false;
    // Negate in unsigned arithmetic: -2^63 has no positive counterpart.
    v = (int64_t)(0 - n.bits);
    return true;
  }
  if (w < 64 && n.bits >= ((uint64_t)1 << w))
    return false;
  // Values above the signed range are stored sign-extended (two's
  // complement), computed in unsigned arithmetic to stay defined for w = 63.
  uint64_t bits = n.bits;
  if (w < 64 && (bits >> (w - 1)) != 0)
    bits |= ~(((uint64_t)1 << w) - 1);
  v = (int64_t)bits;
  return true;
}

static bool makeNumberAttr(Parser &p, const NumberLiteral &n, Type type,
                           const Location &loc, Attribute &out) {
  if (type.isFloat()) {
    if (n.isHex) {
      unsigned w = type.getWidth();
      if (n.negative || (w < 64 && (n.bits >> w) != 0))
        return p.emitError(loc, "hexadecimal float constant out of range "
                                "for type");
      auto f = bitsToFloat(n.bits, type);
      out = Attribute::floating(*f, type);
      return true;
    }
    out = Attribute::floating(n.value, type);
    return true;
  }
  if (!type.isIntOrIndex())
    return p.emitError(loc,
                       "invalid type for number literal: '" + type.str() + "'");
  if (n.isFloat)
    return p.emitError(loc, "floating point value not valid for specified "
                            "type");
  int64_t v;
  if (!integerFitsType(n, type, v))
    return p.emitError(loc, "integer constant out of range for attribute");
  out = type.isInteger(1) ? Attribute::boolean(v != 0)
                          : Attribute::integer(v, type);
  return true;
}

/// One element of a dense array: number or bool.
static bool parseDenseElement(Parser &p, NumberLiteral &n) {
  if (p.consumeKeyword("true")) {
    n = NumberLiteral{};
    n.bits = 1;
    n.value = 1;
    return true;
  }
  if (p.consumeKeyword("false")) {
    n = NumberLiteral{};
    return true;
  }
  return parseNumberLiteral(p, n);
}

static bool parseDenseArrayAttr(Parser &p, Attribute &out) {
  p.consume(); // array
  if (!p.expect(Tok::Less, "'<' after 'array'"))
    return false;
  Location typeLoc = p.getLoc();
  Type elt;
  if (!p.parseType(elt))
    return false;
  if (!elt.isInteger())
    return p.emitError(typeLoc, "expected integer element type for array");
  std::vector<int64_t> vals;
  if (p.consumeIf(Tok::Colon)) {
    do {
      Location loc = p.getLoc();
      NumberLiteral n;
      Attribute a;
      if (!parseDenseElement(p, n) || !makeNumberAttr(p, n, elt, loc, a))
        return false;
      vals.push_back(a.getInt());
    } while (p.consumeIf(Tok::Comma));
  }
  if (!p.expect(Tok::Greater, "'>'"))
    return false;
  out = Attribute::denseArray(elt, std::move(vals));
  return true;
}

/// Captures a dialect attribute like `#arith.fastmath<fast>` as text.
/// The dialect attributes affjit interprets are checked and put in MLIR's
/// canonical spelling as they are read, so every later user (printers, the
/// lowering) can trust them: `#arith.fastmath<...>`, `#arith.overflow<...>`,
/// `#vector.kind<...>` and `#vector.punctuation<...>`.
static bool canonicalizeKnownDialectAttr(std::string &text,
                                         std::string &error) {
  auto body = [&](std::string_view prefix) -> std::optional<std::string> {
    if (text.rfind(prefix, 0) != 0 || text.back() != '>')
      return std::nullopt;
    return text.substr(prefix.size(), text.size() - prefix.size() - 1);
  };
  auto splitFlags = [](const std::string &b) {
    std::vector<std::string> names;
    std::string cur;
    for (char c : b + ",") {
      if (c != ',') {
        cur += c;
        continue;
      }
      size_t first = cur.find_first_not_of(" \t");
      size_t last = cur.find_last_not_of(" \t");
      names.push_back(first == std::string::npos
                          ? std::string()
                          : cur.substr(first, last - first + 1));
      cur.clear();
    }
    return names;
  };
  for (FlagAttr kind : {FlagAttr::FastMath, FlagAttr::Overflow}) {
    const char *prefix =
        kind == FlagAttr::FastMath ? "#arith.fastmath<" : "#arith.overflow<";
    if (auto b = body(prefix)) {
      std::optional<std::string> flags = canonicalFlags(kind, splitFlags(*b));
      if (!flags) {
        error = unknownFlagMessage(kind);
        return false;
      }
      text = prefix + *flags + ">";
      return true;
    }
  }
  if (auto b = body("#vector.kind<")) {
    if (!isVectorKind(*b)) {
      error = "expected a vector combining kind, got '" + *b + "'";
      return false;
    }
  }
  if (auto b = body("#vector.punctuation<")) {
    static const char *const kPunct[] = {"no_punctuation", "newline", "comma",
                                         "open", "close"};
    bool known = false;
    for (const char *k : kPunct)
      known |= *b == k;
    if (!known) {
      error = "expected ::mlir::vector::PrintPunctuation to be one of: "
              "no_punctuation, newline, comma, open, close";
      return false;
    }
  }
  return true;
}

static bool parseOpaqueDialectAttr(Parser &p, Lexer &lexer, Token &cur,
                                   Attribute &out) {
  std::string_view buf = lexer.getBuffer();
  size_t start = cur.offset;
  size_t end = start + cur.spelling.size();
  if (end < buf.size() && buf[end] == '<') {
    int depth = 0;
    size_t i = end;
    for (; i < buf.size(); ++i) {
      if (buf[i] == '<')
        ++depth;
      else if (buf[i] == '>' && buf[i - 1] != '-' && --depth == 0)
        break;
      else if (buf[i] == '\n' || buf[i] == '{' || buf[i] == '}')
        return p.emitError("unbalanced '<' in dialect attribute");
    }
    if (i >= buf.size())
      return p.emitError("unbalanced '<' in dialect attribute");
    end = i + 1;
  }
  std::string text(buf.substr(start, end - start));
  std::string error;
  if (!canonicalizeKnownDialectAttr(text, error))
    return p.emitError(p.locOf(start + text.find('<') + 1), error);
  out = Attribute::opaque(std::move(text));
  lexer.resetTo(end);
  cur = lexer.lex();
  return true;
}

bool Parser::parseAttribute(Attribute &a, Type hint) {
  NestingGuard guard(impl->nesting);
  if (guard.tooDeep())
    return emitError("attribute nesting is too deep");
  Location loc = getLoc();
  if (cur.is(Tok::Integer) || cur.is(Tok::Float) || cur.is(Tok::Minus)) {
    NumberLiteral n;
    if (!parseNumberLiteral(*this, n))
      return false;
    Type type = hint;
    if (consumeIf(Tok::Colon) && !parseType(type))
      return false;
    if (!type)
      type = n.isFloat ? Type::f64() : Type::integer(64);
    return makeNumberAttr(*this, n, type, loc, a);
  }
  if (cur.is(Tok::String)) {
    std::string s;
    if (!parseString(s))
      return false;
    a = Attribute::string(std::move(s));
    return true;
  }
  if (cur.is(Tok::AtId)) {
    std::string_view s = cur.spelling.substr(1);
    a = Attribute::symbolRef(s.size() && s[0] == '"'
                                 ? unescapeString(s.substr(1, s.size() - 2))
                                 : std::string(s));
    consume();
    return true;
  }
  if (cur.is(Tok::LSquare)) {
    consume();
    std::vector<Attribute> elems;
    while (!cur.is(Tok::RSquare)) {
      Attribute e;
      if (!parseAttribute(e))
        return false;
      elems.push_back(e);
      if (!consumeIf(Tok::Comma))
        break;
    }
    if (!expect(Tok::RSquare, "']'"))
      return false;
    a = Attribute::array(std::move(elems));
    return true;
  }
  if (cur.is(Tok::LBrace)) {
    std::vector<NamedAttribute> dict;
    if (!parseOptionalAttrDict(dict))
      return false;
    a = Attribute::dictionary(std::move(dict));
    return true;
  }
  if (cur.is(Tok::HashId)) {
    if (cur.spelling.find('.') != std::string_view::npos)
      return parseOpaqueDialectAttr(*this, impl->lexer, cur, a);
    auto it = impl->attrAliases.find(std::string(cur.spelling));
    if (it == impl->attrAliases.end())
      return undefinedAliasError();
    a = it->second;
    consume();
    return true;
  }
  if (cur.isKeyword("true") || cur.isKeyword("false")) {
    a = Attribute::boolean(cur.isKeyword("true"));
    consume();
    return true;
  }
  if (cur.isKeyword("unit")) {
    a = Attribute::unit();
    consume();
    return true;
  }
  if (cur.isKeyword("affine_map")) {
    AffineMap m;
    if (!parseAffineMapRef(m))
      return false;
    a = Attribute::affineMap(m);
    return true;
  }
  if (cur.isKeyword("affine_set")) {
    IntegerSet s;
    if (!parseIntegerSetRef(s))
      return false;
    a = Attribute::integerSet(s);
    return true;
  }
  if (cur.isKeyword("strided")) {
    // A layout has no standalone use here; it is carried by a memref type
    // so that `#alias` can name it in memref types.
    std::vector<int64_t> strides;
    int64_t offset;
    if (!parseStridedLayoutOrAlias(strides, offset))
      return false;
    std::vector<int64_t> shape(strides.size(), kDynamic);
    a = Attribute::type(
        Type::stridedMemref(shape, Type::f32(), strides, offset));
    return true;
  }
  if (cur.isKeyword("loc"))
    return skipLocation() && (a = Attribute::unit(), true);
  if (cur.isKeyword("dense"))
    return parseDenseElementsAttr(*this, hint, a);
  if (cur.isKeyword("array"))
    return parseDenseArrayAttr(*this, a);
  if (startsType(cur)) {
    Type t;
    if (!parseType(t))
      return false;
    a = Attribute::type(t);
    return true;
  }
  return emitError("expected attribute value");
}

bool Parser::parseOptionalAttrDict(std::vector<NamedAttribute> &attrs) {
  if (!consumeIf(Tok::LBrace))
    return true;
  while (!cur.is(Tok::RBrace)) {
    std::string name;
    if (cur.is(Tok::String)) {
      if (!parseString(name))
        return false;
    } else if (cur.is(Tok::BareId)) {
      name = std::string(cur.spelling);
      consume();
    } else {
      return emitError("expected attribute name");
    }
    Attribute value = Attribute::unit();
    if (consumeIf(Tok::Equal) && !parseAttribute(value))
      return false;
    for (auto &a : attrs)
      if (a.name == name)
        return emitError("duplicate key '" + name +
                         "' in dictionary attribute");
    attrs.push_back({name, value});
    if (!consumeIf(Tok::Comma))
      break;
  }
  return expect(Tok::RBrace, "'}' in attribute dictionary");
}

bool Parser::parseOptionalAttrDictWithKeyword(
    std::vector<NamedAttribute> &attrs) {
  if (!consumeKeyword("attributes"))
    return true;
  if (!cur.is(Tok::LBrace))
    return emitError("expected '{' after 'attributes'");
  return parseOptionalAttrDict(attrs);
}

} // namespace affjit
