// The core of the MLIR text parser: tokens and locations, aliases, types,
// attributes, SSA value scopes, regions, generic-form operations and the
// module. Custom syntax is delegated to the per-dialect op parsers.
#include "frontend/parse/Parser.h"

#include "frontend/ir/ArithOpTable.h"
#include "frontend/ir/VectorOpInfo.h"

#include <utility>

#include "frontend/parse/AffineParser.h"
#include "frontend/parse/OpParsers.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <unordered_set>

namespace affjit {

namespace {
/// Bounds recursion on nested regions, types and attributes so hostile
/// input reports an error instead of overflowing the stack.
constexpr unsigned kMaxNesting = 200;

/// A use of a name not defined yet (MLIR allows uses before definitions
/// within an isolated region; the verifier then reports dominance).
struct ForwardRef {
  Value *placeholder;
  Location firstUse;
  /// The scope (region) of the use: only a definition in that same region
  /// resolves it, so user and definer always live and die together.
  uint64_t scopeId;
};

struct ValueScope {
  std::unordered_map<std::string, std::vector<Value *>> defs;
  bool isolated = false;
  uint64_t id = 0; // unique per region parsed
  /// Pending forward references, by name and result number; kept only on
  /// isolated scopes.
  std::unordered_map<std::string, std::map<unsigned, ForwardRef>> forwardRefs;
};
} // namespace

struct Parser::Impl {
  const SourceBuffer &source;
  DiagnosticEngine &diag;
  Lexer lexer;
  std::vector<size_t> lineStarts;
  size_t lastLine = 1; // cache for locOf
  std::unordered_map<std::string, Attribute> attrAliases;
  std::unordered_map<std::string, Type> typeAliases;
  /// Inherited aliases not yet redefined by this text.
  std::unordered_set<std::string> inherited;
  std::vector<ValueScope> scopes;
  uint64_t nextScopeId = 0;
  /// Owners of forward-reference placeholders; they outlive every module
  /// this parser builds so that discarded ops can drop their uses safely.
  std::vector<std::unique_ptr<Operation>> placeholderOwners;
  unsigned nesting = 0;
  bool hadError = false;

  Impl(const SourceBuffer &src, DiagnosticEngine &d)
      : source(src), diag(d), lexer(src.text) {
    lineStarts.push_back(0);
    for (size_t i = 0; i < src.text.size(); ++i)
      if (src.text[i] == '\n')
        lineStarts.push_back(i + 1);
  }
};

/// RAII guard for the nesting limit.
struct NestingGuard {
  unsigned &depth;
  explicit NestingGuard(unsigned &d) : depth(d) { ++depth; }
  ~NestingGuard() { --depth; }
  bool tooDeep() const { return depth > kMaxNesting; }
};

Parser::Parser(const SourceBuffer &source, DiagnosticEngine &diag)
    : impl(std::make_unique<Impl>(source, diag)) {
  diag.setSource(&source);
  consume();
}

Parser::~Parser() = default;

std::unique_ptr<Module> parseModule(const SourceBuffer &source,
                                    DiagnosticEngine &diag) {
  Parser p(source, diag);
  return p.parseTopLevel();
}

std::unique_ptr<Module> parseModule(const SourceBuffer &source,
                                    DiagnosticEngine &diag,
                                    AliasTable &aliases) {
  Parser p(source, diag);
  p.inheritAliases(aliases);
  std::unique_ptr<Module> module = p.parseTopLevel();
  if (module)
    aliases = p.getAliases();
  return module;
}

void Parser::inheritAliases(const AliasTable &aliases) {
  impl->attrAliases = aliases.attrs;
  impl->typeAliases = aliases.types;
  for (const auto &[name, value] : aliases.attrs)
    impl->inherited.insert(name);
  for (const auto &[name, value] : aliases.types)
    impl->inherited.insert(name);
}

AliasTable Parser::getAliases() const {
  return AliasTable{impl->attrAliases, impl->typeAliases};
}

//===-- tokens and errors
//--------------------------------------------------===//

Location Parser::locOf(size_t offset) const {
  auto &starts = impl->lineStarts;
  // Offsets arrive mostly in increasing order: try the last line first.
  size_t line = impl->lastLine;
  if (!(line >= 1 && line <= starts.size() && starts[line - 1] <= offset &&
        (line == starts.size() || offset < starts[line]))) {
    auto it = std::upper_bound(starts.begin(), starts.end(), offset);
    line = it - starts.begin();
    impl->lastLine = line;
  }
  Location loc;
  loc.file = impl->source.name;
  loc.line = (unsigned)line;
  loc.col = (unsigned)(offset - starts[line - 1] + 1);
  return loc;
}

void Parser::consume() {
  if (cur.is(Tok::Error))
    return; // sticky: the error has been (or will be) reported
  cur = impl->lexer.lex();
}

bool Parser::consumeIf(Tok k) {
  if (!cur.is(k))
    return false;
  consume();
  return true;
}

bool Parser::consumeKeyword(std::string_view kw) {
  if (!cur.isKeyword(kw))
    return false;
  consume();
  return true;
}

bool Parser::emitError(std::string msg) {
  if (cur.is(Tok::Error))
    return emitError(getLoc(), impl->lexer.getErrorMessage());
  // "expected X" means the current token is the wrong one: like MLIR,
  // point just past the last thing that was right.
  if (msg.rfind("expected", 0) == 0)
    return emitError(locOf(wrongTokenOffset(cur.offset)), std::move(msg));
  return emitError(getLoc(), std::move(msg));
}

size_t Parser::wrongTokenOffset(size_t offset) const {
  std::string_view buf = impl->source.text;
  offset = std::min(offset, buf.size());
  if (offset == buf.size() && offset > 0)
    --offset; // at EOF, start from the last character
  size_t end = offset;
  while (true) {
    while (end > 0 && (buf[end - 1] == ' ' || buf[end - 1] == '\t'))
      --end;
    if (end == 0)
      return offset;
    if (buf[end - 1] != '\n' && buf[end - 1] != '\r')
      return end;
    --end; // back over a blank line; skip a trailing `//` comment too
    if (end == 0)
      return offset; // nothing but blank lines and comments before
    size_t lineStart = buf.rfind('\n', end - 1);
    lineStart = lineStart == std::string_view::npos ? 0 : lineStart + 1;
    size_t comment = buf.substr(lineStart, end - lineStart).find("//");
    if (comment != std::string_view::npos)
      end = lineStart + comment;
  }
}

bool Parser::emitError(const Location &loc, std::string msg) {
  // Only the first error is reported: later ones are usually fallout.
  if (!impl->hadError)
    impl->diag.error(loc, std::move(msg));
  impl->hadError = true;
  return false;
}

bool Parser::expect(Tok k, std::string_view what) {
  if (consumeIf(k))
    return true;
  return emitError("expected " + std::string(what));
}

bool Parser::expectKeyword(std::string_view kw) {
  if (consumeKeyword(kw))
    return true;
  return emitError("expected '" + std::string(kw) + "'");
}

bool Parser::parseInteger(int64_t &v) {
  if (!cur.is(Tok::Integer))
    return emitError("expected integer value");
  std::string_view s = cur.spelling;
  uint64_t u = 0;
  std::from_chars_result r;
  if (s.size() > 2 && s[1] == 'x')
    r = std::from_chars(s.data() + 2, s.data() + s.size(), u, 16);
  else
    r = std::from_chars(s.data(), s.data() + s.size(), u, 10);
  if (r.ec != std::errc() || u > (uint64_t)INT64_MAX)
    return emitError("integer value too large");
  v = (int64_t)u;
  consume();
  return true;
}

bool Parser::parseSignedInteger(int64_t &v) {
  bool neg = consumeIf(Tok::Minus);
  if (!parseInteger(v))
    return false;
  if (neg)
    v = -v;
  return true;
}

bool Parser::parseKeyword(std::string &s, std::string_view what) {
  if (!cur.is(Tok::BareId))
    return emitError("expected " + std::string(what));
  s = std::string(cur.spelling);
  consume();
  return true;
}

/// Decodes the body of a string token (without quotes) with MLIR's escapes.
static std::string unescapeString(std::string_view body) {
  std::string out;
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || i + 1 >= body.size()) {
      out += c;
      continue;
    }
    char e = body[++i];
    if (e == 'n')
      out += '\n';
    else if (e == 't')
      out += '\t';
    else if (e == '"' || e == '\\')
      out += e;
    else if (i + 1 < body.size()) {
      out += (char)std::stoi(std::string(body.substr(i, 2)), nullptr, 16);
      ++i;
    }
  }
  return out;
}

bool Parser::parseString(std::string &s) {
  if (!cur.is(Tok::String))
    return emitError("expected string");
  s = unescapeString(cur.spelling.substr(1, cur.spelling.size() - 2));
  consume();
  return true;
}

//===-- types
//---------------------------------------------------------------===//

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
  if (kw.size() > 1 && kw[0] == 'i' &&
      std::all_of(kw.begin() + 1, kw.end(),
                  [](char c) { return std::isdigit((unsigned char)c); })) {
    unsigned w = 0;
    auto r = std::from_chars(kw.data() + 1, kw.data() + kw.size(), w);
    if (r.ec == std::errc() && w >= 1 && w <= 64)
      return Type::integer(w);
  }
  return std::nullopt;
}

/// Returns true if the current token can start a type.
static bool startsType(const Token &t) {
  if (t.is(Tok::LParen) || t.is(Tok::BangId))
    return true;
  if (!t.is(Tok::BareId))
    return false;
  std::string_view s = t.spelling;
  return scalarTypeFromKeyword(s) || s == "memref" || s == "vector" ||
         s == "tensor" ||
         (s.size() > 1 && s[0] == 'i' && std::isdigit((unsigned char)s[1]));
}

bool Parser::skipLocation() {
  consume(); // loc
  if (!expect(Tok::LParen, "'(' in inline location"))
    return false;
  int depth = 1;
  while (depth > 0) {
    if (cur.is(Tok::Eof) || cur.is(Tok::Error))
      return emitError("expected ')' in inline location");
    if (cur.is(Tok::LParen) || cur.is(Tok::LSquare))
      ++depth;
    else if (cur.is(Tok::RParen) || cur.is(Tok::RSquare))
      --depth;
    consume();
  }
  return true;
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
    for (int64_t d : shape)
      if (d == kDynamic || d <= 0)
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

//===-- affine maps and sets
//-----------------------------------------------===//

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

/// MLIR reports an unknown alias after consuming it (at the next token).
bool Parser::undefinedAliasError() {
  std::string name(cur.spelling.substr(1));
  consume();
  if (cur.is(Tok::Error))
    return emitError("");
  return emitError(getLoc(), "undefined symbol alias id '" + name + "'");
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
/// opening one); npos if unbalanced.
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
    } else if (c == '{' || c == '}' || c == ':' || c == '=' || c == '\n') {
      return std::string_view::npos; // cannot occur inside index lists
    }
  }
  return std::string_view::npos;
}

/// Where findClosing gave up: the first character that cannot be inside an
/// index list, or the end of the buffer.
static size_t findClosingStop(std::string_view buf, size_t pos) {
  size_t stop = buf.find_first_of("{}:=\n", pos);
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

//===-- attributes
//----------------------------------------------------------===//

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

/// One element of a dense literal: number or bool.
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

/// Parses nested `[...]` dense literal structure into a flat list, recording
/// the shape seen.
static bool parseDenseList(Parser &p, std::vector<NumberLiteral> &elems,
                           std::vector<int64_t> &shape, unsigned depth) {
  if (depth > kMaxNesting)
    return p.emitError("dense literal nesting is too deep");
  if (!p.consumeIf(Tok::LSquare)) {
    NumberLiteral n;
    if (!parseDenseElement(p, n))
      return false;
    elems.push_back(n);
    return true;
  }
  int64_t count = 0;
  std::vector<int64_t> innerShape;
  bool first = true;
  while (!p.tok().is(Tok::RSquare)) {
    std::vector<int64_t> s;
    if (!p.tok().is(Tok::LSquare)) {
      NumberLiteral n;
      if (!parseDenseElement(p, n))
        return false;
      elems.push_back(n);
    } else if (!parseDenseList(p, elems, s, depth + 1)) {
      return false;
    }
    if (!first && s != innerShape)
      return p.emitError("tensor literal is invalid; ranks are not consistent "
                         "between elements");
    innerShape = s;
    first = false;
    ++count;
    if (!p.consumeIf(Tok::Comma))
      break;
  }
  if (!p.expect(Tok::RSquare, "']'"))
    return false;
  shape.push_back(count);
  shape.insert(shape.end(), innerShape.begin(), innerShape.end());
  return true;
}

static bool parseDenseAttr(Parser &p, Attribute &out) {
  Location loc = p.getLoc();
  p.consume(); // dense
  if (!p.expect(Tok::Less, "'<' after 'dense'"))
    return false;
  std::vector<NumberLiteral> elems;
  std::vector<int64_t> litShape;
  bool isList = p.tok().is(Tok::LSquare);
  if (!p.tok().is(Tok::Greater) && !parseDenseList(p, elems, litShape, 0))
    return false;
  Location typeLoc;
  Type type;
  if (!p.expect(Tok::Greater, "'>'"))
    return false;
  loc = p.getLoc(); // MLIR reports shape mismatches after the literal
  if (!p.expect(Tok::Colon, "':'"))
    return false;
  typeLoc = p.getLoc();
  if (!p.parseType(type))
    return false;
  if (!type.isVector() && !type.isTensor())
    return p.emitError(typeLoc, "elements literal must be a shaped type");
  bool splat = !isList && elems.size() == 1;
  if (!splat && litShape != type.getShape())
    return p.emitError(
        loc, "inferred shape of elements literal ([" +
                 [&] {
                   std::string s;
                   for (size_t i = 0; i < litShape.size(); ++i)
                     s += (i ? ", " : "") + std::to_string(litShape[i]);
                   return s;
                 }() +
                 "]) does not match type ([" +
                 [&] {
                   std::string s;
                   auto &sh = type.getShape();
                   for (size_t i = 0; i < sh.size(); ++i)
                     s += (i ? ", " : "") + std::to_string(sh[i]);
                   return s;
                 }() +
                 "])");
  Type elt = type.getElementType();
  if (elt.isFloat()) {
    std::vector<double> vals;
    for (auto &n : elems) {
      Attribute a;
      if (!makeNumberAttr(p, n, elt, loc, a))
        return false;
      vals.push_back(a.getFloat());
    }
    out = Attribute::denseFloats(type, std::move(vals));
  } else {
    std::vector<int64_t> vals;
    for (auto &n : elems) {
      Attribute a;
      if (!makeNumberAttr(p, n, elt, loc, a))
        return false;
      vals.push_back(a.getInt());
    }
    out = Attribute::denseInts(type, std::move(vals));
  }
  return true;
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
    return parseDenseAttr(*this, a);
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

//===-- SSA values
//----------------------------------------------------------===//

bool Parser::parseOperand(UnresolvedOperand &op) {
  if (!cur.is(Tok::PercentId))
    return emitError("expected SSA operand");
  op.loc = getLoc();
  std::string_view s = cur.spelling;
  size_t hash = s.find('#');
  op.resultNo = 0;
  if (hash != std::string_view::npos) {
    unsigned n = 0;
    auto r = std::from_chars(s.data() + hash + 1, s.data() + s.size(), n);
    if (r.ec != std::errc())
      return emitError("invalid SSA value result number");
    op.resultNo = n;
    s = s.substr(0, hash);
  }
  op.name = std::string(s);
  consume();
  return true;
}

bool Parser::parseOperandList(std::vector<UnresolvedOperand> &ops,
                              bool allowEmpty) {
  if (!cur.is(Tok::PercentId)) {
    if (allowEmpty)
      return true;
    return emitError("expected SSA operand");
  }
  do {
    UnresolvedOperand op;
    if (!parseOperand(op))
      return false;
    ops.push_back(op);
  } while (consumeIf(Tok::Comma));
  return true;
}

/// The innermost isolated scope (where forward references live).
static ValueScope &isolatedScope(std::vector<ValueScope> &scopes) {
  for (auto it = scopes.rbegin(); it != scopes.rend(); ++it)
    if (it->isolated)
      return *it;
  return scopes.front();
}

/// Finds `op` among the definitions visible here, or null.
static Value *findDefinition(std::vector<ValueScope> &scopes,
                             const UnresolvedOperand &op, bool &badIndex) {
  badIndex = false;
  for (auto it = scopes.rbegin(); it != scopes.rend(); ++it) {
    auto found = it->defs.find(op.name);
    if (found != it->defs.end()) {
      badIndex = op.resultNo >= found->second.size();
      return badIndex ? nullptr : found->second[op.resultNo];
    }
    if (it->isolated)
      break;
  }
  return nullptr;
}

bool Parser::lookupValue(const UnresolvedOperand &op, Value *&out) {
  bool badIndex;
  out = findDefinition(impl->scopes, op, badIndex);
  if (badIndex)
    return emitError(op.loc, "reference to invalid result number");
  if (!out)
    return emitError(op.loc, "use of undeclared SSA value name");
  return true;
}

Value *Parser::forwardReference(const UnresolvedOperand &op, Type type) {
  ValueScope &scope = isolatedScope(impl->scopes);
  auto &byResult = scope.forwardRefs[op.name];
  auto it = byResult.find(op.resultNo);
  if (it != byResult.end())
    return it->second.placeholder;
  impl->placeholderOwners.push_back(
      Operation::create("affjit.forward_ref", op.loc, {}, {type}, {}, 0));
  Value *v = impl->placeholderOwners.back()->getResult(0);
  byResult[op.resultNo] = ForwardRef{v, op.loc, impl->scopes.back().id};
  return v;
}

bool Parser::resolveOperand(const UnresolvedOperand &op, Type type,
                            std::vector<Value *> &out) {
  bool badIndex;
  Value *v = findDefinition(impl->scopes, op, badIndex);
  if (badIndex)
    return emitError(op.loc, "reference to invalid result number");
  if (!v && !type)
    return emitError(op.loc, "use of undeclared SSA value name");
  if (!v)
    v = forwardReference(op, type);
  if (type && v->getType() != type)
    return emitError(op.loc, "use of value '" + op.name +
                                 "' expects different type than prior uses: '" +
                                 type.str() + "' vs '" + v->getType().str() +
                                 "'");
  out.push_back(v);
  return true;
}

bool Parser::resolveOperands(const std::vector<UnresolvedOperand> &ops,
                             const std::vector<Type> &types,
                             std::vector<Value *> &out) {
  if (ops.size() != types.size())
    return emitError(ops.empty() ? getLoc() : ops[0].loc,
                     std::to_string(ops.size()) +
                         " operands present, but expected " +
                         std::to_string(types.size()));
  for (size_t i = 0; i < ops.size(); ++i)
    if (!resolveOperand(ops[i], types[i], out))
      return false;
  return true;
}

bool Parser::resolveOperands(const std::vector<UnresolvedOperand> &ops,
                             Type type, std::vector<Value *> &out) {
  for (auto &op : ops)
    if (!resolveOperand(op, type, out))
      return false;
  return true;
}

/// Replaces the placeholders of earlier uses of `name` by its definition.
static bool resolveForwardRefs(Parser &p, ValueScope &scope,
                               uint64_t definingScopeId,
                               const std::string &name,
                               const std::vector<Value *> &values,
                               const Location &loc) {
  auto it = scope.forwardRefs.find(name);
  if (it == scope.forwardRefs.end())
    return true;
  for (auto &[resultNo, ref] : it->second) {
    if (ref.scopeId == definingScopeId)
      continue;
    // A use in another region stays undeclared; MLIR rejects a region
    // argument whose name an earlier forward use has taken.
    if (!values.empty() && values[0]->isBlockArgument())
      return p.emitError(loc, "region entry argument '" + name +
                                  "' is already in use");
    return true;
  }
  for (auto &[resultNo, ref] : it->second) {
    if (resultNo >= values.size())
      return p.emitError(ref.firstUse, "reference to invalid result number");
    Type used = ref.placeholder->getType(),
         defined = values[resultNo]->getType();
    if (used != defined)
      return p.emitError(
          loc, "definition of SSA value '" + name + "#" +
                   std::to_string(resultNo) + "' has type '" + defined.str() +
                   "', but was used with type '" + used.str() + "'");
    ref.placeholder->replaceAllUsesWith(values[resultNo]);
  }
  scope.forwardRefs.erase(it);
  return true;
}

/// Reports the first use of a name that was never defined.
static bool checkNoForwardRefs(Parser &p, const ValueScope &scope) {
  const ForwardRef *first = nullptr;
  for (auto &[name, refs] : scope.forwardRefs)
    for (auto &[resultNo, ref] : refs)
      if (!first || ref.firstUse.line < first->firstUse.line ||
          (ref.firstUse.line == first->firstUse.line &&
           ref.firstUse.col < first->firstUse.col))
        first = &ref;
  if (!first)
    return true;
  return p.emitError(first->firstUse, "use of undeclared SSA value name");
}

/// Defines `name` in the innermost scope; redefinition within the same
/// isolated region is an error, as in MLIR.
static bool defineValue(Parser &p, std::vector<ValueScope> &scopes,
                        const std::string &name, std::vector<Value *> values,
                        const Location &loc) {
  for (auto it = scopes.rbegin(); it != scopes.rend(); ++it) {
    if (it->defs.count(name))
      return p.emitError(loc, "redefinition of SSA value '" + name + "'");
    if (it->isolated)
      break;
  }
  for (Value *v : values)
    if (name.size() > 1 && !std::isdigit((unsigned char)name[1]))
      v->setNameHint(name.substr(1));
  if (!resolveForwardRefs(p, isolatedScope(scopes), scopes.back().id, name,
                          values, loc))
    return false;
  scopes.back().defs[name] = std::move(values);
  return true;
}

//===-- regions and operations
//---------------------------------------------===//

namespace {
/// The names an op statement binds: `%a, %b:2 = ...`.
struct ResultBinding {
  std::string name;
  unsigned count;
  Location loc;
};
} // namespace

static bool parseOperationInto(Parser &p, Block &block);

bool Parser::parseRegion(Region &region, const std::vector<BlockArgDecl> &args,
                         std::string_view implicitTerminator, bool isolated,
                         std::string_view regionDialect) {
  NestingGuard guard(impl->nesting);
  if (guard.tooDeep())
    return emitError("region nesting is too deep");
  if (!expect(Tok::LBrace, "'{' to begin a region"))
    return false;
  // `{}` in the generic form is a region without blocks (an absent else).
  if (args.empty() && implicitTerminator.empty() && consumeIf(Tok::RBrace))
    return true;
  std::string savedDialect =
      std::exchange(defaultDialect, std::string(regionDialect));
  impl->scopes.push_back(ValueScope{{}, isolated, ++impl->nextScopeId, {}});
  bool ok = [&] {
    Block *block = region.addBlock();
    for (const BlockArgDecl &a : args)
      if (!defineValue(*this, impl->scopes, a.id.name,
                       {block->addArgument(a.type)}, a.id.loc))
        return false;
    if (cur.is(Tok::CaretId)) {
      if (!args.empty())
        return emitError("invalid block name in region with named arguments");
      consume();
      if (consumeIf(Tok::LParen)) {
        while (!cur.is(Tok::RParen)) {
          BlockArgDecl decl;
          if (!parseOperand(decl.id) || !parseColonType(decl.type) ||
              !parseOptionalLocation())
            return false;
          if (!defineValue(*this, impl->scopes, decl.id.name,
                           {block->addArgument(decl.type)}, decl.id.loc))
            return false;
          if (!consumeIf(Tok::Comma))
            break;
        }
        if (!expect(Tok::RParen, "')'"))
          return false;
      }
      if (!expect(Tok::Colon, "':' after block name"))
        return false;
    }
    while (!cur.is(Tok::RBrace)) {
      if (cur.is(Tok::CaretId))
        return emitError("regions with more than one block are not supported");
      if (!parseOperationInto(*this, *block))
        return false;
    }
    Location closeLoc = getLoc();
    consume(); // '}'
    Operation *last = block->getTerminator();
    if (!implicitTerminator.empty() &&
        (!last || last->getName() != implicitTerminator))
      block->push_back(Operation::create(std::string(implicitTerminator),
                                         closeLoc, {}, {}, {}, 0));
    return true;
  }();
  if (ok && isolated)
    ok = checkNoForwardRefs(*this, impl->scopes.back());
  impl->scopes.pop_back();
  defaultDialect = std::move(savedDialect);
  return ok;
}

bool Parser::parseOptionalRegion(Region &region, bool &present,
                                 std::string_view implicitTerminator) {
  present = cur.is(Tok::LBrace);
  if (!present)
    return true;
  return parseRegion(region, {}, implicitTerminator);
}

/// `"name"(%a, %b) <{props}> ({...}) {attrs} : (types) -> types`
static bool parseGenericOp(Parser &p, OperationState &state) {
  std::string name;
  if (!p.parseString(name))
    return false;
  state.name = name;
  if (!OpParserRegistry::get().isKnown(name))
    return p.emitError(
        state.loc,
        "operation being parsed with an unregistered dialect: '" + name + "'");
  std::vector<UnresolvedOperand> operands;
  if (!p.expect(Tok::LParen, "'(' to start operand list") ||
      !p.parseOperandList(operands) || !p.expect(Tok::RParen, "')'"))
    return false;
  if (p.tok().is(Tok::LSquare))
    return p.emitError("block successors are not supported");
  if (p.tok().is(Tok::Less)) {
    p.consume();
    if (!p.tok().is(Tok::LBrace))
      return p.emitError("expected '{' to start properties");
    if (!p.parseOptionalAttrDict(state.attrs) || !p.expect(Tok::Greater, "'>'"))
      return false;
  }
  if (p.consumeIf(Tok::LParen)) {
    do {
      if (!p.parseRegion(*state.addRegion(), {}))
        return false;
    } while (p.consumeIf(Tok::Comma));
    if (!p.expect(Tok::RParen, "')' to end region list"))
      return false;
  }
  if (!p.parseOptionalAttrDict(state.attrs))
    return false;
  Location typeLoc = p.getLoc();
  Type fnType;
  if (!p.expect(Tok::Colon, "':' followed by operation type") ||
      !p.parseType(fnType))
    return false;
  if (!fnType.isFunction())
    return p.emitError(typeLoc, "expected function type");
  if (!p.resolveOperands(operands, fnType.getInputs(), state.operands))
    return false;
  state.types = fnType.getResults();
  return true;
}

/// Resolves an op name written in custom syntax: full name, unprefixed
/// name in the default dialect, or old spelling.
static std::string resolveCustomOpName(Parser &p, std::string_view name) {
  const OpParserRegistry &reg = OpParserRegistry::get();
  if (reg.isKnown(name))
    return std::string(name);
  const std::string &defaultDialect = p.getDefaultDialectForParse();
  if (!defaultDialect.empty()) {
    std::string full = defaultDialect + "." + std::string(name);
    if (reg.isKnown(full))
      return full;
  }
  // `std.addf` and friends: the prefix of the retired standard dialect.
  bool stdPrefixed = name.substr(0, 4) == "std.";
  if (stdPrefixed)
    name.remove_prefix(4);
  std::string_view alias = reg.resolveAlias(name);
  if (alias.empty() && (stdPrefixed || p.legacySpellingsEnabled()))
    alias = reg.resolveLegacyAlias(name);
  if (alias == "func.func" && name == "func")
    p.enableLegacySpellings();
  return std::string(alias);
}

/// MLIR's wording for an op name that resolves to nothing.
static std::string unknownOpMessage(const std::string &written,
                                    const std::string &defaultDialect) {
  size_t dot = written.find('.');
  std::string dialect = dot == std::string::npos ? "" : written.substr(0, dot);
  static const char *const known[] = {"func",   "arith",  "math", "affine",
                                      "memref", "vector", "std"};
  bool dialectKnown = false;
  for (const char *k : known)
    dialectKnown |= dialect == k;
  std::string tried =
      defaultDialect.empty() && dot != std::string::npos
          ? ""
          : " (tried '" + defaultDialect + "." + written + "' as well)";
  if (!dialectKnown && (dot != std::string::npos || defaultDialect.empty()))
    return "Dialect `" + dialect + "' not found for custom op '" + written +
           "' " + tried;
  return "custom op '" + written + "' is unknown" + tried;
}

static bool parseCustomOp(Parser &p, OperationState &state) {
  std::string written(p.tok().spelling);
  std::string name = resolveCustomOpName(p, written);
  if (name.empty())
    return p.emitError(
        unknownOpMessage(written, p.getDefaultDialectForParse()));
  p.consume();
  state.name = name;
  return OpParserRegistry::get().lookup(name)(p, state);
}

static bool parseResultBindings(Parser &p, std::vector<ResultBinding> &out) {
  do {
    if (!p.tok().is(Tok::PercentId))
      return p.emitError("expected SSA value name");
    ResultBinding b{std::string(p.tok().spelling), 1, p.getLoc()};
    if (b.name.find('#') != std::string::npos)
      return p.emitError("expected SSA value name without a result number");
    p.consume();
    if (p.consumeIf(Tok::Colon)) {
      int64_t n;
      if (!p.parseInteger(n))
        return false;
      if (n < 1 || n > 1000000)
        return p.emitError("expected named operation to have at least 1 "
                           "result");
      b.count = (unsigned)n;
    }
    out.push_back(b);
  } while (p.consumeIf(Tok::Comma));
  return p.expect(Tok::Equal, "'=' after SSA name");
}

struct Parser::ImplAccess {
  static std::vector<ValueScope> &scopes(Parser &p) { return p.impl->scopes; }
};

static bool parseOperationInto(Parser &p, Block &block) {
  std::vector<ResultBinding> bindings;
  if (p.tok().is(Tok::PercentId) && !parseResultBindings(p, bindings))
    return false;
  OperationState state;
  state.loc = p.getLoc();
  bool ok;
  if (p.tok().is(Tok::String))
    ok = parseGenericOp(p, state);
  else if (p.tok().is(Tok::BareId))
    ok = parseCustomOp(p, state);
  else
    return p.emitError("expected operation name in quotes");
  if (!ok || !p.parseOptionalLocation())
    return false;
  unsigned bound = 0;
  for (auto &b : bindings)
    bound += b.count;
  if (!bindings.empty() && bound != state.types.size())
    return p.emitError(bindings[0].loc, "operation defines " +
                                            std::to_string(state.types.size()) +
                                            " results but was provided " +
                                            std::to_string(bound) + " to bind");
  for (auto &pre : state.prelude)
    block.push_back(std::move(pre));
  Operation *raw = block.push_back(state.createOperation());
  unsigned next = 0;
  for (auto &b : bindings) {
    std::vector<Value *> vals;
    for (unsigned k = 0; k < b.count; ++k)
      vals.push_back(raw->getResult(next++));
    if (!defineValue(p, Parser::ImplAccess::scopes(p), b.name, vals, b.loc))
      return false;
  }
  return true;
}

//===-- top level
//-----------------------------------------------------------===//

/// `#name = attribute` at the top of the file.
static bool
parseAliasDefinition(Parser &p, std::unordered_map<std::string, Attribute> &m) {
  std::string name(p.tok().spelling);
  Location loc = p.getLoc();
  if (name.find('.') != std::string::npos)
    return p.emitError("expected attribute alias name without '.'");
  p.consume();
  if (!p.expect(Tok::Equal, "'=' in attribute alias definition"))
    return false;
  Attribute value;
  if (!p.parseAttribute(value))
    return false;
  if (m.count(name))
    return p.emitError(loc, "redefinition of attribute alias id '" +
                                name.substr(1) + "'");
  m[name] = value;
  return true;
}

/// `!name = type` at the top of the file.
static bool parseTypeAliasDefinition(Parser &p,
                                     std::unordered_map<std::string, Type> &m) {
  std::string name(p.tok().spelling);
  Location loc = p.getLoc();
  p.consume();
  Type t;
  if (!p.expect(Tok::Equal, "'=' in type alias definition") || !p.parseType(t))
    return false;
  if (!m.emplace(name, t).second)
    return p.emitError(loc, "redefinition of type alias id '" + name.substr(1) +
                                "'");
  return true;
}

/// `module [@name] [attributes {...}] { ops }`
static bool parseModuleOp(Parser &p, Block &into,
                          std::vector<NamedAttribute> &moduleAttrs) {
  p.consume(); // module
  if (p.tok().is(Tok::AtId)) {
    moduleAttrs.push_back({"sym_name", Attribute::string(std::string(
                                           p.tok().spelling.substr(1)))});
    p.consume();
  }
  if (!p.parseOptionalAttrDictWithKeyword(moduleAttrs))
    return false;
  if (!p.expect(Tok::LBrace, "'{' to begin module body"))
    return false;
  while (!p.tok().is(Tok::RBrace)) {
    if (!parseOperationInto(p, into))
      return false;
  }
  p.consume();
  return true;
}

/// `"builtin.module"() ({ ops }) {attrs} : () -> ()`
static bool parseGenericModuleOp(Parser &p, Block &into,
                                 std::vector<NamedAttribute> &moduleAttrs) {
  p.consume(); // "builtin.module"
  if (!p.expect(Tok::LParen, "'('") || !p.expect(Tok::RParen, "')'"))
    return false;
  if (p.consumeIf(Tok::Less) &&
      (!p.parseOptionalAttrDict(moduleAttrs) || !p.expect(Tok::Greater, "'>'")))
    return false;
  if (!p.expect(Tok::LParen, "'('") || !p.expect(Tok::LBrace, "'{'"))
    return false;
  while (!p.tok().is(Tok::RBrace))
    if (!parseOperationInto(p, into))
      return false;
  p.consume();
  Type fnType;
  if (!p.expect(Tok::RParen, "')'") || !p.parseOptionalAttrDict(moduleAttrs) ||
      !p.expect(Tok::Colon, "':'") || !p.parseType(fnType))
    return false;
  if (!fnType.isFunction() || !fnType.getInputs().empty() ||
      !fnType.getResults().empty())
    return p.emitError("expected '() -> ()' as the type of builtin.module");
  return true;
}

std::unique_ptr<Module> Parser::parseTopLevel() {
  auto module = std::make_unique<Module>();
  impl->scopes.push_back(ValueScope{{}, true, ++impl->nextScopeId, {}});
  Block &body = module->getBody();
  std::vector<NamedAttribute> moduleAttrs;
  bool sawModule = false, sawOps = false;
  while (!cur.is(Tok::Eof)) {
    if (cur.is(Tok::Error)) {
      emitError("");
      return nullptr;
    }
    if (cur.is(Tok::HashId) || cur.is(Tok::BangId)) {
      // Redefining an inherited alias replaces it.
      std::string name(cur.spelling);
      if (impl->inherited.erase(name)) {
        impl->attrAliases.erase(name);
        impl->typeAliases.erase(name);
      }
    }
    if (cur.is(Tok::HashId)) {
      if (!parseAliasDefinition(*this, impl->attrAliases))
        return nullptr;
      continue;
    }
    if (cur.is(Tok::BangId)) {
      if (!parseTypeAliasDefinition(*this, impl->typeAliases))
        return nullptr;
      continue;
    }
    if (cur.isKeyword("module") ||
        (cur.is(Tok::String) && cur.spelling == "\"builtin.module\"")) {
      if (sawModule || sawOps)
        return emitError("expected a single top-level module"), nullptr;
      sawModule = true;
      bool ok = cur.is(Tok::String)
                    ? parseGenericModuleOp(*this, body, moduleAttrs)
                    : parseModuleOp(*this, body, moduleAttrs);
      if (!ok || !parseOptionalLocation())
        return nullptr;
      continue;
    }
    if (sawModule)
      return emitError("expected a single top-level module"), nullptr;
    sawOps = true;
    if (!parseOperationInto(*this, body))
      return nullptr;
  }
  if (impl->hadError || !checkNoForwardRefs(*this, impl->scopes.front()))
    return nullptr;
  for (auto &a : moduleAttrs)
    module->getOperation()->setAttr(a.name, a.value);
  return module;
}

} // namespace affjit
