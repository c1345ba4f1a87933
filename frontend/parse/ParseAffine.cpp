// The affine part of the MLIR text parser: `affine_map<...>` and
// `affine_set<...>` literals and `#alias` uses of them, and the SSA-id
// forms of affine op operands (`[%i + 1, symbol(%n)]`, affine.parallel's
// bound groups), cut out of the buffer and handed to AffineParser.
#include "frontend/parse/AffineParser.h"
#include "frontend/parse/ParserImpl.h"

namespace affjit {

/// Finds the '>' closing `affine_map<` / `affine_set<` whose body starts at
/// `pos`, skipping `->` and `>=`. Returns npos if unbalanced.
static size_t findAffineClose(std::string_view buf, size_t pos) {
  int depth = 0;
  for (size_t i = pos; i < buf.size(); ++i) {
    char c = buf[i];
    if (c == '(' || c == '[')
      ++depth;
    else if (c == ')' || c == ']')
      --depth;
    else if (c == '>' && depth <= 0 && !(i > 0 && buf[i - 1] == '-') &&
             !(i + 1 < buf.size() && buf[i + 1] == '='))
      return i;
    else if (c == '{' || c == '}' || c == '<')
      return std::string_view::npos; // cannot occur inside a map
  }
  return std::string_view::npos;
}

/// Parses `affine_map<...>` or `affine_set<...>` at the current token
/// (the keyword), via the affine text parser.
template <typename T, typename ParseFn>
static bool parseAffineLiteral(Parser &p, Lexer &lexer, Token &cur,
                               std::string_view what, ParseFn parseFn, T &out) {
  p.consume(); // keyword
  if (!cur.is(Tok::Less))
    return p.emitError("expected '<' after " + std::string(what));
  std::string_view buf = lexer.getBuffer();
  size_t start = cur.offset + 1;
  size_t end = findAffineClose(buf, start);
  // Unbalanced: parse up to the end of the line so that the affine parser
  // reports what is wrong where it is wrong.
  size_t stop = end;
  if (stop == std::string_view::npos) {
    stop = buf.find('\n', start);
    stop = stop == std::string_view::npos ? buf.size() : stop;
  }
  AffineParseResult<T> r = parseFn(buf.substr(start, stop - start));
  if (auto *err = std::get_if<AffineParseError>(&r)) {
    size_t at = start + err->offset;
    if (at >= buf.size() && at > 0)
      at = buf.size() - 1; // MLIR points at the last character at EOF
    bool wrongToken = err->message.rfind("expected", 0) == 0 &&
                      err->message != "expected positive divisor";
    if (wrongToken)
      at = p.wrongTokenOffset(at);
    return p.emitError(p.locOf(at), err->message);
  }
  if (end == std::string_view::npos)
    return p.emitError("expected '>' to close " + std::string(what));
  out = std::get<T>(r);
  lexer.resetTo(end + 1);
  cur = lexer.lex();
  return true;
}

bool Parser::parseAffineMapRef(AffineMap &m) {
  if (cur.is(Tok::HashId)) {
    auto it = impl->attrAliases.find(std::string(cur.spelling));
    if (it == impl->attrAliases.end())
      return undefinedAliasError();
    if (!it->second.isa(AttrKind::AffineMap))
      return emitError("expected affine map, but alias '" +
                       std::string(cur.spelling) + "' is not one");
    m = it->second.getAffineMap();
    consume();
    return true;
  }
  if (!cur.isKeyword("affine_map"))
    return emitError("expected affine map");
  return parseAffineLiteral<AffineMap>(*this, impl->lexer, cur, "affine_map",
                                       parseAffineMap, m);
}

bool Parser::parseIntegerSetRef(IntegerSet &s) {
  if (cur.is(Tok::HashId)) {
    auto it = impl->attrAliases.find(std::string(cur.spelling));
    if (it == impl->attrAliases.end())
      return undefinedAliasError();
    if (!it->second.isa(AttrKind::IntegerSet))
      return emitError("expected integer set, but alias '" +
                       std::string(cur.spelling) + "' is not one");
    s = it->second.getIntegerSet();
    consume();
    return true;
  }
  if (!cur.isKeyword("affine_set"))
    return emitError("expected integer set");
  return parseAffineLiteral<IntegerSet>(*this, impl->lexer, cur, "affine_set",
                                        parseIntegerSet, s);
}

/// Finds the bracket closing a span that starts at `pos` (just after the
/// opening one); npos if unbalanced. The span may run over several lines,
/// as long subscript lists do.
static size_t findClosing(std::string_view buf, size_t pos, char closing) {
  int depth = 0;
  for (size_t i = pos; i < buf.size(); ++i) {
    char c = buf[i];
    if (c == '(' || c == '[') {
      ++depth;
    } else if (c == ')' || c == ']') {
      if (depth == 0)
        return c == closing ? i : std::string_view::npos;
      --depth;
    } else if (c == '{' || c == '}' || c == ':' || c == '=') {
      return std::string_view::npos; // cannot occur inside index lists
    }
  }
  return std::string_view::npos;
}

/// Where findClosing gave up: the first character that cannot be inside an
/// index list, or the end of the buffer.
static size_t findClosingStop(std::string_view buf, size_t pos) {
  size_t stop = buf.find_first_of("{}:=", pos);
  return stop == std::string_view::npos ? buf.size() : stop;
}

static void appendSSARefs(Parser &p, size_t base,
                          const std::vector<SSAIdRef> &refs,
                          std::vector<UnresolvedOperand> &operands) {
  for (const SSAIdRef &r : refs) {
    UnresolvedOperand op;
    op.name = r.name;
    op.loc = p.locOf(base + r.offset);
    operands.push_back(op);
  }
}

bool Parser::parseAffineMapOfSSAIds(AffineMap &map,
                                    std::vector<UnresolvedOperand> &operands,
                                    char closing) {
  std::string_view buf = impl->lexer.getBuffer();
  size_t start = cur.offset;
  size_t end = findClosing(buf, start, closing);
  if (end == std::string_view::npos)
    return emitError(locOf(wrongTokenOffset(findClosingStop(buf, start))),
                     std::string("expected '") + closing + "' in affine map");
  auto r = affjit::parseAffineMapOfSSAIds(buf.substr(start, end - start));
  if (auto *err = std::get_if<AffineParseError>(&r))
    return emitError(locOf(start + err->offset), err->message);
  const AffineMapOfSSAIds &res = std::get<AffineMapOfSSAIds>(r);
  map = res.map;
  appendSSARefs(*this, start, res.dims, operands);
  appendSSARefs(*this, start, res.symbols, operands);
  impl->lexer.resetTo(end + 1);
  cur = impl->lexer.lex();
  return true;
}

bool Parser::parseAffineBoundGroups(std::string_view kind, AffineMap &map,
                                    std::vector<UnresolvedOperand> &operands,
                                    std::vector<int32_t> &groups) {
  if (!cur.is(Tok::LParen))
    return emitError("expected '('");
  std::string_view buf = impl->lexer.getBuffer();
  size_t start = cur.offset + 1;
  size_t end = findClosing(buf, start, ')');
  if (end == std::string_view::npos)
    return emitError("expected ')'");
  auto r =
      parseAffineMapOfSSAIdsWithGroups(buf.substr(start, end - start), kind);
  if (auto *err = std::get_if<AffineParseError>(&r))
    return emitError(locOf(start + err->offset), err->message);
  auto &res = std::get<std::pair<AffineMapOfSSAIds, std::vector<unsigned>>>(r);
  map = res.first.map;
  appendSSARefs(*this, start, res.first.dims, operands);
  appendSSARefs(*this, start, res.first.symbols, operands);
  for (unsigned g : res.second)
    groups.push_back((int32_t)g);
  impl->lexer.resetTo(end + 1);
  cur = impl->lexer.lex();
  return true;
}

} // namespace affjit
