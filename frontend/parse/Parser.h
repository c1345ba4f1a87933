// The MLIR text parser: module structure, `#map`/`#set`/`!type` aliases,
// types, attributes, SSA values with scoping, regions, and operations in the
// generic form. Operations in custom syntax are parsed by per-dialect
// functions (OpParsers.h) through this class's public API, like MLIR's
// OpAsmParser. Failure convention: functions return false after reporting an
// error; parsing stops at the first error.
#pragma once

#include "frontend/ir/Diagnostics.h"
#include "frontend/ir/IR.h"
#include "frontend/ir/OperationState.h"
#include "frontend/parse/Lexer.h"

#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace affjit {

/// Parses `source` into a module; null (with errors in `diag`) on failure.
std::unique_ptr<Module> parseModule(const SourceBuffer &source,
                                    DiagnosticEngine &diag);

/// `#name = ...` and `!name = ...` aliases carried from one parse to the
/// next, as the REPL's chunks of input need: a chunk sees the aliases of
/// earlier ones and may redefine them.
struct AliasTable {
  std::unordered_map<std::string, Attribute> attrs;
  std::unordered_map<std::string, Type> types;
};

/// parseModule starting with `aliases` defined; on success `aliases` gets
/// the chunk's own definitions too.
std::unique_ptr<Module> parseModule(const SourceBuffer &source,
                                    DiagnosticEngine &diag,
                                    AliasTable &aliases);

/// A use of an SSA value not yet resolved against a type.
struct UnresolvedOperand {
  std::string name; // with '%'
  unsigned resultNo = 0;
  Location loc;
};

/// A block argument declared by a custom syntax (`%i` in affine.for).
struct BlockArgDecl {
  UnresolvedOperand id;
  Type type;
};

class Parser {
public:
  Parser(const SourceBuffer &source, DiagnosticEngine &diag);
  ~Parser();
  std::unique_ptr<Module> parseTopLevel();
  /// Aliases defined before the text: usable, and redefinable once.
  void inheritAliases(const AliasTable &aliases);
  /// Every alias known after parsing.
  AliasTable getAliases() const;

  //===-- tokens ----------------------------------------------------------===//
  const Token &tok() const { return cur; }
  Location getLoc() const { return locOf(cur.offset); }
  Location locOf(size_t offset) const;
  void consume();
  bool consumeIf(Tok k);
  bool consumeKeyword(std::string_view kw);
  bool isKeyword(std::string_view kw) const { return cur.isKeyword(kw); }
  /// Requires token `k`; reports "expected <what>" otherwise.
  bool expect(Tok k, std::string_view what);
  bool expectKeyword(std::string_view kw);
  /// Reports an error at the current token (or `loc`); always false.
  bool emitError(std::string msg);
  bool emitError(const Location &loc, std::string msg);
  /// Where MLIR reports a wrong token at `offset`: just past the last
  /// non-blank character before it (skipping blank lines and comments).
  size_t wrongTokenOffset(size_t offset) const;
  bool undefinedAliasError();
  /// `strided<[s0, 1], offset: o>` or an alias of one.
  bool parseStridedLayoutOrAlias(std::vector<int64_t> &strides,
                                 int64_t &offset);
  /// `loc(...)`: source locations are accepted and dropped (mlir-opt does
  /// not print them by default either).
  bool skipLocation();
  /// An optional trailing `loc(...)`.
  bool parseOptionalLocation() { return !isKeyword("loc") || skipLocation(); }

  //===-- elements --------------------------------------------------------===//
  bool parseType(Type &t);
  bool parseColonType(Type &t);
  /// `t1, t2, ...` (at least one).
  bool parseTypeList(std::vector<Type> &types);
  /// `:` type-list, or `: (t1, t2)`.
  bool parseColonTypeList(std::vector<Type> &types);
  /// Function result types: `t` or `(t1, t2)` or `()`.
  bool parseFunctionResultTypes(std::vector<Type> &types);
  /// `hint` is the type the context gives: a number without `: type` gets
  /// it, and a dense literal then has no `: type` after it.
  bool parseAttribute(Attribute &a, Type hint = Type());
  /// Optional `{name = attr, ...}`.
  bool parseOptionalAttrDict(std::vector<NamedAttribute> &attrs);
  /// Optional `attributes {...}`.
  bool parseOptionalAttrDictWithKeyword(std::vector<NamedAttribute> &attrs);
  bool parseInteger(int64_t &v);
  /// An integer with an optional leading '-'.
  bool parseSignedInteger(int64_t &v);
  /// A bare identifier or keyword; its spelling in `s`.
  bool parseKeyword(std::string &s, std::string_view what = "keyword");
  bool parseString(std::string &s);
  /// `affine_map<...>` or a `#alias` naming one.
  bool parseAffineMapRef(AffineMap &m);
  /// `affine_set<...>` or a `#alias` naming one.
  bool parseIntegerSetRef(IntegerSet &s);
  /// After `[` (or `(`) has been consumed: the SSA-id affine map form up to
  /// the matching closing bracket, which is consumed too. Dims then symbols
  /// are appended to `operands` in map order.
  bool parseAffineMapOfSSAIds(AffineMap &map,
                              std::vector<UnresolvedOperand> &operands,
                              char closing = ']');
  /// affine.parallel bounds: `(e, max(e, e), ...)` including the parens.
  bool parseAffineBoundGroups(std::string_view kind, AffineMap &map,
                              std::vector<UnresolvedOperand> &operands,
                              std::vector<int32_t> &groups);

  //===-- SSA values ------------------------------------------------------===//
  bool isOperand() const { return cur.is(Tok::PercentId); }
  bool parseOperand(UnresolvedOperand &op);
  /// The name a region argument declares (`%i`): as an operand, but
  /// without a result number (`%i#0`).
  bool parseArgument(UnresolvedOperand &op);
  /// `%a, %b, ...` (possibly empty when `allowEmpty`).
  bool parseOperandList(std::vector<UnresolvedOperand> &ops,
                        bool allowEmpty = true);
  /// Resolves a use; checks `type` against the value's type when given.
  bool resolveOperand(const UnresolvedOperand &op, Type type,
                      std::vector<Value *> &out);
  bool resolveOperands(const std::vector<UnresolvedOperand> &ops,
                       const std::vector<Type> &types,
                       std::vector<Value *> &out);
  /// Resolves all to one type.
  bool resolveOperands(const std::vector<UnresolvedOperand> &ops, Type type,
                       std::vector<Value *> &out);
  /// Resolves without a type check; the value's own type is used.
  bool lookupValue(const UnresolvedOperand &op, Value *&out);

  //===-- regions ---------------------------------------------------------===//
  /// `{ ops }` with the entry block taking `args`. When `implicitTerminator`
  /// is non-empty, a body without a terminator gets that op appended
  /// (affine.for/if/parallel bodies in custom syntax). `isolated` hides
  /// outer values (func.func bodies). Unprefixed op names inside resolve
  /// against `defaultDialect` (MLIR's OpAsmOpInterface::getDefaultDialect:
  /// "func" directly inside func.func, nothing inside other ops).
  bool parseRegion(Region &region, const std::vector<BlockArgDecl> &args,
                   std::string_view implicitTerminator = {},
                   bool isolated = false, std::string_view defaultDialect = {});
  /// A region that may be absent: returns true with `present` false if the
  /// next token is not `{`.
  bool parseOptionalRegion(Region &region, bool &present,
                           std::string_view implicitTerminator = {});

  const std::string &getDefaultDialectForParse() const {
    return defaultDialect;
  }
  /// Old-style `func @f` switches on the seeds' era spellings in which
  /// std ops (`call`) were unprefixed everywhere, not just in func bodies.
  void enableLegacySpellings() { legacySpellings = true; }
  bool legacySpellingsEnabled() const { return legacySpellings; }

  struct ImplAccess;

private:
  /// A placeholder for a use of a value defined later in the region.
  Value *forwardReference(const UnresolvedOperand &op, Type type);
  struct Impl;
  std::unique_ptr<Impl> impl;
  Token cur;
  std::string defaultDialect;
  bool legacySpellings = false;
  friend struct Impl;
};

} // namespace affjit
