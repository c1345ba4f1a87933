// Recursive-descent parser for affine expressions with seed 000's
// precedence: parentheses, then unary minus, then `*`, floordiv, ceildiv,
// mod (left-associative), then `+`/`-` (left-associative). Identifiers are
// the declared dim/symbol names, or SSA ids in the operand forms.
#include "frontend/parse/AffineParser.h"

#include <cctype>
#include <charconv>
#include <map>
#include <optional>

namespace affjit {

namespace {

constexpr unsigned kMaxDepth = 500;

enum class TK {
  End,
  Id,
  SSA,
  Int,
  LParen,
  RParen,
  LSquare,
  RSquare,
  Comma,
  Plus,
  Minus,
  Star,
  Arrow,
  Colon,
  GE,
  LE,
  EQ,
  Error
};

struct Tok {
  TK kind;
  std::string_view text;
  size_t offset;
};

class AffineTextParser {
public:
  explicit AffineTextParser(std::string_view t) : text(t) { next(); }

  std::optional<AffineParseError> error;

  bool fail(size_t offset, std::string msg) {
    if (!error)
      error = AffineParseError{offset, std::move(msg)};
    return false;
  }
  bool fail(std::string msg) { return fail(tok.offset, std::move(msg)); }

  Tok tok{TK::End, {}, 0};

  void next() {
    while (pos < text.size() && std::isspace((unsigned char)text[pos]))
      ++pos;
    size_t start = pos;
    if (pos >= text.size()) {
      tok = {TK::End, {}, start};
      return;
    }
    char c = text[pos];
    auto single = [&](TK k) {
      ++pos;
      tok = {k, text.substr(start, 1), start};
    };
    switch (c) {
    case '(':
      return single(TK::LParen);
    case ')':
      return single(TK::RParen);
    case '[':
      return single(TK::LSquare);
    case ']':
      return single(TK::RSquare);
    case ',':
      return single(TK::Comma);
    case '+':
      return single(TK::Plus);
    case '*':
      return single(TK::Star);
    case ':':
      return single(TK::Colon);
    case '-':
      if (pos + 1 < text.size() && text[pos + 1] == '>') {
        pos += 2;
        tok = {TK::Arrow, text.substr(start, 2), start};
        return;
      }
      return single(TK::Minus);
    case '>':
    case '<':
    case '=':
      if (pos + 1 < text.size() && text[pos + 1] == '=') {
        pos += 2;
        tok = {c == '>'   ? TK::GE
               : c == '<' ? TK::LE
                          : TK::EQ,
               text.substr(start, 2), start};
        return;
      }
      ++pos;
      tok = {TK::Error, text.substr(start, 1), start};
      return;
    default:
      break;
    }
    if (std::isdigit((unsigned char)c)) {
      while (pos < text.size() && std::isdigit((unsigned char)text[pos]))
        ++pos;
      tok = {TK::Int, text.substr(start, pos - start), start};
      return;
    }
    auto isIdChar = [](char ch) {
      return std::isalnum((unsigned char)ch) || ch == '_' || ch == '$' ||
             ch == '.';
    };
    if (c == '%') {
      ++pos;
      while (pos < text.size() &&
             (isIdChar(text[pos]) || text[pos] == '-' || text[pos] == '#'))
        ++pos;
      tok = {TK::SSA, text.substr(start, pos - start), start};
      return;
    }
    if (std::isalpha((unsigned char)c) || c == '_') {
      while (pos < text.size() && isIdChar(text[pos]))
        ++pos;
      tok = {TK::Id, text.substr(start, pos - start), start};
      return;
    }
    ++pos;
    tok = {TK::Error, text.substr(start, 1), start};
  }

  bool consumeIf(TK k) {
    if (tok.kind != k)
      return false;
    next();
    return true;
  }
  bool expect(TK k, const std::string &msg) {
    if (consumeIf(k))
      return true;
    return fail(msg);
  }

  // Declared identifiers (map/set form) or SSA ids (operand form).
  bool ssaMode = false;
  std::map<std::string, AffineExpr, std::less<>> names;
  std::vector<SSAIdRef> ssaDims, ssaSyms;
  std::map<std::string, unsigned, std::less<>> ssaDimIndex, ssaSymIndex;
  unsigned depth = 0;

  /// `(d0, d1)[s0, s1]`
  bool parseDimAndSymbolLists(unsigned &nd, unsigned &ns) {
    if (!expect(TK::LParen, "expected '(' at start of dimensional identifiers "
                            "list"))
      return false;
    nd = 0;
    if (tok.kind != TK::RParen) {
      do {
        if (!declare(AffineExpr::dim(nd)))
          return false;
        ++nd;
      } while (consumeIf(TK::Comma));
    }
    if (!expect(TK::RParen, "expected ')' in dimensional identifier list"))
      return false;
    ns = 0;
    if (consumeIf(TK::LSquare)) {
      if (tok.kind != TK::RSquare) {
        do {
          if (!declare(AffineExpr::symbol(ns)))
            return false;
          ++ns;
        } while (consumeIf(TK::Comma));
      }
      if (!expect(TK::RSquare, "expected ']' in symbol identifier list"))
        return false;
    }
    return true;
  }

  bool declare(AffineExpr e) {
    if (tok.kind != TK::Id)
      return fail("expected bare identifier");
    std::string name(tok.text);
    if (names.count(name))
      return fail("redefinition of identifier '" + name + "'");
    names[name] = e;
    next();
    return true;
  }

  AffineExpr ssaOperand(bool asSymbol, const Tok &t) {
    std::string name(t.text);
    auto &index = asSymbol ? ssaSymIndex : ssaDimIndex;
    auto &list = asSymbol ? ssaSyms : ssaDims;
    auto it = index.find(name);
    unsigned pos;
    if (it == index.end()) {
      pos = (unsigned)list.size();
      index[name] = pos;
      list.push_back(SSAIdRef{name, t.offset});
    } else {
      pos = it->second;
    }
    return asSymbol ? AffineExpr::symbol(pos) : AffineExpr::dim(pos);
  }

  AffineExpr parseOperand() {
    if (++depth > kMaxDepth) {
      fail("affine expression is nested too deeply");
      return AffineExpr();
    }
    struct DepthGuard {
      unsigned &d;
      ~DepthGuard() { --d; }
    } guard{depth};
    Tok t = tok;
    switch (t.kind) {
    case TK::Int: {
      uint64_t v = 0;
      auto r = std::from_chars(t.text.data(), t.text.data() + t.text.size(), v);
      if (r.ec != std::errc() || v > (uint64_t)INT64_MAX) {
        fail("constant too large for index");
        return AffineExpr();
      }
      next();
      return AffineExpr::constant((int64_t)v);
    }
    case TK::Minus: {
      next();
      if (tok.kind == TK::Int) {
        // `-9223372036854775808` must not overflow on the way.
        uint64_t v = 0;
        auto r = std::from_chars(tok.text.data(),
                                 tok.text.data() + tok.text.size(), v);
        if (r.ec == std::errc() && v == (uint64_t)INT64_MAX + 1) {
          next();
          return AffineExpr::constant(INT64_MIN);
        }
      }
      AffineExpr e = parseOperand();
      return e ? -e : e;
    }
    case TK::LParen: {
      next();
      if (tok.kind == TK::RParen) {
        fail("no expression inside parentheses");
        return AffineExpr();
      }
      AffineExpr e = parseExpr();
      if (!e || !expect(TK::RParen, "expected ')'"))
        return AffineExpr();
      return e;
    }
    case TK::SSA:
      if (!ssaMode)
        break;
      next();
      return ssaOperand(false, t);
    case TK::Id:
      if (ssaMode && t.text == "symbol") {
        next();
        if (!expect(TK::LParen, "expected '(' after 'symbol'"))
          return AffineExpr();
        Tok id = tok;
        if (id.kind != TK::SSA) {
          fail("expected SSA operand");
          return AffineExpr();
        }
        next();
        if (!expect(TK::RParen, "expected ')'"))
          return AffineExpr();
        return ssaOperand(true, id);
      }
      if (!ssaMode) {
        auto it = names.find(t.text);
        if (it == names.end()) {
          fail("use of undeclared identifier");
          return AffineExpr();
        }
        next();
        return it->second;
      }
      break;
    case TK::End:
    case TK::RParen:
    case TK::RSquare:
    case TK::Comma:
      fail("missing right operand of binary operator");
      return AffineExpr();
    default:
      break;
    }
    fail("expected affine expression");
    return AffineExpr();
  }

  enum class HighOp { None, Mul, FloorDiv, CeilDiv, Mod };

  std::optional<HighOp> peekHighOp() {
    if (tok.kind == TK::Star)
      return HighOp::Mul;
    if (tok.kind == TK::Id) {
      if (tok.text == "floordiv")
        return HighOp::FloorDiv;
      if (tok.text == "ceildiv")
        return HighOp::CeilDiv;
      if (tok.text == "mod")
        return HighOp::Mod;
    }
    return std::nullopt;
  }

  /// Applies a high-precedence op with MLIR's affine/semi-affine checks and
  /// the seed's rule that divisors and moduli are positive literals.
  AffineExpr applyHigh(HighOp op, AffineExpr l, AffineExpr r, size_t opOffset,
                       size_t rhsOffset) {
    if (op == HighOp::Mul) {
      if (!l.isSymbolicOrConstant() && !r.isSymbolicOrConstant()) {
        fail(opOffset, "non-affine expression: at least one of the multiply "
                       "operands has to be either a constant or symbolic");
        return AffineExpr();
      }
      return l * r;
    }
    if (!r.isSymbolicOrConstant()) {
      fail(opOffset, "non-affine expression: right operand of floordiv, "
                     "ceildiv and mod has to be either a constant or symbolic");
      return AffineExpr();
    }
    if (r.getKind() == AffineExprKind::Constant && r.getValue() <= 0) {
      fail(rhsOffset, "expected positive divisor");
      return AffineExpr();
    }
    if (op == HighOp::FloorDiv)
      return l.floorDiv(r);
    if (op == HighOp::CeilDiv)
      return l.ceilDiv(r);
    return l.mod(r);
  }

  AffineExpr parseTerm() {
    AffineExpr l = parseOperand();
    while (l) {
      auto op = peekHighOp();
      if (!op)
        break;
      size_t opOffset = tok.offset;
      next();
      size_t rhsOffset = tok.offset;
      AffineExpr r = parseOperand();
      if (!r)
        return AffineExpr();
      l = applyHigh(*op, l, r, opOffset, rhsOffset);
    }
    return l;
  }

  AffineExpr parseExpr() {
    AffineExpr l = parseTerm();
    while (l && (tok.kind == TK::Plus || tok.kind == TK::Minus)) {
      bool minus = tok.kind == TK::Minus;
      next();
      AffineExpr r = parseTerm();
      if (!r)
        return AffineExpr();
      l = minus ? l - r : l + r;
    }
    return l;
  }

  bool atEnd() {
    if (tok.kind == TK::End)
      return true;
    return fail("unexpected trailing text in affine expression");
  }

private:
  std::string_view text;
  size_t pos = 0;
};

} // namespace

AffineParseResult<AffineMap> parseAffineMap(std::string_view text) {
  AffineTextParser p(text);
  unsigned nd, ns;
  std::vector<AffineExpr> results;
  bool ok = p.parseDimAndSymbolLists(nd, ns) &&
            p.expect(TK::Arrow, "expected '->' or '['") &&
            p.expect(TK::LParen, "expected '(' at start of affine map range");
  if (ok && !p.consumeIf(TK::RParen)) {
    do {
      AffineExpr e = p.parseExpr();
      if (!e) {
        ok = false;
        break;
      }
      results.push_back(e);
    } while (p.consumeIf(TK::Comma));
    ok = ok && p.expect(TK::RParen, "expected ')' in affine map range");
  }
  ok = ok && p.atEnd();
  if (!ok)
    return *p.error;
  return AffineMap::get(nd, ns, std::move(results));
}

AffineParseResult<IntegerSet> parseIntegerSet(std::string_view text) {
  AffineTextParser p(text);
  unsigned nd, ns;
  std::vector<AffineExpr> cons;
  std::vector<bool> eqs;
  bool ok = p.parseDimAndSymbolLists(nd, ns) &&
            p.expect(TK::Colon, "expected ':' or '['") &&
            p.expect(TK::LParen, "expected '(' at start of integer set "
                                 "constraint list");
  if (ok && !p.consumeIf(TK::RParen)) {
    do {
      AffineExpr l = p.parseExpr();
      if (!l) {
        ok = false;
        break;
      }
      TK rel = p.tok.kind;
      if (rel != TK::GE && rel != TK::LE && rel != TK::EQ) {
        ok = p.fail("expected '== affine-expr' or '>= affine-expr' at end of "
                    "affine constraint");
        break;
      }
      p.next();
      AffineExpr r = p.parseExpr();
      if (!r) {
        ok = false;
        break;
      }
      cons.push_back(rel == TK::LE ? r - l : l - r);
      eqs.push_back(rel == TK::EQ);
    } while (p.consumeIf(TK::Comma));
    ok = ok && p.expect(TK::RParen, "expected ')' at end of integer set "
                                    "constraint list");
  }
  ok = ok && p.atEnd();
  if (!ok)
    return *p.error;
  return IntegerSet::get(nd, ns, std::move(cons), std::move(eqs));
}

/// Parses a comma list of SSA-id expressions (optionally grouped by
/// `kind(...)`), stopping at the end of the text.
static bool parseSSAList(AffineTextParser &p, std::string_view kind,
                         std::vector<AffineExpr> &exprs,
                         std::vector<unsigned> *groups) {
  if (p.tok.kind == TK::End)
    return true;
  do {
    if (groups && p.tok.kind == TK::Id && p.tok.text == kind) {
      p.next();
      if (!p.expect(TK::LParen, "expected '('"))
        return false;
      unsigned count = 0;
      do {
        AffineExpr e = p.parseExpr();
        if (!e)
          return false;
        exprs.push_back(e);
        ++count;
      } while (p.consumeIf(TK::Comma));
      if (!p.expect(TK::RParen, "expected ')'"))
        return false;
      groups->push_back(count);
      continue;
    }
    AffineExpr e = p.parseExpr();
    if (!e)
      return false;
    exprs.push_back(e);
    if (groups)
      groups->push_back(1);
  } while (p.consumeIf(TK::Comma));
  return p.atEnd();
}

AffineParseResult<AffineMapOfSSAIds>
parseAffineMapOfSSAIds(std::string_view text) {
  AffineTextParser p(text);
  p.ssaMode = true;
  std::vector<AffineExpr> exprs;
  if (!parseSSAList(p, "", exprs, nullptr))
    return *p.error;
  return AffineMapOfSSAIds{AffineMap::get((unsigned)p.ssaDims.size(),
                                          (unsigned)p.ssaSyms.size(), exprs),
                           p.ssaDims, p.ssaSyms};
}

AffineParseResult<std::pair<AffineMapOfSSAIds, std::vector<unsigned>>>
parseAffineMapOfSSAIdsWithGroups(std::string_view text, std::string_view kind) {
  AffineTextParser p(text);
  p.ssaMode = true;
  std::vector<AffineExpr> exprs;
  std::vector<unsigned> groups;
  if (!parseSSAList(p, kind, exprs, &groups))
    return *p.error;
  return std::make_pair(
      AffineMapOfSSAIds{AffineMap::get((unsigned)p.ssaDims.size(),
                                       (unsigned)p.ssaSyms.size(), exprs),
                        p.ssaDims, p.ssaSyms},
      groups);
}

} // namespace affjit
