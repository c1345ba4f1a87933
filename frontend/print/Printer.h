// The MLIR text printer: prints a module in MLIR's custom syntax (or, on
// request, the generic form) so that mlir-opt 19 parses it to the same
// program. Value names are assigned like mlir-opt does (%arg0, %0, ...).
// Custom syntax of each op comes from per-dialect functions (OpPrinters.h)
// that use this class's API, like MLIR's OpAsmPrinter.
#pragma once

#include "frontend/ir/IR.h"

#include <memory>
#include <ostream>
#include <string>
#include <unordered_map>
#include <vector>

namespace affjit {

struct PrintOptions {
  bool generic = false; // print every op in the generic form
};

void printModule(const Module &module, std::ostream &os,
                 const PrintOptions &options = {});
void printOperation(Operation &op, std::ostream &os,
                    const PrintOptions &options = {});
/// The results of `map` in the SSA-id form of affine.load/store indices,
/// d<i> and s<i> replaced by `dimNames[i]` and `symbol(symNames[i])`.
void printAffineMapOfSSAIds(std::ostream &os, const AffineMap &map,
                            const std::vector<std::string> &dimNames,
                            const std::vector<std::string> &symNames);

class Printer {
public:
  Printer(std::ostream &os, const PrintOptions &options);
  std::ostream &os() { return out; }

  /// Prints `op` (custom form if it has one) at the current indentation,
  /// including `%results = `, without a trailing newline.
  void printOp(Operation &op);
  void printGenericOp(Operation &op);

  /// Writes the op's name without the dialect prefix where the enclosing
  /// region's default dialect allows it (`return` in func.func bodies).
  void printOpName(Operation &op);
  void printOperand(Value *v);
  /// `%a, %b, ...`
  void printOperands(const std::vector<Value *> &vs);
  void printType(Type t) { t.print(out); }
  void printTypes(const std::vector<Type> &ts); // `t1, t2`
  /// `-> t` or `-> (t1, t2)` style: `t` for one non-function type.
  void printFunctionResults(const std::vector<Type> &ts);
  void printAttribute(Attribute a) { a.print(out); }
  /// ` {a = 1, ...}` without the names in `elided`; nothing if empty.
  void printOptionalAttrDict(const std::vector<NamedAttribute> &attrs,
                             const std::vector<std::string> &elided = {});
  /// ` attributes {…}` form.
  void
  printOptionalAttrDictWithKeyword(const std::vector<NamedAttribute> &attrs,
                                   const std::vector<std::string> &elided = {});
  /// `affine_map<...>` (inline).
  void printAffineMap(const AffineMap &m);
  /// The SSA-id form of affine.load/store indices: `%i + 3, symbol(%n)`.
  void printAffineMapOfSSAIds(const AffineMap &m,
                              const std::vector<Value *> &operands);
  /// `{ ... }` with nested ops indented. The entry block's arguments are
  /// printed as `^bb0(...)` only if `printEntryArgs`; the terminator is
  /// omitted when `printTerminator` is false and it has no operands.
  void printRegion(Region &r, bool printEntryArgs = false,
                   bool printTerminator = true);
  /// Declares `v` with its name (for block arguments printed by custom
  /// syntax, e.g. `%arg3` of affine.for): the printer numbers it now.
  void printBlockArgName(Value *v) { printOperand(v); }
  /// Sets the base indentation (in levels of two spaces).
  void indentBy(unsigned levels) { indent = levels; }

private:
  std::string nameOf(Value *v);
  void printNewlineAndIndent();

  std::ostream &out;
  PrintOptions options;
  unsigned indent = 0;
  std::string defaultDialect;
  std::unordered_map<Value *, std::string> names;
  unsigned nextValueId = 0, nextArgId = 0;
};

} // namespace affjit
