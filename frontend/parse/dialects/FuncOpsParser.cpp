// Custom-syntax parsers of the func dialect: func.func (definitions and
// declarations, argument/result attributes, visibility), func.call and
// func.return, plus the old spellings `func`, `call` and `return`.
#include "frontend/parse/OpParsers.h"

#include <optional>

namespace affjit {

namespace {

/// One entry of a function signature: `%a: T {attrs}` or `T {attrs}`.
struct SignatureEntry {
  std::optional<BlockArgDecl> arg;
  Type type;
  std::vector<NamedAttribute> attrs;
};

/// Parses `(entry, ...)`; all entries named (a definition) or none.
bool parseArgumentList(Parser &p, std::vector<SignatureEntry> &entries) {
  if (!p.expect(Tok::LParen, "'('"))
    return false;
  if (p.consumeIf(Tok::RParen))
    return true;
  do {
    SignatureEntry e;
    if (p.isOperand()) {
      BlockArgDecl decl;
      if (!p.parseArgument(decl.id) || !p.parseColonType(decl.type))
        return false;
      e.type = decl.type;
      e.arg = decl;
    } else if (!p.parseType(e.type)) {
      return false;
    }
    if (!entries.empty() && entries[0].arg.has_value() != e.arg.has_value())
      return p.emitError("expected SSA identifier");
    if (!p.parseOptionalAttrDict(e.attrs) || !p.parseOptionalLocation())
      return false;
    entries.push_back(std::move(e));
  } while (p.consumeIf(Tok::Comma));
  return p.expect(Tok::RParen, "')'");
}

/// `-> T` or `-> (T {attrs}, ...)`; nothing when there is no arrow.
bool parseResultList(Parser &p, std::vector<SignatureEntry> &results) {
  if (!p.consumeIf(Tok::Arrow))
    return true;
  if (!p.consumeIf(Tok::LParen)) {
    SignatureEntry e;
    if (!p.parseType(e.type))
      return false;
    results.push_back(std::move(e));
    return true;
  }
  if (p.consumeIf(Tok::RParen))
    return true;
  do {
    SignatureEntry e;
    if (!p.parseType(e.type) || !p.parseOptionalAttrDict(e.attrs))
      return false;
    results.push_back(std::move(e));
  } while (p.consumeIf(Tok::Comma));
  return p.expect(Tok::RParen, "')'");
}

/// `[{...}, {}]` when any entry has attributes, else a null attribute.
Attribute entryAttrs(const std::vector<SignatureEntry> &entries) {
  bool any = false;
  std::vector<Attribute> dicts;
  for (const SignatureEntry &e : entries) {
    any |= !e.attrs.empty();
    dicts.push_back(Attribute::dictionary(e.attrs));
  }
  return any ? Attribute::array(std::move(dicts)) : Attribute();
}

/// `@name` or `@"quoted name"` (escapes decoded, as for any symbol
/// reference attribute).
bool parseSymbolName(Parser &p, std::string &name) {
  if (!p.tok().is(Tok::AtId))
    return p.emitError("expected valid '@'-identifier for symbol name");
  Attribute ref;
  if (!p.parseAttribute(ref))
    return false;
  name = ref.getString();
  return true;
}

bool parseFuncOp(Parser &p, OperationState &state) {
  std::string visibility;
  if (p.tok().is(Tok::String) && !p.parseString(visibility))
    return false;
  for (const char *kw : {"private", "public", "nested"})
    if (p.consumeKeyword(kw))
      visibility = kw;
  std::string name;
  std::vector<SignatureEntry> args, results;
  if (!parseSymbolName(p, name) || !parseArgumentList(p, args) ||
      !parseResultList(p, results))
    return false;
  std::vector<Type> inputs, outputs;
  for (auto &a : args)
    inputs.push_back(a.type);
  for (auto &r : results)
    outputs.push_back(r.type);
  state.addAttr("sym_name", Attribute::string(name));
  state.addAttr("function_type",
                Attribute::type(Type::function(inputs, outputs)));
  if (!visibility.empty())
    state.addAttr("sym_visibility", Attribute::string(visibility));
  if (Attribute a = entryAttrs(args))
    state.addAttr("arg_attrs", a);
  if (Attribute a = entryAttrs(results))
    state.addAttr("res_attrs", a);
  if (!p.parseOptionalAttrDictWithKeyword(state.attrs))
    return false;
  Region *body = state.addRegion();
  if (!p.tok().is(Tok::LBrace))
    return true; // a declaration
  if (!args.empty() && !args[0].arg)
    return p.emitError("expected named arguments in a function definition");
  std::vector<BlockArgDecl> decls;
  for (auto &a : args)
    decls.push_back(*a.arg);
  return p.parseRegion(*body, decls, {}, /*isolated=*/true, "func");
}

/// `call @f(%a, %b) : (T, U) -> R`
bool parseCallOp(Parser &p, OperationState &state) {
  std::string callee;
  std::vector<UnresolvedOperand> operands;
  if (!parseSymbolName(p, callee) || !p.expect(Tok::LParen, "'('") ||
      !p.parseOperandList(operands) || !p.expect(Tok::RParen, "')'") ||
      !p.parseOptionalAttrDict(state.attrs))
    return false;
  Location typeLoc = p.getLoc();
  Type fnType;
  if (!p.expect(Tok::Colon, "':'") || !p.parseType(fnType))
    return false;
  if (!fnType.isFunction())
    return p.emitError(typeLoc, "expected function type");
  if (fnType.getInputs().size() != operands.size())
    return p.emitError(typeLoc, std::to_string(operands.size()) +
                                    " operands present, but expected " +
                                    std::to_string(fnType.getInputs().size()));
  state.addAttr("callee", Attribute::symbolRef(callee));
  state.types = fnType.getResults();
  return p.resolveOperands(operands, fnType.getInputs(), state.operands);
}

/// `return` or `return %a, %b : T, U`
bool parseReturnOp(Parser &p, OperationState &state) {
  std::vector<UnresolvedOperand> operands;
  if (!p.parseOperandList(operands) || !p.parseOptionalAttrDict(state.attrs))
    return false;
  if (operands.empty())
    return true;
  std::vector<Type> types;
  Location typeLoc = p.getLoc();
  if (!p.expect(Tok::Colon, "':'") || !p.parseTypeList(types))
    return false;
  if (types.size() != operands.size())
    return p.emitError(typeLoc, std::to_string(operands.size()) +
                                    " operands present, but expected " +
                                    std::to_string(types.size()));
  return p.resolveOperands(operands, types, state.operands);
}

} // namespace

void registerFuncOpParsers(OpParserRegistry &r) {
  r.add("func.func", parseFuncOp);
  r.add("func.call", parseCallOp);
  r.add("func.return", parseReturnOp);
  r.addAlias("func", "func.func");
  // Unprefixed `call` is only a func op in old-style files; in MLIR 19
  // files it resolves through the func body's default dialect alone.
  r.addLegacyAlias("call", "func.call");
  r.addLegacyAlias("return", "func.return");
}

} // namespace affjit
