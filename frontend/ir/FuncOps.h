// Typed views of the func dialect's ops and of the arith ops that passes
// create or match: func.func (name, type, body), func.call, func.return,
// arith.constant, arith.cmpi / arith.cmpf and the fast-math flags.
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
inline constexpr char FuncCall[] = "func.call";
inline constexpr char FuncReturn[] = "func.return";
inline constexpr char ArithConstant[] = "arith.constant";
inline constexpr char ArithCmpI[] = "arith.cmpi";
inline constexpr char ArithCmpF[] = "arith.cmpf";
} // namespace opname

/// The names of the func ops' inherent attributes (func.func's name and
/// visibility are the symbol attributes of IR.h).
namespace attrname::func {
inline constexpr char FunctionType[] = "function_type";
/// Per-argument and per-result attribute dictionaries (optional).
inline constexpr char ArgAttrs[] = "arg_attrs";
inline constexpr char ResAttrs[] = "res_attrs";
/// Asks for a `_mlir_ciface_` wrapper, as MLIR's LLVM lowering does.
inline constexpr char EmitCInterface[] = "llvm.emit_c_interface";
inline constexpr char Callee[] = "callee";
} // namespace attrname::func

/// The names of the arith ops' attributes (ArithOpTable.h says which op
/// carries which flags).
namespace attrname::arith {
inline constexpr char Value[] = "value";
inline constexpr char Predicate[] = "predicate";
inline constexpr char FastMath[] = "fastmath";
inline constexpr char OverflowFlags[] = "overflowFlags";
} // namespace attrname::arith

/// `func.func @name(args) -> results { body }` or a declaration. Its name
/// and visibility are the symbol attributes of IR.h.
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
  bool hasEmitCInterface() const;
  void setSymName(std::string_view name);
  void setPrivate();

  /// The raw attributes, null when absent, for the verifier and printer.
  Attribute getSymNameAttr() const { return getSymbolNameAttr(*op); }
  Attribute getSymVisibilityAttr() const {
    return getSymbolVisibilityAttr(*op);
  }
  Attribute getFunctionTypeAttr() const;
  Attribute getArgAttrsAttr() const;
  Attribute getResAttrsAttr() const;
};

/// `func.call @callee(args) : (T) -> U`.
class CallOp : public NamedOpView<opname::FuncCall> {
public:
  using NamedOpView::NamedOpView;
  static CallOp create(OpBuilder &b, std::string_view callee,
                       std::vector<Value *> args, std::vector<Type> results);
  const std::string &getCallee() const { return getCalleeAttr().getString(); }
  /// The symbol reference; null when absent, for the verifier.
  Attribute getCalleeAttr() const;
  std::vector<Value *> getResults() const { return op->getResults(); }
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
  /// Null when absent (only before verification).
  Attribute getValue() const { return op->getAttr(attrname::arith::Value); }
  Value *getResult() const { return op->getResult(0); }
};

/// The shared accessors of arith.cmpi and arith.cmpf: a predicate, whose
/// number indexes kCmpIPredicates / kCmpFPredicates, and two operands.
template <const char *Name> class ArithCmpOpView : public NamedOpView<Name> {
public:
  using NamedOpView<Name>::NamedOpView;
  int64_t getPredicate() const { return getPredicateAttr().getInt(); }
  /// Null when absent, for the verifier.
  Attribute getPredicateAttr() const {
    return this->op->getAttr(attrname::arith::Predicate);
  }
  Value *getLhs() const { return this->op->getOperand(0); }
  Value *getRhs() const { return this->op->getOperand(1); }
};

class CmpIOp : public ArithCmpOpView<opname::ArithCmpI> {
public:
  using ArithCmpOpView::ArithCmpOpView;
};

class CmpFOp : public ArithCmpOpView<opname::ArithCmpF> {
public:
  using ArithCmpOpView::ArithCmpOpView;
};

/// The fast-math flags of the arith and math ops that carry them
/// (FlagAttr::FastMath in ArithOpTable.h: addf, mulf, cmpf, ...), after
/// MLIR's ArithFastMathInterface.
class ArithFastMathOp : public OpView {
public:
  using OpView::OpView;
  static bool classof(const Operation *op);
  /// `#arith.fastmath<...>`; null when the op has none.
  Attribute getFastMathAttr() const {
    return op->getAttr(attrname::arith::FastMath);
  }
  /// Whether the flags name `flag` (`reassoc`, `nnan`, ...) or `fast`.
  bool hasFastMathFlag(std::string_view flag) const;
};

} // namespace affjit
