// The arith and math op tables shared by their parsers, printers and
// verifiers: each op's syntactic shape, the element kind its operands must
// have, and which flag attribute (fastmath, overflow) it carries. One table
// keeps the three in agreement.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace affjit {

enum class ArithShape {
  Binary,   // %a, %b : T
  Unary,    // %a : T
  Ternary,  // %a, %b, %c : T (math.fma)
  Cast,     // %a : T to U
  CmpI,     // pred, %a, %b : T
  CmpF,     // pred, %a, %b : T
  Select,   // %c, %a, %b : T
  Constant, // value
  // Two results: `%a, %b : T` (mul*_extended: low and high halves, both T)
  // or `%a, %b : T, U` (addui_extended: the sum and its i1-like carry).
  Extended,
};

enum class ElemKind { Int, Float, IntOrIndex, Any };

enum class FlagAttr { None, FastMath, Overflow };

struct ArithOpInfo {
  std::string_view name;
  ArithShape shape;
  ElemKind operandKind;
  FlagAttr flags;
};

/// `{affjit.ordered}` on a float op: a pass has put its operands in the
/// order it needs (the `reassociate` pass's loop-carried term last), so
/// LLVM may not reassociate it, even under --fast-math. A discardable
/// attribute: mlir-opt keeps it and ignores it.
inline constexpr const char *kOrderedAttrName = "affjit.ordered";

/// True if the `fastmath` attribute text `attr` (`#arith.fastmath<...>`,
/// `#vector.fastmath<...>` or just the flags) names `flag` (`reassoc`,
/// `contract`, ...) or `fast`, which implies them all.
bool fastMathAttrHas(std::string_view attr, std::string_view flag);

/// The entry for a full op name (`arith.addf`, `math.sqrt`), or null.
const ArithOpInfo *lookupArithOp(std::string_view name);
/// Every entry, for registration.
const ArithOpInfo *arithOpsBegin();
const ArithOpInfo *arithOpsEnd();

/// Names of arith.cmpi / arith.cmpf predicates, indexed by their value.
extern const char *const kCmpIPredicates[10];
extern const char *const kCmpFPredicates[16];

/// The canonical text of a set of arith flags as MLIR prints them (bits in
/// declaration order; `none`, and `fast` for all fast-math flags), or
/// nullopt if a name is not a flag of that kind. Fast-math flags join with
/// ",", overflow flags with ", ".
std::optional<std::string>
canonicalFlags(FlagAttr kind, const std::vector<std::string> &names);
/// The error message for an unknown flag of `kind`.
std::string unknownFlagMessage(FlagAttr kind);

/// arith::AtomicRMWKind names in enum order: affine.parallel's `reductions`
/// stores these values.
inline constexpr int kNumAtomicRMWKinds = 15;
extern const char *const kAtomicRMWKinds[kNumAtomicRMWKinds];

} // namespace affjit
