// Dense elements literals (`dense<...>`) with the rules, messages and
// error positions of MLIR 19's TensorLiteralParser: a splat or nested lists
// whose shapes must agree, the shaped type after `:` or given by the context
// (memref.global's initializer), and each element's conversion to the
// element type. One parser for every dense literal affjit reads.
#include "frontend/parse/ParserImpl.h"

#include <charconv>
#include <cstdlib>

namespace affjit {

using parser_impl::kMaxNesting;

namespace {

/// One element as written: its token and whether a '-' preceded it.
struct DenseElement {
  Token tok;
  bool negative = false;
  Location loc;
};

/// The elements of a literal, flattened, and the shape its lists spell
/// (none for a single element: a splat).
struct DenseLiteral {
  std::vector<DenseElement> elems;
  std::vector<int64_t> shape;
};

/// Reports as MLIR's Parser::emitError(message) does: at the current token,
/// or the last character at the end of the buffer. A token the lexer could
/// not read reports the lexer's error instead.
bool errorAtCurrentToken(Parser &p, const std::string &msg) {
  if (p.tok().is(Tok::Error))
    return p.emitError(msg);
  size_t offset = p.tok().offset;
  return p.emitError(
      p.locOf(p.tok().is(Tok::Eof) && offset > 0 ? offset - 1 : offset), msg);
}

bool isNumber(const Token &t) { return t.is(Tok::Integer) || t.is(Tok::Float); }

bool parseElement(Parser &p, DenseLiteral &lit) {
  DenseElement e;
  if (p.tok().is(Tok::Minus)) {
    p.consume();
    if (!isNumber(p.tok()))
      return errorAtCurrentToken(p,
                                 "expected integer or floating point literal");
    e.negative = true;
  } else if (!isNumber(p.tok()) && !p.isKeyword("true") &&
             !p.isKeyword("false")) {
    return errorAtCurrentToken(p, "expected element literal of primitive type");
  }
  e.tok = p.tok();
  e.loc = p.getLoc();
  p.consume();
  lit.elems.push_back(e);
  return true;
}

/// `[e, [e, e], ...]`: `dims` gets the list's length followed by the shape
/// of its (equally shaped) members.
bool parseList(Parser &p, DenseLiteral &lit, std::vector<int64_t> &dims,
               unsigned depth) {
  if (depth > kMaxNesting)
    return p.emitError("dense literal nesting is too deep");
  p.consume(); // '['
  std::vector<int64_t> inner;
  int64_t size = 0;
  if (!p.consumeIf(Tok::RSquare)) {
    do {
      std::vector<int64_t> these;
      bool ok = p.tok().is(Tok::LSquare) ? parseList(p, lit, these, depth + 1)
                                         : parseElement(p, lit);
      if (!ok)
        return false;
      if (size++ && these != inner)
        return errorAtCurrentToken(p, "tensor literal is invalid; ranks are "
                                      "not consistent between elements");
      inner = these;
    } while (p.consumeIf(Tok::Comma));
    if (!p.expect(Tok::RSquare, "']'"))
      return false;
  }
  dims.assign(1, size);
  dims.insert(dims.end(), inner.begin(), inner.end());
  return true;
}

std::string shapeString(const std::vector<int64_t> &shape) {
  std::string s;
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s;
}

/// The magnitude of an integer token (decimal or `0x` hex); false if it
/// needs more than 64 bits.
bool tokenMagnitude(const Token &t, uint64_t &out) {
  std::string_view s = t.spelling;
  bool hex = s.size() > 1 && s[1] == 'x';
  auto r = hex ? std::from_chars(s.data() + 2, s.data() + s.size(), out, 16)
               : std::from_chars(s.data(), s.data() + s.size(), out, 10);
  return r.ec == std::errc();
}

/// buildAttributeAPInt: the value must fit `width` bits; a negated value
/// must come out negative (so `-0` does not fit); index values must be
/// non-negative. Wider results are sign-extended, as attributes store them.
bool integerElement(uint64_t mag, bool negative, Type elt, int64_t &out) {
  unsigned width = elt.isIndex() ? 64 : elt.getWidth();
  uint64_t mask = width < 64 ? (uint64_t(1) << width) - 1 : ~uint64_t(0);
  uint64_t sign = uint64_t(1) << (width - 1);
  if ((mag & ~mask) != 0)
    return false;
  uint64_t bits = negative ? (uint64_t(0) - mag) & mask : mag;
  if (negative ? (bits & sign) == 0 : elt.isIndex() && (bits & sign) != 0)
    return false;
  // i1 holds 0 or 1, like `true` and `false`.
  out = width == 1 ? (int64_t)bits : (int64_t)((bits ^ sign) - sign);
  return true;
}

bool convertIntElement(Parser &p, const DenseElement &e, Type elt,
                       int64_t &out) {
  if (e.tok.is(Tok::Float))
    return p.emitError(e.loc,
                       "expected integer elements, but parsed floating-point");
  if (e.tok.is(Tok::BareId)) {
    if (!elt.isInteger(1))
      return p.emitError(e.loc, "expected i1 type for 'true' or 'false' "
                                "values");
    out = e.tok.spelling == "true";
    return true;
  }
  uint64_t mag;
  if (!tokenMagnitude(e.tok, mag) || !integerElement(mag, e.negative, elt, out))
    return p.emitError(e.loc, "integer constant out of range for type");
  return true;
}

/// Hex integers are bit patterns; other integers and bools are refused at
/// the position after the literal's type, as MLIR reports them.
bool convertFloatElement(Parser &p, const DenseElement &e, Type elt,
                         double &out) {
  std::string_view s = e.tok.spelling;
  if (e.tok.is(Tok::Integer) && s.size() > 1 && s[1] == 'x') {
    if (e.negative)
      return p.emitError(e.loc, "hexadecimal float literal should not have a "
                                "leading minus");
    uint64_t bits;
    unsigned width = elt.getWidth();
    if (!tokenMagnitude(e.tok, bits) || (width < 64 && (bits >> width) != 0))
      return p.emitError(e.loc, "hexadecimal float constant out of range for "
                                "type");
    out = *bitsToFloat(bits, elt);
    return true;
  }
  if (!e.tok.is(Tok::Float))
    return errorAtCurrentToken(
        p, "expected floating-point elements, but parsed integer");
  double v = std::strtod(std::string(s).c_str(), nullptr);
  out = roundToFloatType(e.negative ? -v : v, elt);
  return true;
}

/// TensorLiteralParser::getAttr: the literal against its type; shape errors
/// are reported at `loc`.
bool buildDenseAttr(Parser &p, const DenseLiteral &lit, Type type,
                    const Location &loc, Attribute &out) {
  if (!lit.shape.empty() && lit.shape != type.getShape())
    return p.emitError(loc, "inferred shape of elements literal ([" +
                                shapeString(lit.shape) +
                                "]) does not match type ([" +
                                shapeString(type.getShape()) + "])");
  if (lit.elems.empty() && type.getNumElements() != 0)
    return p.emitError(loc, "parsed zero elements, but type ('" + type.str() +
                                "') expected at least 1");
  Type elt = type.getElementType();
  if (elt.isFloat()) {
    std::vector<double> vals(lit.elems.size());
    for (size_t i = 0; i < lit.elems.size(); ++i)
      if (!convertFloatElement(p, lit.elems[i], elt, vals[i]))
        return false;
    out = Attribute::denseFloats(type, std::move(vals));
    return true;
  }
  std::vector<int64_t> vals(lit.elems.size());
  for (size_t i = 0; i < lit.elems.size(); ++i)
    if (!convertIntElement(p, lit.elems[i], elt, vals[i]))
      return false;
  out = Attribute::denseInts(type, std::move(vals));
  return true;
}

} // namespace

bool parser_impl::parseDenseElementsAttr(Parser &p, Type type, Attribute &out) {
  Location attrLoc = p.getLoc();
  p.consume(); // dense
  if (!p.expect(Tok::Less, "'<' after 'dense'"))
    return false;
  DenseLiteral lit;
  if (!p.consumeIf(Tok::Greater)) {
    bool ok = p.tok().is(Tok::LSquare) ? parseList(p, lit, lit.shape, 0)
                                       : parseElement(p, lit);
    if (!ok || !p.expect(Tok::Greater, "'>'"))
      return false;
  }
  // Shape errors point at the literal when the context gave the type, else
  // at the `:` before it.
  Location loc = type ? attrLoc : p.getLoc();
  Location typeLoc = p.getLoc();
  if (!type) {
    if (!p.expect(Tok::Colon, "':'"))
      return false;
    typeLoc = p.getLoc();
    if (!p.parseType(type))
      return false;
  }
  if (!type.isVector() && !type.isTensor())
    return p.emitError(typeLoc, "elements literal must be a shaped type");
  return buildDenseAttr(p, lit, type, loc, out);
}

} // namespace affjit
