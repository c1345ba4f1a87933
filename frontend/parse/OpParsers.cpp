// The custom-syntax op parser registry, filled once from every dialect.
#include "frontend/parse/OpParsers.h"

#include <set>

namespace affjit {

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
