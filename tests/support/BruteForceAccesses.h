// Test support for the memref region and bounds check tests: parsing a
// module from text, and the elements every affine access of a function
// touches, found by executing the loop structure (affine.for with min/max
// bounds and steps, affine.if with else, affine.apply, arith.constant index
// values) instead of by any polyhedral analysis.
#pragma once

#include "frontend/ir/Diagnostics.h"
#include "frontend/ir/IR.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace affjit::test {

struct ParsedModule {
  SourceBuffer source;
  std::unique_ptr<Module> module;
  /// The first func.func of the module.
  Operation *func() const;
};

/// Parses and verifies `text`; null (with the diagnostics in `errors`) on
/// failure.
std::unique_ptr<ParsedModule> parseModuleText(const std::string &text,
                                              std::string *errors = nullptr);

/// parseModuleText for an input that must parse: a failure is a test
/// failure naming the errors and the text (and null is returned).
std::unique_ptr<ParsedModule> expectParsed(const std::string &text);

/// One element touched by one execution of an access.
struct AccessPoint {
  /// Values of the affine.for induction variables around the access,
  /// outermost first.
  std::vector<int64_t> ivs;
  std::vector<int64_t> index;
  /// Position in the execution of the whole function (which of two points
  /// came first).
  uint64_t time = 0;
};

/// Per access op (affine.load/store/vector_load/vector_store), every element
/// it touches in execution order (a vector access: all its elements).
using AccessTrace = std::map<Operation *, std::vector<AccessPoint>>;

/// Runs the loop structure of `func`; nullopt if a bound or subscript needs
/// a value the interpreter does not know (a function argument, ...) or more
/// than `maxPoints` elements are touched.
std::optional<AccessTrace> traceAccesses(Operation *func,
                                         size_t maxPoints = 1000000);

/// True where the loop domain of `op` over-approximates its executed
/// iterations: in the else-region of an affine.if whose condition is not one
/// inequality (its complement is not convex), and in a stepped loop whose
/// lower bound is a max of several values (the stride's origin is one of
/// them).
bool isOverApproximated(Operation *op);

/// The affine access ops of `func` in program order.
std::vector<Operation *> affineAccessOps(Operation *func);

} // namespace affjit::test
