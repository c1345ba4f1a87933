// The registry of custom-syntax op parsers, filled by one file per dialect
// (AffineOpsParser.cpp, ArithOpsParser.cpp, ...). An op parser is called
// after the op name has been consumed; it fills `state` (operands, result
// types, attributes, regions) exactly as MLIR's generic form of that op.
#pragma once

#include "frontend/parse/Parser.h"

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace affjit {

using OpParseFn = bool (*)(Parser &, OperationState &);

class OpParserRegistry {
public:
  static const OpParserRegistry &get();
  /// The parser for full op name `name`, or null if the op is unknown.
  OpParseFn lookup(std::string_view name) const;
  /// Maps old or unprefixed spellings (`constant`, `addf`, `alloc`, `dim`)
  /// to the full name; returns empty if `name` is not an alias.
  std::string_view resolveAlias(std::string_view name) const;
  /// Old spellings valid only in files written in the old style (after a
  /// `func @f`): `call` is not a func-body-only name there.
  std::string_view resolveLegacyAlias(std::string_view name) const;
  bool isKnown(std::string_view name) const { return lookup(name) != nullptr; }
  /// Whether `dialect` has ops here: an op name of another dialect is an
  /// unregistered op, kept as an opaque op; an unknown name in one of these
  /// is an error.
  bool isKnownDialect(std::string_view dialect) const;
  /// The dialects with ops here, sorted: what error messages list.
  std::vector<std::string> dialects() const;
  /// Every op with a custom-syntax parser, sorted.
  std::vector<std::string> names() const { return sortedOpNames(parsers); }

  void add(std::string name, OpParseFn fn) { parsers[std::move(name)] = fn; }
  void addAlias(std::string alias, std::string name) {
    aliases[std::move(alias)] = std::move(name);
  }
  void addLegacyAlias(std::string alias, std::string name) {
    legacyAliases[std::move(alias)] = std::move(name);
  }

private:
  std::unordered_map<std::string, OpParseFn> parsers;
  std::unordered_map<std::string, std::string> aliases;
  std::unordered_map<std::string, std::string> legacyAliases;
};

/// An error an op's own syntax raises, with MLIR's `custom op 'NAME'`
/// prefix.
bool customOpError(Parser &p, const OperationState &state, const Location &loc,
                   const std::string &msg);
/// `type($x)` of an operand ODS declares as a ranked memref: MLIR rejects
/// other kinds of type while parsing.
bool parseRankedMemRefType(Parser &p, const OperationState &state, Type &t);

// One registration function per dialect file.
void registerFuncOpParsers(OpParserRegistry &r);
void registerArithOpParsers(OpParserRegistry &r);
void registerAffineOpParsers(OpParserRegistry &r);
void registerMemRefOpParsers(OpParserRegistry &r);
void registerVectorOpParsers(OpParserRegistry &r);
void registerScfOpParsers(OpParserRegistry &r);
void registerMemRefAtomicOpParsers(OpParserRegistry &r);
void registerControlFlowOpParsers(OpParserRegistry &r);

} // namespace affjit
