// Private to the parser's source files (Parser.cpp and the Parse*.cpp
// files): the parser's state (Parser::Impl), SSA value scopes, the nesting
// limit, and the few helpers one part of the parser lends another.
#pragma once

#include "frontend/parse/Parser.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace affjit {

namespace parser_impl {
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

/// RAII guard for the nesting limit.
struct NestingGuard {
  unsigned &depth;
  explicit NestingGuard(unsigned &d) : depth(d) { ++depth; }
  ~NestingGuard() { --depth; }
  bool tooDeep() const { return depth > kMaxNesting; }
};

/// Decodes the body of a string token (without quotes) with MLIR's escapes.
std::string unescapeString(std::string_view body);

/// Returns true if the current token can start a type.
bool startsType(const Token &t);

/// `dense<...>` at the current token (`dense`), typed by `type` when the
/// context gives it, else by the `: type` that follows.
bool parseDenseElementsAttr(Parser &p, Type type, Attribute &out);

/// Reports the first use of a name that was never defined.
bool checkNoForwardRefs(Parser &p, const ValueScope &scope);

/// Defines `name` in the innermost scope; redefinition within the same
/// isolated region is an error, as in MLIR.
bool defineValue(Parser &p, std::vector<ValueScope> &scopes,
                 const std::string &name, std::vector<Value *> values,
                 const Location &loc);

} // namespace parser_impl

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
  std::vector<parser_impl::ValueScope> scopes;
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

} // namespace affjit
