// The SSA-value part of the MLIR text parser: operand uses (`%x`, `%x#2`),
// value scopes per region (isolated ones hide outer values), resolution
// against expected types, and forward references within a region, resolved
// when the definition comes or reported at the end.
#include "frontend/parse/ParserImpl.h"

#include <cctype>
#include <charconv>

namespace affjit {

using parser_impl::ForwardRef;
using parser_impl::ValueScope;

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

bool Parser::parseArgument(UnresolvedOperand &op) {
  if (cur.is(Tok::PercentId)) {
    size_t hash = cur.spelling.find('#');
    if (hash != std::string_view::npos)
      return emitError(locOf(cur.offset + hash),
                       "result number not allowed in argument list");
  }
  return parseOperand(op);
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

bool parser_impl::checkNoForwardRefs(Parser &p, const ValueScope &scope) {
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

bool parser_impl::defineValue(Parser &p, std::vector<ValueScope> &scopes,
                              const std::string &name,
                              std::vector<Value *> values,
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

} // namespace affjit
