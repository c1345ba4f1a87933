// The core of the MLIR text parser: construction and entry points, tokens,
// locations and errors, regions, generic-form and custom-syntax operations
// (delegated to the per-dialect op parsers), aliases and the module. Types,
// affine forms, attributes and SSA values have files of their own.
#include "frontend/parse/OpParsers.h"
#include "frontend/parse/ParserImpl.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <utility>

namespace affjit {

using parser_impl::checkNoForwardRefs;
using parser_impl::defineValue;
using parser_impl::NestingGuard;
using parser_impl::unescapeString;
using parser_impl::ValueScope;

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

std::string parser_impl::unescapeString(std::string_view body) {
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

/// MLIR reports an unknown alias after consuming it (at the next token).
bool Parser::undefinedAliasError() {
  std::string name(cur.spelling.substr(1));
  consume();
  if (cur.is(Tok::Error))
    return emitError("");
  return emitError(getLoc(), "undefined symbol alias id '" + name + "'");
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
          if (!parseArgument(decl.id) || !parseColonType(decl.type) ||
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
  // Ops of other dialects are read as opaque ops (as mlir-opt does with
  // --allow-unregistered-dialect): passes leave them alone, and only
  // running them is an error. Unknown names in affjit's dialects are typos.
  const OpParserRegistry &reg = OpParserRegistry::get();
  std::string_view dialect = dialectOfOpName(name);
  if (!reg.isKnown(name) && reg.isKnownDialect(dialect))
    return p.emitError(state.loc, "unregistered operation '" + name +
                                      "' found in dialect ('" +
                                      std::string(dialect) +
                                      "') that does not allow unknown "
                                      "operations");
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

/// "the affine, arith, ... and vector dialects".
static std::string knownDialectsText() {
  std::vector<std::string> ds = OpParserRegistry::get().dialects();
  std::string text = "the ";
  for (size_t i = 0; i < ds.size(); ++i)
    text += (i == 0 ? "" : i + 1 == ds.size() ? " and " : ", ") + ds[i];
  return text + " dialects";
}

/// MLIR's wording for an op name that resolves to nothing.
static std::string mlirUnknownOpMessage(const std::string &written,
                                        const std::string &defaultDialect) {
  size_t dot = written.find('.');
  std::string dialect = dot == std::string::npos ? "" : written.substr(0, dot);
  bool dialectKnown =
      dialect == "std" || OpParserRegistry::get().isKnownDialect(dialect);
  std::string tried =
      defaultDialect.empty() && dot != std::string::npos
          ? ""
          : " (tried '" + defaultDialect + "." + written + "' as well)";
  if (!dialectKnown && (dot != std::string::npos || defaultDialect.empty()))
    return "Dialect `" + dialect + "' not found for custom op '" + written +
           "' " + tried;
  return "custom op '" + written + "' is unknown" + tried;
}

/// MLIR's wording for an op name that resolves to nothing, then what
/// affjit reads instead.
static std::string unknownOpMessage(const std::string &written,
                                    const std::string &defaultDialect) {
  return mlirUnknownOpMessage(written, defaultDialect) + "; affjit reads " +
         knownDialectsText() + " (`affjit ops` lists their ops)";
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

/// `module [@name] [attributes {...}] { ops }` inside another module (what
/// mlir-opt leaves of transform scripts): a builtin.module op whose one
/// block holds its ops, without a terminator.
static bool parseNestedModule(Parser &p, OperationState &state) {
  p.consume(); // module
  state.name = "builtin.module";
  if (p.tok().is(Tok::AtId)) {
    state.addAttr("sym_name",
                  Attribute::string(std::string(p.tok().spelling.substr(1))));
    p.consume();
  }
  if (!p.parseOptionalAttrDictWithKeyword(state.attrs))
    return false;
  Region &body = *state.addRegion();
  if (!p.parseRegion(body, {}, {}, /*isolated=*/true))
    return false;
  if (body.empty())
    body.addBlock();
  return true;
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
  else if (p.tok().isKeyword("module"))
    ok = parseNestedModule(p, state);
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
