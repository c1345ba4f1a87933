// The custom-syntax op parser registry, filled once from every dialect.
#include "frontend/parse/OpParsers.h"

#include <set>

namespace affjit {

bool customOpError(Parser &p, const OperationState &state, const Location &loc,
                   const std::string &msg) {
  return p.emitError(loc, "custom op '" + state.name + "' " + msg);
}

bool parseRankedMemRefType(Parser &p, const OperationState &state, Type &t) {
  Location loc = p.getLoc();
  if (!p.parseType(t))
    return false;
  if (!t.isMemRef())
    return customOpError(p, state, loc, "invalid kind of type specified");
  return true;
}

const OpParserRegistry &OpParserRegistry::get() {
  static const OpParserRegistry registry = [] {
    OpParserRegistry r;
    registerFuncOpParsers(r);
    registerArithOpParsers(r);
    registerAffineOpParsers(r);
    registerMemRefOpParsers(r);
    registerVectorOpParsers(r);
    registerScfOpParsers(r);
    registerMemRefAtomicOpParsers(r);
    registerControlFlowOpParsers(r);
    return r;
  }();
  return registry;
}

OpParseFn OpParserRegistry::lookup(std::string_view name) const {
  auto it = parsers.find(std::string(name));
  return it == parsers.end() ? nullptr : it->second;
}

std::string_view OpParserRegistry::resolveAlias(std::string_view name) const {
  auto it = aliases.find(std::string(name));
  return it == aliases.end() ? std::string_view() : it->second;
}

std::string_view
OpParserRegistry::resolveLegacyAlias(std::string_view name) const {
  auto it = legacyAliases.find(std::string(name));
  return it == legacyAliases.end() ? std::string_view() : it->second;
}

} // namespace affjit

namespace affjit {

bool OpParserRegistry::isKnownDialect(std::string_view dialect) const {
  for (const auto &[name, fn] : parsers)
    if (dialectOfOpName(name) == dialect)
      return true;
  return false;
}

std::vector<std::string> OpParserRegistry::dialects() const {
  std::set<std::string> out;
  for (const auto &[name, fn] : parsers)
    out.insert(std::string(dialectOfOpName(name)));
  return {out.begin(), out.end()};
}

} // namespace affjit
