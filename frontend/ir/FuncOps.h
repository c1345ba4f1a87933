// Typed views of the func dialect's ops and of arith.constant, which
// passes create for bounds and indices: func.func (name, type, body),
// func.return, arith.constant.
#pragma once

#include "frontend/ir/Ops.h"

#include <string>
#include <string_view>
#include <vector>

namespace affjit {

/// The attribute the alias guard (frontend/transform/AliasGuard.h) puts on
/// the two versions of a function it dispatches to: "optimized", and
/// "as_written" for the code that runs when memref arguments overlap.
/// Neither is a function the user wrote.
inline constexpr char kAliasVersionAttr[] = "affjit.alias_version";

/// Whether `func` is one of the alias guard's versions of a function (and
/// which, when `version` is given).
bool isAliasGuardVersion(const Operation *func, std::string_view version = {});

namespace opname {
inline constexpr char FuncFunc[] = "func.func";
inline constexpr char FuncReturn[] = "func.return";
inline constexpr char ArithConstant[] = "arith.constant";
} // namespace opname

/// `func.func @name(args) -> results { body }` or a declaration.
class FuncOp : public NamedOpView<opname::FuncFunc> {
public:
  using NamedOpView::NamedOpView;
  /// A definition whose entry block takes the inputs of `type` (and is
  /// otherwise empty: the caller adds the body and its func.return), or a
  /// declaration when `isDeclaration` (which MLIR requires to be private).
  static FuncOp create(OpBuilder &b, std::string_view name, Type type,
                       bool isDeclaration = false);
  const std::string &getName() const;
  Type getFunctionType() const;
  bool isDeclaration() const { return op->getRegion(0).empty(); }
  /// The entry block; null for a declaration.
  Block *getBody() const;
  std::vector<Value *> getArguments() const;
};

/// `func.return %a, %b : T, U`.
class ReturnOp : public NamedOpView<opname::FuncReturn> {
public:
  using NamedOpView::NamedOpView;
  static ReturnOp create(OpBuilder &b, std::vector<Value *> values = {});
};

/// `arith.constant V : T`.
class ConstantOp : public NamedOpView<opname::ArithConstant> {
public:
  using NamedOpView::NamedOpView;
  /// `value` is a typed attribute (Attribute::integer, ::floating, ...).
  static ConstantOp create(OpBuilder &b, Attribute value);
  static ConstantOp createIndex(OpBuilder &b, int64_t v) {
    return create(b, Attribute::index(v));
  }
  Attribute getValue() const { return op->getAttr("value"); }
  Value *getResult() const { return op->getResult(0); }
};

} // namespace affjit
